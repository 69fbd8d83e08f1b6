import { assign, fromPromise, setup } from "xstate";

/** What the phone can do about push: not at all, refused by the observer, off, or on. */
export type PushAvailability = "unsupported" | "denied" | "off" | "on";
/** Why turning push on failed, translated by the view. */
export type PushFailure = "denied" | "not_configured" | "subscribe_failed" | "offline";

export type PushSubscriptionEvent = { type: "push.enable" } | { type: "push.disable" };

export const pushSubscriptionMachine = setup({
  types: {
    context: {} as { failure: PushFailure | null },
    events: {} as PushSubscriptionEvent,
  },
  actors: {
    check: fromPromise<PushAvailability>(() => Promise.resolve("unsupported")),
    subscribe: fromPromise<void>(() => Promise.resolve()),
    unsubscribe: fromPromise<void>(() => Promise.resolve()),
  },
}).createMachine({
  id: "push-subscription",
  description:
    "Notifications pushed to the phone where its browser allows it; the inbox pulled at every sync gets every message anyway.",
  context: { failure: null },
  initial: "checking",
  states: {
    checking: {
      invoke: {
        src: "check",
        onDone: [
          { guard: ({ event }) => event.output === "on", target: "on" },
          { guard: ({ event }) => event.output === "off", target: "off" },
          { guard: ({ event }) => event.output === "denied", target: "denied" },
          { target: "unsupported" },
        ],
        onError: "unsupported",
      },
    },
    unsupported: { description: "No push here (an older browser, or iOS before the app is added to the home screen)." },
    denied: { description: "The observer refused notifications; only the phone's settings can undo it." },
    off: { on: { "push.enable": { target: "subscribing", actions: assign({ failure: null }) } } },
    subscribing: {
      description: "Asks the observer's permission, subscribes with the server's key and saves the subscription on the server.",
      invoke: {
        src: "subscribe",
        onDone: "on",
        onError: { target: "off", actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    on: { on: { "push.disable": "unsubscribing" } },
    unsubscribing: { invoke: { src: "unsubscribe", onDone: "off", onError: "off" } },
  },
});

function failureOf(error: unknown): PushFailure {
  const { code, status } = (error ?? {}) as { code?: string; status?: number };
  if (code === "denied" || code === "not_configured") return code;
  if (status === 0) return "offline";
  return "subscribe_failed";
}
