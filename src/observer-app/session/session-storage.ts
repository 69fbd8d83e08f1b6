import type { ObserverSession } from "./observer-session.machine";

const KEY = "observer-session";

/** The session survives closing the app for the whole shift: the token and its end, in localStorage. */
export function createSessionStorage(storage: Pick<Storage, "getItem" | "setItem" | "removeItem">) {
  return {
    read(): ObserverSession | null {
      try {
        const stored = JSON.parse(storage.getItem(KEY) ?? "null") as ObserverSession | null;
        return stored && typeof stored.token === "string" && typeof stored.expiresAt === "number" ? stored : null;
      } catch {
        return null;
      }
    },
    write: (session: ObserverSession) => storage.setItem(KEY, JSON.stringify(session)),
    clear: () => storage.removeItem(KEY),
  };
}
