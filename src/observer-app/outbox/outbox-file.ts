import type { OutboxItem } from "./outbox-item";

/** The file an observer hands to staff when the phone cannot send: every item the server does not have, as sent. */
export function outboxFile(items: readonly OutboxItem[], phone: string, now: Date): { name: string; blob: Blob } {
  const unsent = items.filter((item) => item.state !== "sent");
  const content = { format: "vote-monitor-outbox", version: 1, observerPhone: phone, savedAt: now.toISOString(), items: unsent };
  const stamp = now.toISOString().slice(0, 16).replace(/[-:T]/g, "");
  return { name: `outbox-${phone}-${stamp}.json`, blob: new Blob([JSON.stringify(content, null, 2)], { type: "application/json" }) };
}

/** Saves a file through the browser's download (the phone's Downloads folder). */
export function saveFile({ name, blob }: { name: string; blob: Blob }): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
