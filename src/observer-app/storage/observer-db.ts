import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import type { OutboxItem } from "../outbox/outbox-item";

/**
 * The phone's copy of everything the observer needs and gives: the outbox (what waits for the server) and a
 * key-value store (the session's round, the reference data, the answers given, the inbox). IndexedDB survives a
 * closed tab, a crash and a restart; each write is committed before the app says it is kept.
 */
interface ObserverDbSchema extends DBSchema {
  outbox: { key: string; value: OutboxItem; indexes: { byDedupeKey: string } };
  kv: { key: string; value: unknown };
}

export type ObserverDb = IDBPDatabase<ObserverDbSchema>;

export const OBSERVER_DB_NAME = "observer-app";

export function openObserverDb(name = OBSERVER_DB_NAME): Promise<ObserverDb> {
  return openDB<ObserverDbSchema>(name, 1, {
    upgrade(db) {
      const outbox = db.createObjectStore("outbox", { keyPath: "id" });
      outbox.createIndex("byDedupeKey", "dedupeKey");
      db.createObjectStore("kv");
    },
  });
}

export async function readValue<T>(db: ObserverDb, key: string): Promise<T | undefined> {
  return (await db.get("kv", key)) as T | undefined;
}

export async function writeValue(db: ObserverDb, key: string, value: unknown): Promise<void> {
  await db.put("kv", value, key);
}

/** Empties the phone's copy after a sign-out (the session machine allows one only when nothing is left unsent). */
export async function forgetObserverData(db: ObserverDb): Promise<void> {
  const transaction = db.transaction(["outbox", "kv"], "readwrite");
  await Promise.all([transaction.objectStore("outbox").clear(), transaction.objectStore("kv").clear(), transaction.done]);
}
