import { assertEvent, assign, fromPromise, setup } from "xstate";
import { toLoadFailure, type LoadFailure } from "../../../shared/machines/load-failure";
import type { SortDirection } from "../../../shared/machines/list.machine";
import type { Coverage } from "./coverage.actors";

/** The board's columns: the county's name, or one of its figures. */
export type CoverageColumn = "county" | "stations" | "unobserved" | "observed" | "opened" | "reporting" | "counted" | "silent";

export interface CoverageSort {
  by: CoverageColumn;
  direction: SortDirection;
}

export interface CoverageContext {
  /** The threshold asked for; the figures shown carry the one they were computed with (coverage.silentMinutes). */
  silentMinutes: number;
  coverage: Coverage | null;
  error: LoadFailure | null;
  /** The last refresh failed while the figures stayed on screen. */
  stale: boolean;
  /** null: the server's order of the counties. */
  sort: CoverageSort | null;
}

export type CoverageEvent =
  | { type: "silentMinutes.change"; silentMinutes: number }
  | { type: "coverage.retry" }
  | { type: "sort.toggle"; by: CoverageColumn };

export const REFRESH_INTERVAL_MS = 10_000;

export const coverageMachine = setup({
  types: {
    context: {} as CoverageContext,
    events: {} as CoverageEvent,
    input: {} as { silentMinutes: number },
    tags: {} as "busy" | "refreshing",
  },
  actors: {
    load: fromPromise<Coverage, { silentMinutes: number }>(() => Promise.reject(new Error("load is not provided"))),
  },
  delays: {
    refreshInterval: REFRESH_INTERVAL_MS,
  },
  guards: {
    changesSilentMinutes: ({ context, event }) => event.type === "silentMinutes.change" && event.silentMinutes !== context.silentMinutes,
  },
  actions: {
    keepCoverage: assign((_, params: { coverage: Coverage }) => ({ coverage: params.coverage, error: null, stale: false })),
    rememberSilentMinutes: assign(({ event }) => {
      assertEvent(event, "silentMinutes.change");
      return { silentMinutes: event.silentMinutes };
    }),
    toggleSort: assign(({ context, event }) => {
      assertEvent(event, "sort.toggle");
      const firstDirection: SortDirection = event.by === "county" ? "asc" : "desc";
      const direction: SortDirection =
        context.sort?.by === event.by ? (context.sort.direction === "asc" ? "desc" : "asc") : firstDirection;
      return { sort: { by: event.by, direction } };
    }),
  },
}).createMachine({
  id: "coverage",
  description:
    "The coverage board: per county figures for one silent threshold, refreshed on their own every 10 s after the previous answer (so requests never overlap), kept on screen while they load again.",
  context: ({ input }) => ({ silentMinutes: input.silentMinutes, coverage: null, error: null, stale: false, sort: null }),
  initial: "loading",
  on: {
    "sort.toggle": {
      actions: "toggleSort",
      description: "The same column flips its direction; the county starts A to Z, a figure starts with the largest",
    },
  },
  states: {
    loading: {
      tags: "busy",
      description: "Nothing to show yet: the view shows a loader",
      invoke: {
        id: "load",
        src: "load",
        input: ({ context }) => ({ silentMinutes: context.silentMinutes }),
        onDone: { target: "ready", actions: { type: "keepCoverage", params: ({ event }) => ({ coverage: event.output }) } },
        onError: { target: "failed", actions: assign({ error: ({ event }) => toLoadFailure(event.error) }) },
      },
      on: {
        "silentMinutes.change": {
          guard: "changesSilentMinutes",
          target: "loading",
          reenter: true,
          actions: "rememberSilentMinutes",
          description: "Entering again aborts the request for the old threshold",
        },
      },
    },
    ready: {
      initial: "waiting",
      on: {
        "silentMinutes.change": {
          guard: "changesSilentMinutes",
          target: ".refreshing",
          reenter: true,
          actions: "rememberSilentMinutes",
          description: "The old figures stay on screen (their links keep their own threshold) until the new ones arrive",
        },
      },
      states: {
        waiting: {
          after: { refreshInterval: "refreshing" },
        },
        refreshing: {
          tags: "refreshing",
          description: "The figures stay on screen; a failure keeps them, marks them stale and waits for the next round",
          invoke: {
            id: "refresh",
            src: "load",
            input: ({ context }) => ({ silentMinutes: context.silentMinutes }),
            onDone: { target: "waiting", actions: { type: "keepCoverage", params: ({ event }) => ({ coverage: event.output }) } },
            onError: { target: "waiting", actions: assign({ stale: true, error: ({ event }) => toLoadFailure(event.error) }) },
          },
        },
      },
    },
    failed: {
      on: {
        "coverage.retry": "loading",
        "silentMinutes.change": { guard: "changesSilentMinutes", target: "loading", actions: "rememberSilentMinutes" },
      },
    },
  },
});
