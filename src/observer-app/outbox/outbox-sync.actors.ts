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
 * Items sent at once (of different keys): on a slow network the round trip, not the bytes, bounds the rate, and one
 * at a time took 49 s for 100 items at 400 ms (bench:observer).
 */
const SENT_TOGETHER = 4;

/** What a pass of several sends comes to: the session ended, else try later, else go on with the next items. */
export function passOutcome(outcomes: SendOutcome[]): SendOutcome {
  const ended = outcomes.find((outcome) => outcome.kind === "unauthorized");
  if (ended) return ended;
  const retries = outcomes.filter((outcome) => outcome.kind === "retry");
  if (retries.length > 0) return { kind: "retry", afterSeconds: Math.max(0, ...retries.map((retry) => retry.afterSeconds ?? 0)) || null };
  return outcomes[0] ?? { kind: "sent" };
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
  // One channel object to tell the other tabs and to hear them: an object does not receive its own messages, while
  // a second one in this tab would, and wake this sender again after each of its own passes.
  const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(OUTBOX_CHANNEL) : null;
  return {
    loadOutbox: fromPromise<OutboxItem[]>(() => loadOutbox(db)),
    sendNext: fromPromise<SendPass>(({ signal }) =>
      oneTabAtATime(async () => {
        const items = await loadOutbox(db);
        const batch = nextToSend(items, SENT_TOGETHER);
        if (batch.length === 0) return { outcome: { kind: "empty" }, items };
        if (!hasSession()) return { outcome: { kind: "unauthorized" }, items };
        const outcomes = await Promise.all(
          batch.map(async (next) => {
            // The item as marked, not as read: an edit in another tab may have replaced it in between.
            const sending = await markSending(db, next.id);
            if (!sending) return { kind: "sent" } as const;
            const outcome = await sendItem(api, sending, signal);
            await record(db, sending, outcome, now());
            return outcome;
          }),
        );
        channel?.postMessage("changed");
        return { outcome: passOutcome(outcomes), items: await loadOutbox(db) };
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
      channel?.addEventListener("message", changedElsewhere);
      return () => {
        window.removeEventListener("online", online);
        window.removeEventListener("offline", offline);
        document.removeEventListener("visibilitychange", visible);
        channel?.removeEventListener("message", changedElsewhere);
        navigator.serviceWorker?.removeEventListener("message", pushed);
      };
    }),
  };
}
