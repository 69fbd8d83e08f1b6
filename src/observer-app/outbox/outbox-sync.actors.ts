import { fromCallback, fromPromise } from "xstate";
import type { ObserverDb } from "../storage/observer-db";
import { nextToSend, type OutboxItem } from "./outbox-item";
import { loadOutbox, markQueued, markRefused, markSending, markSent } from "./outbox-store";
import type { OutboxSyncEvent, SendPass } from "./outbox-sync.machine";
import { sendItem, type SendOutcome } from "./send-item";
import type { ApiClient } from "../../api/client";

/** What the service worker posts when a push arrived (sw/push-message.ts; not imported: the worker shares no module). */
const PUSH_RECEIVED = "observer-push-received";

/** Tabs of one observer tell each other that the outbox changed (the other tab's list and sender wake up). */
export const OUTBOX_CHANNEL = "observer-outbox";

export interface OutboxSyncDependencies {
  api: ApiClient;
  db: ObserverDb;
  hasSession: () => boolean;
  refresh: (signal: AbortSignal) => Promise<void>;
  now?: () => Date;
}

/**
 * One tab sends at a time (Web Locks): two tabs of one observer would otherwise send the same item together. The
 * server's idempotency keys make that harmless; the lock makes it rare.
 */
function oneTabAtATime<T>(work: () => Promise<T>): Promise<T> {
  return navigator.locks ? navigator.locks.request("observer-outbox-sender", work) : work();
}

async function record(db: ObserverDb, item: OutboxItem, outcome: SendOutcome, now: Date): Promise<void> {
  if (outcome.kind === "sent") await markSent(db, item.id, now);
  else if (outcome.kind === "refused") await markRefused(db, item.id, outcome.refusal);
  else await markQueued(db, item.id);
}

export function createOutboxSyncActors({ api, db, hasSession, refresh, now = () => new Date() }: OutboxSyncDependencies) {
  const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(OUTBOX_CHANNEL) : null;
  return {
    loadOutbox: fromPromise<OutboxItem[]>(() => loadOutbox(db)),
    sendNext: fromPromise<SendPass>(({ signal }) =>
      oneTabAtATime(async () => {
        const items = await loadOutbox(db);
        const next = nextToSend(items);
        if (!next) return { outcome: { kind: "empty" }, items };
        if (!hasSession()) return { outcome: { kind: "unauthorized" }, items };
        // The item as marked, not as read: an edit in another tab may have replaced it in between.
        const sending = await markSending(db, next.id);
        if (!sending) return { outcome: { kind: "sent" }, items: await loadOutbox(db) };
        const outcome = await sendItem(api, sending, signal);
        await record(db, sending, outcome, now());
        channel?.postMessage("changed");
        return { outcome, items: await loadOutbox(db) };
      }),
    ),
    refresh: fromPromise<void>(({ signal }) => (hasSession() ? refresh(signal) : Promise.resolve())),
    wakeSignals: fromCallback<OutboxSyncEvent>(({ sendBack }) => {
      const online = () => sendBack({ type: "network.online" });
      const offline = () => sendBack({ type: "network.offline" });
      const visible = () => {
        if (document.visibilityState === "visible") sendBack({ type: "app.visible" });
      };
      const changedElsewhere = () => void loadOutbox(db).then((items) => sendBack({ type: "outbox.changed", items }));
      const pushed = (event: MessageEvent) => {
        if (event.data === PUSH_RECEIVED) sendBack({ type: "sync.now" });
      };
      navigator.serviceWorker?.addEventListener("message", pushed);
      if (!navigator.onLine) offline();
      window.addEventListener("online", online);
      window.addEventListener("offline", offline);
      document.addEventListener("visibilitychange", visible);
      const listener = new BroadcastChannel(OUTBOX_CHANNEL);
      listener.addEventListener("message", changedElsewhere);
      return () => {
        window.removeEventListener("online", online);
        window.removeEventListener("offline", offline);
        document.removeEventListener("visibilitychange", visible);
        listener.close();
        navigator.serviceWorker?.removeEventListener("message", pushed);
      };
    }),
  };
}
