import { assign, fromPromise, setup } from "xstate";
import { toLoadFailure, type LoadFailure } from "./load-failure";
import { required } from "./required";

export interface ResourceInput {
  /**
   * How long (ms) the data stays after each answer before it loads again on its own, kept on screen meanwhile (the
   * wait starts from the answer, so requests never overlap); without it, it loads again only when asked.
   */
  refreshInterval?: number;
  /** What the load asks for (a threshold, an NGO): the load's input, which `resource.query` changes. */
  query?: unknown;
}

export interface ResourceContext {
  /** What the last successful load answered; kept on screen while a reload runs and after a reload fails. */
  data: unknown;
  error: LoadFailure | null;
  /** The last reload failed while the data stayed on screen. */
  stale: boolean;
  query: unknown;
  refreshInterval: number | null;
}

export type ResourceEvent = { type: "resource.reload" } | { type: "resource.retry" } | { type: "resource.query"; query: unknown };

export const resourceMachine = setup({
  types: {
    context: {} as ResourceContext,
    events: {} as ResourceEvent,
    /** Most screens give none: loaded once, and again when asked. */
    input: undefined as ResourceInput | undefined,
    tags: {} as "busy" | "refreshing",
  },
  actors: {
    load: fromPromise<unknown, unknown>(() => Promise.reject(new Error("load is not provided"))),
  },
  delays: {
    // Waiting is entered only with an interval (refreshesOnItsOwn).
    refreshInterval: ({ context }) => required(context.refreshInterval, "the refresh interval"),
  },
  guards: {
    refreshesOnItsOwn: ({ context }) => context.refreshInterval !== null,
    isNewQuery: ({ context }, params: { query: unknown }) => JSON.stringify(params.query) !== JSON.stringify(context.query),
  },
  actions: {
    keepData: assign((_, params: { data: unknown }) => ({ data: params.data, error: null, stale: false })),
    recordError: assign((_, params: { error: unknown }) => ({ error: toLoadFailure(params.error) })),
    markStale: assign((_, params: { error: unknown }) => ({ stale: true, error: toLoadFailure(params.error) })),
    takeQuery: assign((_, params: { query: unknown }) => ({ query: params.query })),
  },
}).createMachine({
  id: "resource",
  description:
    "One thing loaded as a whole (every NGO, an NGO's admins, a statistics board, the coverage for a threshold): load, reload in place (on its own every refreshInterval after an answer, or when asked), another query, retry after a failure.",
  context: ({ input }) => ({ data: null, error: null, stale: false, query: input?.query ?? null, refreshInterval: input?.refreshInterval ?? null }),
  initial: "loading",
  states: {
    loading: {
      tags: "busy",
      description: "Nothing to show yet: the view shows a loader",
      invoke: {
        id: "load",
        src: "load",
        input: ({ context }: { context: ResourceContext }) => context.query,
        onDone: [
          { guard: "refreshesOnItsOwn", target: "ready.waiting", actions: { type: "keepData", params: ({ event }) => ({ data: event.output }) } },
          { target: "ready.shown", actions: { type: "keepData", params: ({ event }) => ({ data: event.output }) } },
        ],
        onError: { target: "failed", actions: { type: "recordError", params: ({ event }) => ({ error: event.error }) } },
      },
      on: {
        "resource.query": {
          guard: { type: "isNewQuery", params: ({ event }) => ({ query: event.query }) },
          target: "loading",
          reenter: true,
          actions: { type: "takeQuery", params: ({ event }) => ({ query: event.query }) },
          description: "Entering again aborts the request for the old query",
        },
      },
    },
    ready: {
      initial: "shown",
      on: {
        "resource.query": {
          guard: { type: "isNewQuery", params: ({ event }) => ({ query: event.query }) },
          target: ".reloading",
          reenter: true,
          actions: { type: "takeQuery", params: ({ event }) => ({ query: event.query }) },
          description: "The old data stays on screen until the new query's answer replaces it",
        },
      },
      states: {
        shown: {
          description: "Loads again only when asked",
          on: { "resource.reload": "reloading" },
        },
        waiting: {
          description: "Loads again on its own once the refresh interval has passed since the answer shown, or sooner when asked",
          after: { refreshInterval: "reloading" },
          on: { "resource.reload": "reloading" },
        },
        reloading: {
          tags: "refreshing",
          description:
            "The data stays on screen (no busy blanking) while it loads again; a second reload restarts the request. A failure keeps the old data and marks it stale.",
          on: { "resource.reload": { target: "reloading", reenter: true } },
          invoke: {
            id: "reload",
            src: "load",
            input: ({ context }: { context: ResourceContext }) => context.query,
            onDone: [
              { guard: "refreshesOnItsOwn", target: "waiting", actions: { type: "keepData", params: ({ event }) => ({ data: event.output }) } },
              { target: "shown", actions: { type: "keepData", params: ({ event }) => ({ data: event.output }) } },
            ],
            onError: [
              { guard: "refreshesOnItsOwn", target: "waiting", actions: { type: "markStale", params: ({ event }) => ({ error: event.error }) } },
              { target: "shown", actions: { type: "markStale", params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
      },
    },
    failed: {
      on: {
        "resource.retry": "loading",
        "resource.reload": "loading",
        "resource.query": {
          guard: { type: "isNewQuery", params: ({ event }) => ({ query: event.query }) },
          target: "loading",
          actions: { type: "takeQuery", params: ({ event }) => ({ query: event.query }) },
        },
      },
    },
  },
});
