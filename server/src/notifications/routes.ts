import type { Admin } from "../auth/principal.ts";
import { scopeOf } from "../auth/scope.ts";
import type { AppDependencies } from "../deps.ts";
import { json, type AdminHandlers, type JsonResponseOf, roundIdOf } from "../http/handler.ts";
import { pageBody } from "../http/paging.ts";
import { idempotencyKeyOf } from "../idempotency.ts";
import type { Audience } from "./audience.ts";
import { listNotificationHistory, listRecipients } from "./history.ts";
import { outboxProvider, type NotificationDelivery } from "./provider.ts";
import { recordNotification, type Compose } from "./record.ts";

// A server built without delivery (tools, some benchmarks) records to the outbox; nothing pushes then.
const recordOnly: NotificationDelivery = { provider: outboxProvider, wake: () => {} };
const delivery = (deps: AppDependencies) => deps.notifications ?? recordOnly;

async function send(deps: AppDependencies, roundId: number, admin: Admin, request: Request, audience: Audience, compose: Compose) {
  const idempotencyKey = idempotencyKeyOf(request);
  const { provider, webPush, wake } = delivery(deps);
  const { replayed, result } = await recordNotification(deps.db, {
    roundId,
    admin,
    audience,
    compose: { channel: compose.channel, from: compose.from, title: compose.title, message: compose.message },
    provider: provider.name,
    webPush: webPush !== undefined,
    idempotencyKey,
    now: deps.clock(),
  });
  if (!replayed && result.reachable > 0) wake();
  return json(replayed ? 200 : 202, result satisfies JsonResponseOf<"sendNotification", 202>);
}

export const notificationHandlers: AdminHandlers = {
  sendNotification: ({ body, admin, round, deps, request }) =>
    send(deps, roundIdOf(round), admin, request, { kind: "selected", observerIds: body.recipients }, body),

  sendNotificationToAll: ({ body, admin, round, deps, request }) => send(deps, roundIdOf(round), admin, request, { kind: "all" }, body),

  listNotifications: async ({ query, admin, round, deps }) => {
    const paging = { page: query.page ?? 1, pageSize: query.pageSize ?? 20 };
    const { items, totalItems } = await listNotificationHistory(deps.db, scopeOf(admin), roundIdOf(round), paging);
    return json(200, pageBody(items, totalItems, paging) satisfies JsonResponseOf<"listNotifications", 200>);
  },

  listNotificationRecipients: async ({ path, query, admin, round, deps }) => {
    const paging = { page: query.page ?? 1, pageSize: query.pageSize ?? 20 };
    const { items, totalItems } = await listRecipients(deps.db, scopeOf(admin), roundIdOf(round), path.id, query.status, paging);
    return json(200, pageBody(items, totalItems, paging) satisfies JsonResponseOf<"listNotificationRecipients", 200>);
  },

  getNotificationProvider: ({ deps }) => {
    const { provider, webPush } = delivery(deps);
    return json(200, { provider: provider.name, webPush: webPush !== undefined } satisfies JsonResponseOf<"getNotificationProvider", 200>);
  },
};
