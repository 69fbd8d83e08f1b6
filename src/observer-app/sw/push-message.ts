/** What the service worker tells open windows when a push arrived (they sync to fetch the inbox). */
export const PUSH_RECEIVED = "observer-push-received";

/** A pushed notification as the server sends it: JSON with a title and a body (see server/src/notifications). */
export function notificationOf(data: string | null): { title: string; options: NotificationOptions } {
  let title = "Vote Monitor";
  let body = "";
  try {
    const message = JSON.parse(data ?? "{}") as { title?: unknown; body?: unknown };
    if (typeof message.title === "string" && message.title) title = message.title;
    if (typeof message.body === "string") body = message.body;
  } catch {
    body = data ?? "";
  }
  return { title, options: { body, icon: "/observer/icons/icon-192.png", tag: "observer-inbox", data: { url: "/observer/inbox" } } };
}
