import { assign, fromCallback, fromPromise, setup } from "xstate";
import type { OutboxItem } from "./outbox-item";
import type { SendOutcome } from "./send-item";

/** One pass of the sender: what became of the item it took (none: the outbox is empty) and the outbox after it. */
export interface SendPass {
  outcome: SendOutcome | { kind: "empty" };
  items: OutboxItem[];
}

export type OutboxSyncEvent =
  | { type: "outbox.changed"; items: OutboxItem[] }
  | { type: "network.online" }
  | { type: "network.offline" }
  | { type: "app.visible" }
  | { type: "sync.now" }
  | { type: "session.renewed" };

/** Seconds before the next try after `failures` failed tries in a row: 2, 4, 8 … at most 60 (or the server's Retry-After). */
export function backoffSeconds(failures: number, retryAfterSeconds: number | null): number {
  const doubling = Math.min(60, 2 ** Math.max(1, failures));
  return Math.max(doubling, retryAfterSeconds ?? 0);
}

export const outboxSyncMachine = setup({
  types: {
    context: {} as { items: OutboxItem[]; failures: number; retryAfterSeconds: number | null; pullAgain: boolean },
    events: {} as OutboxSyncEvent,
  },
  actors: {
    loadOutbox: fromPromise<OutboxItem[]>(() => Promise.resolve([])),
    sendNext: fromPromise<SendPass>(() => Promise.resolve({ outcome: { kind: "empty" }, items: [] })),
    refresh: fromPromise<void>(() => Promise.resolve()),
    wakeSignals: fromCallback<OutboxSyncEvent>(() => () => {}),
  },
  delays: {
    backoff: ({ context }) => backoffSeconds(context.failures, context.retryAfterSeconds) * 1000,
    syncInterval: 60_000,
  },
  guards: {
    askedToPullAgain: ({ context }) => context.pullAgain,
    outcomeIs: (_, params: { outcome: SendPass["outcome"]["kind"]; expected: SendPass["outcome"]["kind"] }) => params.outcome === params.expected,
  },
}).createMachine({
  id: "outbox-sync",
  description: "Sends the phone's outbox to the server a few items at a time, then pulls what the server has for the observer.",
  context: { items: [], failures: 0, retryAfterSeconds: null, pullAgain: false },
  invoke: { src: "wakeSignals", id: "wakeSignals" },
  on: {
    "outbox.changed": { actions: assign({ items: ({ event }) => event.items }) },
  },
  type: "parallel",
  states: {
    connection: {
      description: "What the browser says of the network; sending is tried in both, as the browser can be wrong.",
      initial: "online",
      states: {
        online: { on: { "network.offline": "offline" } },
        offline: { on: { "network.online": "online" } },
      },
    },
    sync: {
      initial: "loading",
      states: {
        loading: {
          invoke: {
            src: "loadOutbox",
            id: "loadOutbox",
            onDone: { target: "sending", actions: assign({ items: ({ event }) => event.output }) },
            onError: "waiting",
          },
        },
        sending: {
          description:
            "Takes the next items (urgent first, one per key, up to 4), marks them sending, sends each with its id as the Idempotency-Key.",
          invoke: {
            src: "sendNext",
            id: "sendNext",
            onDone: [
              { guard: { type: "outcomeIs", params: ({ event }) => ({ outcome: event.output.outcome.kind, expected: "empty" }) }, target: "refreshing", actions: assign({ items: ({ event }) => event.output.items, failures: 0 }) },
              {
                guard: { type: "outcomeIs", params: ({ event }) => ({ outcome: event.output.outcome.kind, expected: "retry" }) },
                target: "waiting",
                actions: assign({
                  items: ({ event }) => event.output.items,
                  failures: ({ context }) => context.failures + 1,
                  retryAfterSeconds: ({ event }) => (event.output.outcome.kind === "retry" ? event.output.outcome.afterSeconds : null),
                }),
              },
              { guard: { type: "outcomeIs", params: ({ event }) => ({ outcome: event.output.outcome.kind, expected: "unauthorized" }) }, target: "signedOut", actions: assign({ items: ({ event }) => event.output.items }) },
              { target: "sending", reenter: true, actions: assign({ items: ({ event }) => event.output.items, failures: 0, retryAfterSeconds: null }) },
            ],
            onError: { target: "waiting", actions: assign({ failures: ({ context }) => context.failures + 1 }) },
          },
        },
        refreshing: {
          description:
            "The outbox is empty: pulls the inbox and any newer reference data (a failure waits for the next sync). A push or a return to the app meanwhile pulls once more after it.",
          entry: assign({ pullAgain: false }),
          invoke: {
            src: "refresh",
            id: "refresh",
            onDone: [{ guard: "askedToPullAgain", target: "sending" }, { target: "idle" }],
            onError: "idle",
          },
          on: {
            "outbox.changed": { target: "sending", actions: assign({ items: ({ event }) => event.items }) },
            "sync.now": { actions: assign({ pullAgain: true }) },
            "app.visible": { actions: assign({ pullAgain: true }) },
          },
        },
        idle: {
          after: { syncInterval: "sending" },
          on: {
            "outbox.changed": { target: "sending", actions: assign({ items: ({ event }) => event.items }) },
            "network.online": "sending",
            "app.visible": "sending",
            "sync.now": "sending",
            "session.renewed": "sending",
          },
        },
        waiting: {
          description: "A try failed for a reason that is not the item's (no network, the server down): tries again later.",
          after: { backoff: "sending" },
          on: {
            "outbox.changed": { actions: assign({ items: ({ event }) => event.items }) },
            "network.online": "sending",
            "app.visible": "sending",
            "sync.now": "sending",
            "session.renewed": "sending",
          },
        },
        signedOut: {
          description: "The server no longer takes the session: the items wait on the phone until the observer signs in again.",
          on: { "session.renewed": "sending" },
        },
      },
    },
  },
});
