import { assign, fromPromise, setup, stateIn } from "xstate";
import type { components } from "../../../openapi/schema.d.ts";

export type TriageSummary = components["schemas"]["TriageSummary"];

export const SUMMARY_POLL_MS = 30_000;
/** Live events can come in bursts: at most one summary request per second. */
export const SUMMARY_GAP_MS = 1_000;

export const triageSummaryMachine = setup({
  types: {
    context: {} as { summary: TriageSummary | null },
    events: {} as { type: "summary.refresh" },
  },
  actors: {
    load: fromPromise<TriageSummary>(() => Promise.reject(new Error("load is not provided"))),
  },
  delays: { poll: SUMMARY_POLL_MS, gap: SUMMARY_GAP_MS },
  guards: { outdated: stateIn({ loading: "outdated" }) },
  actions: {
    keepSummary: assign((_, params: { summary: TriageSummary }) => ({ summary: params.summary })),
  },
}).createMachine({
  id: "triageSummary",
  description:
    "The unhandled urgent count (getTriageSummary): loaded when the live stream connects, again after its events (one request at a time, at most one a second) and every 30 s.",
  context: { summary: null },
  initial: "idle",
  states: {
    idle: {
      after: { poll: "loading" },
      on: { "summary.refresh": "loading" },
    },
    loading: {
      initial: "current",
      states: {
        current: { on: { "summary.refresh": "outdated" } },
        outdated: { description: "Something changed after the request left: ask again once it is answered" },
      },
      invoke: {
        id: "load",
        src: "load",
        onDone: [
          { guard: "outdated", target: "pausing.outdated", actions: { type: "keepSummary", params: ({ event }) => ({ summary: event.output }) } },
          { target: "pausing", actions: { type: "keepSummary", params: ({ event }) => ({ summary: event.output }) } },
        ],
        onError: [
          { guard: "outdated", target: "pausing.outdated", description: "The last count stays shown" },
          { target: "pausing" },
        ],
      },
    },
    pausing: {
      initial: "current",
      states: {
        current: {
          after: { gap: "#triageSummary.idle" },
          on: { "summary.refresh": "outdated" },
        },
        outdated: { after: { gap: "#triageSummary.loading" } },
      },
    },
  },
});
