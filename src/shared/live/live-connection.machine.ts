import { assign, emit, fromCallback, setup } from "xstate";
import type { LiveEvent, LiveThreadEvent } from "./live-events";

/** No byte for this long (keep-alive comments come every 15 s) means the stream is dead, whatever TCP says. */
export const SILENCE_LIMIT_MS = 45_000;
const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 30_000;

/** The wait before reconnect attempt `retries + 1`: 1 s, doubling, at most 30 s. */
export function backoffDelay(retries: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** retries, LONGEST_RETRY_MS);
}

export interface LiveConnectionContext {
  /** The id of the last event received, sent as Last-Event-ID so that the server resumes after it. */
  lastEventId: string | null;
  /** Failed attempts since the last successful connection: the back-off's exponent. */
  retries: number;
  /** The stream has dropped at least once: events may have been missed since. */
  interrupted: boolean;
}

export interface StreamInput {
  lastEventId: string | null;
}

/** What the stream actor reports (src/shared/live/live-connection.actors.ts). */
export type StreamEvent =
  | { type: "stream.opened" }
  | { type: "stream.received" }
  | { type: "stream.thread"; lastEventId: string | null; event: LiveThreadEvent }
  | { type: "stream.reset"; lastEventId: string | null }
  | { type: "stream.ended" }
  | { type: "stream.failed"; status: number };

export type NetworkEvent = { type: "network.offline" } | { type: "network.online" };

export type LiveConnectionEvent = StreamEvent | NetworkEvent;

/** Emitted to its listeners: every thread event and reset (the answers room takes them), and `connected` (the triage summary refreshes). */
export type LiveConnectionEmitted = LiveEvent | { type: "connected" };

export const liveConnectionMachine = setup({
  types: {
    context: {} as LiveConnectionContext,
    events: {} as LiveConnectionEvent,
    emitted: {} as LiveConnectionEmitted,
  },
  actors: {
    stream: fromCallback<StreamEvent, StreamInput>(() => {
      throw new Error("stream is not provided");
    }),
    network: fromCallback<NetworkEvent>(() => () => {}),
  },
  guards: {
    browserOffline: () => false,
    unauthorized: (_, params: { status: number }) => params.status === 401,
    badRequest: (_, params: { status: number }) => params.status === 400,
    cannotResume: ({ context }) => context.interrupted && context.lastEventId === null,
  },
  delays: {
    silence: SILENCE_LIMIT_MS,
    backoff: ({ context }) => backoffDelay(context.retries),
  },
  actions: {
    resetBackoff: assign({ retries: 0 }),
    countRetry: assign({ retries: ({ context }) => context.retries + 1 }),
    markInterrupted: assign({ interrupted: true }),
    rememberId: assign((_, params: { lastEventId: string | null }) => ({ lastEventId: params.lastEventId })),
    emitConnected: emit({ type: "connected" } as const),
    emitReset: emit({ type: "reset" } as const),
  },
}).createMachine({
  id: "liveConnection",
  description:
    "The staff's live event stream (GET /api/v1/live): resumes with Last-Event-ID after a drop, backs off while the server is unreachable, waits for the browser to come back online, and stops on a 401 so that the session signs out.",
  context: { lastEventId: null, retries: 0, interrupted: false },
  invoke: { id: "network", src: "network" },
  initial: "starting",
  states: {
    starting: {
      always: [{ guard: "browserOffline", target: "offline" }, { target: "streaming" }],
    },
    streaming: {
      invoke: { id: "stream", src: "stream", input: ({ context }) => ({ lastEventId: context.lastEventId }) },
      initial: "opening",
      states: {
        opening: {
          after: { silence: { target: "#liveConnection.reconnecting", description: "The server never answered" } },
          on: {
            "stream.opened": [
              {
                guard: "cannotResume",
                target: "open",
                actions: ["resetBackoff", "emitReset", "emitConnected"],
                description: "Reconnected with no event id to resume from: whatever happened meanwhile is unknown",
              },
              { target: "open", actions: ["resetBackoff", "emitConnected"] },
            ],
          },
        },
        open: {
          description: "Live: every byte (a keep-alive comment too) restarts the silence watchdog",
          after: { silence: { target: "#liveConnection.reconnecting", description: "A dead connection the browser did not notice" } },
          on: {
            "stream.received": { target: "open", reenter: true },
            "stream.thread": {
              actions: [
                { type: "rememberId", params: ({ event }) => ({ lastEventId: event.lastEventId }) },
                emit(({ event }) => ({ type: "thread", id: Number(event.lastEventId), event: event.event }) as const),
              ],
            },
            "stream.reset": {
              description: "The server could not resume from Last-Event-ID (older than it keeps)",
              actions: [{ type: "rememberId", params: ({ event }) => ({ lastEventId: event.lastEventId }) }, "emitReset"],
            },
          },
        },
      },
      on: {
        "stream.ended": "reconnecting",
        "stream.failed": [
          {
            guard: { type: "unauthorized", params: ({ event }) => ({ status: event.status }) },
            target: "unauthorized",
          },
          {
            guard: { type: "badRequest", params: ({ event }) => ({ status: event.status }) },
            target: "reconnecting",
            actions: { type: "rememberId", params: { lastEventId: null } },
            description: "Last-Event-ID refused: start afresh, so that the reconnect delivers a reset",
          },
          { target: "reconnecting" },
        ],
        "network.offline": "offline",
      },
    },
    reconnecting: {
      entry: "markInterrupted",
      after: { backoff: { target: "streaming", actions: "countRetry" } },
      on: { "network.offline": "offline" },
    },
    offline: {
      description: "The browser says it has no network: no attempt until it says otherwise",
      entry: "markInterrupted",
      on: { "network.online": { target: "streaming", actions: "resetBackoff" } },
    },
    unauthorized: {
      description:
        "Answered 401: the API client has already told the session, which signs out and unmounts the shell. Never retried.",
    },
  },
});
