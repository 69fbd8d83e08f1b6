import { and, assertEvent, assign, emit, not, sendTo, setup, type ActorRefFrom } from "xstate";
import type { components } from "../../../api/schema";
import type { ListFilter, listMachine } from "../../../shared/machines/list.machine";
import { bringsArrival, matchesList, threadKey, type LiveThreadEvent } from "./live-match";

type Thread = components["schemas"]["AnswerThread"];

export interface ThreadFeedInput {
  list: ActorRefFrom<typeof listMachine>;
  filter: ListFilter;
  urgent: boolean;
}

export interface ThreadFeedContext extends ThreadFeedInput {
  /** The keys of the rows on screen, in their order, and whether pages lie on either side. */
  shown: string[];
  hasNext: boolean;
  hasPrevious: boolean;
  /** Matching threads that changed off screen since the rows were loaded: the "N new" bar counts them. */
  arrivals: string[];
  /** The latest state of threads on screen, from live events: rows change in place and never move. */
  patches: Record<string, Thread>;
  /** The row the keyboard is on, and a counter the view watches to move the focus there. */
  cursor: string | null;
  focusRequest: number;
}

export type ThreadFeedEvent =
  | { type: "rows.shown"; keys: string[]; hasNext: boolean; hasPrevious: boolean }
  | { type: "live.thread"; event: LiveThreadEvent }
  | { type: "live.reset" }
  | { type: "arrivals.show" }
  | { type: "filter.changed"; filter: ListFilter }
  | { type: "cursor.next" }
  | { type: "cursor.previous" }
  | { type: "cursor.set"; key: string }
  | { type: "cursor.focus"; key: string | null };

/** Emitted when the keyboard turns a page, so that the view leaves the open thread as paging does. */
export type ThreadFeedEmitted = { type: "page.turned" };

const moved = (context: ThreadFeedContext, cursor: string | undefined) => ({
  cursor: cursor ?? context.cursor,
  focusRequest: context.focusRequest + (cursor ? 1 : 0),
});

export const threadFeedMachine = setup({
  types: {
    context: {} as ThreadFeedContext,
    events: {} as ThreadFeedEvent,
    input: {} as ThreadFeedInput,
    emitted: {} as ThreadFeedEmitted,
  },
  guards: {
    hasArrivals: ({ context }) => context.arrivals.length > 0,
    cursorOnLastRow: ({ context }) => context.shown.length > 0 && context.cursor === context.shown.at(-1),
    cursorOnFirstRow: ({ context }) => context.shown.length > 0 && context.cursor === context.shown[0],
    canTurnForward: ({ context }) => context.hasNext,
    canTurnBack: ({ context }) => context.hasPrevious,
  },
  actions: {
    showRows: assign(({ context, event }) => {
      assertEvent(event, "rows.shown");
      return {
        shown: event.keys,
        hasNext: event.hasNext,
        hasPrevious: event.hasPrevious,
        arrivals: context.arrivals.filter((key) => !event.keys.includes(key)),
        patches: {},
      };
    }),
    takeEvent: assign(({ context, event }) => {
      assertEvent(event, "live.thread");
      const key = threadKey(event.event);
      if (context.shown.includes(key)) {
        return event.event.thread ? { patches: { ...context.patches, [key]: event.event.thread } } : {};
      }
      const arrives =
        matchesList(event.event, context.filter, context.urgent) && bringsArrival(event.event, context.filter) && !context.arrivals.includes(key);
      return arrives ? { arrivals: [...context.arrivals, key] } : {};
    }),
    clearArrivals: assign({ arrivals: [] }),
    changeFilter: assign(({ event }) => {
      assertEvent(event, "filter.changed");
      return { filter: event.filter, arrivals: [], patches: {} };
    }),
    showFirstPage: sendTo(({ context }) => context.list, { type: "page.first" }),
    refreshList: sendTo(({ context }) => context.list, { type: "list.refresh" }),
    turnForward: sendTo(({ context }) => context.list, { type: "page.next" }),
    turnBack: sendTo(({ context }) => context.list, { type: "page.previous" }),
    announcePageTurn: emit({ type: "page.turned" }),
    stepForward: assign(({ context }) => {
      const index = context.cursor === null ? -1 : context.shown.indexOf(context.cursor);
      return moved(context, context.shown[Math.min(index + 1, context.shown.length - 1)]);
    }),
    stepBack: assign(({ context }) => {
      const index = context.cursor === null ? context.shown.length : context.shown.indexOf(context.cursor);
      return moved(context, context.shown[Math.max(index - 1, 0)]);
    }),
    toFirstRow: assign(({ context }) => moved(context, context.shown[0])),
    toLastRow: assign(({ context }) => moved(context, context.shown.at(-1))),
    setCursor: assign(({ event }) => {
      assertEvent(event, "cursor.set");
      return { cursor: event.key };
    }),
    refocus: assign(({ context, event }) => {
      assertEvent(event, "cursor.focus");
      return moved(context, context.cursor ?? event.key ?? undefined);
    }),
  },
}).createMachine({
  id: "threadFeed",
  description:
    "The live side of a threads list: changes to rows on screen apply in place, matching threads that change off screen wait behind an 'N new' bar until asked for, and a keyboard cursor walks the rows across pages.",
  context: ({ input }) => ({
    ...input,
    shown: [],
    hasNext: false,
    hasPrevious: false,
    arrivals: [],
    patches: {},
    cursor: null,
    focusRequest: 0,
  }),
  type: "parallel",
  on: {
    "live.thread": { actions: "takeEvent" },
    "cursor.set": { actions: "setCursor" },
    "cursor.focus": { actions: "refocus", description: "Back to the list after an action elsewhere: the cursor's row, else the given one" },
  },
  states: {
    arrivals: {
      initial: "upToDate",
      on: {
        "filter.changed": { target: ".upToDate", actions: "changeFilter" },
        "live.reset": { target: ".upToDate", actions: ["clearArrivals", "refreshList"], description: "Events were lost: the rows load again" },
      },
      states: {
        upToDate: {
          always: { guard: "hasArrivals", target: "waiting" },
          on: { "rows.shown": { actions: "showRows" } },
        },
        waiting: {
          always: { guard: not("hasArrivals"), target: "upToDate" },
          on: {
            "rows.shown": { actions: "showRows" },
            "arrivals.show": { target: "catchingUp", actions: ["clearArrivals", "showFirstPage"] },
          },
        },
        catchingUp: {
          description: "Page 1 loads again with the arrivals in place; what arrives meanwhile waits for the next bar",
          on: { "rows.shown": { target: "upToDate", actions: "showRows" } },
        },
      },
    },
    cursor: {
      initial: "onPage",
      states: {
        onPage: {
          on: {
            "cursor.next": [
              { guard: and(["cursorOnLastRow", "canTurnForward"]), target: "turningForward", actions: ["turnForward", "announcePageTurn"] },
              { actions: "stepForward" },
            ],
            "cursor.previous": [
              { guard: and(["cursorOnFirstRow", "canTurnBack"]), target: "turningBack", actions: ["turnBack", "announcePageTurn"] },
              { actions: "stepBack" },
            ],
          },
        },
        turningForward: { on: { "rows.shown": { target: "onPage", actions: "toFirstRow" } } },
        turningBack: { on: { "rows.shown": { target: "onPage", actions: "toLastRow" } } },
      },
    },
  },
});
