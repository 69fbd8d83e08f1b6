import type { ObserverDb } from "../storage/observer-db";
import { newClientId } from "./client-id";
import type { OutboxItem, OutboxPayload, OutboxSummary, Refusal } from "./outbox-item";

export interface NewItem {
  roundId: number;
  dedupeKey: string;
  urgent: boolean;
  summary: OutboxSummary;
  payload: OutboxPayload;
}

/** Every item, in the order they were made. */
export async function loadOutbox(db: ObserverDb): Promise<OutboxItem[]> {
  return (await db.getAll("outbox")).sort((a, b) => a.seq - b.seq);
}

/**
 * Puts a write in the outbox, committed before this resolves. A newer version of a write that never left the
 * phone (same key, not tried yet) replaces it, so a form changed ten times offline goes out once; a write that
 * may have reached the server stays as it was, and the new one queues after it.
 * `alsoWrite` runs in the same transaction (the answers kept beside their outbox item), so both or neither are kept.
 */
export async function enqueue(db: ObserverDb, item: NewItem, now: Date, alsoWrite?: { key: string; value: unknown }): Promise<OutboxItem> {
  const transaction = db.transaction(["outbox", "kv"], "readwrite");
  const outbox = transaction.objectStore("outbox");
  const all = await outbox.getAll();
  const untried = all.find((earlier) => earlier.dedupeKey === item.dedupeKey && earlier.state === "queued" && earlier.attempts === 0);
  const seq = Math.max(now.getTime(), ...all.map((earlier) => earlier.seq + 1));
  const stored: OutboxItem = untried
    ? { ...untried, urgent: item.urgent, summary: item.summary, payload: item.payload }
    : { ...item, id: newClientId(), seq, state: "queued", attempts: 0, createdAt: now.toISOString(), sentAt: null, refusal: null };
  await outbox.put(stored);
  if (alsoWrite) await transaction.objectStore("kv").put(alsoWrite.value, alsoWrite.key);
  await transaction.done;
  return stored;
}

/** Changes an item in one transaction; answers the item as stored, or null when it is gone (given up meanwhile). */
async function update(db: ObserverDb, id: string, change: (item: OutboxItem) => OutboxItem): Promise<OutboxItem | null> {
  const transaction = db.transaction("outbox", "readwrite");
  const item = await transaction.store.get(id);
  const changed = item ? change(item) : null;
  if (changed) await transaction.store.put(changed);
  await transaction.done;
  return changed;
}

/**
 * Counted before the request leaves: an item tried once may have reached the server, and is never replaced again.
 * Answers the item as it is now, which is what is sent: a newer version may have replaced the one read before.
 */
export const markSending = (db: ObserverDb, id: string) => update(db, id, (item) => ({ ...item, state: "sending", attempts: item.attempts + 1 }));
export const markQueued = (db: ObserverDb, id: string) => update(db, id, (item) => ({ ...item, state: "queued" }));
export const markSent = (db: ObserverDb, id: string, at: Date) => update(db, id, (item) => ({ ...item, state: "sent", sentAt: at.toISOString(), refusal: null }));
export const markRefused = (db: ObserverDb, id: string, refusal: Refusal) => update(db, id, (item) => ({ ...item, state: "refused", refusal }));
/** The observer asks for a refused item to be tried again (e.g. after staff reopened the station). */
export const retryRefused = (db: ObserverDb, id: string) => update(db, id, (item) => ({ ...item, state: "queued", refusal: null }));

/** The observer gives up a refused item (after saving it to a file, if they chose to). */
export async function discard(db: ObserverDb, id: string): Promise<void> {
  await db.delete("outbox", id);
}
