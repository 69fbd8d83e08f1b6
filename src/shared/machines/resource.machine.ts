import { assign, fromPromise, setup } from "xstate";
import { toLoadFailure, type LoadFailure } from "./load-failure";


export interface ResourceContext {
  /** What the last successful load answered; kept on screen while a reload runs and after a reload fails. */
  data: unknown;
  error: LoadFailure | null;
  /** The last reload failed while the data stayed on screen. */
  stale: boolean;
}

export type ResourceEvent = { type: "resource.reload" } | { type: "resource.retry" };


export const resourceMachine = setup({
  types: {
    context: {} as ResourceContext,
    events: {} as ResourceEvent,
    tags: {} as "busy" | "refreshing",
  },
  actors: {
    load: fromPromise<unknown>(() => Promise.reject(new Error("load is not provided"))),
  },
  actions: {
    keepData: assign((_, params: { data: unknown }) => ({ data: params.data, error: null, stale: false })),
  },
}).createMachine({
  id: "resource",
  description:
    "One thing loaded as a whole (every NGO, an NGO's admins, a details pane, a statistics card): load, reload in place, retry after a failure.",
  context: { data: null, error: null, stale: false },
  initial: "loading",
  states: {
    loading: {
      tags: "busy",
      description: "Nothing to show yet: the view shows a loader",
      invoke: {
        id: "load",
        src: "load",
        onDone: { target: "ready", actions: { type: "keepData", params: ({ event }) => ({ data: event.output }) } },
        onError: { target: "failed", actions: assign({ error: ({ event }) => toLoadFailure(event.error) }) },
      },
    },
    ready: {
      initial: "shown",
      states: {
        shown: {
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
            onDone: { target: "shown", actions: { type: "keepData", params: ({ event }) => ({ data: event.output }) } },
            onError: { target: "shown", actions: assign({ stale: true, error: ({ event }) => toLoadFailure(event.error) }) },
          },
        },
      },
    },
    failed: {
      on: { "resource.retry": "loading", "resource.reload": "loading" },
    },
  },
});
