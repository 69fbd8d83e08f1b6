import { assign, fromPromise, setup } from "xstate";
import { toLoadFailure, type LoadFailure } from "../../shared/machines/load-failure";
import type { StatisticsPage } from "./statistics.config";

/** How long figures wait, after their answer came, before they load again: the cards, and the complete lists too. */
export const REFRESH_INTERVAL_MS = 10_000;

/** How one card's request ended, by card key: its page, or why it failed. */
export type BoardResults = Record<string, { page: StatisticsPage } | { error: unknown }>;

export interface CardState {
  /** The last page that arrived: it stays on screen while the card refreshes and after a refresh fails. */
  page: StatisticsPage | null;
  /** Why the last request failed; null when it succeeded. */
  error: LoadFailure | null;
}

export interface BoardContext {
  cards: Record<string, CardState>;
  /** The whole load failed (no card answered at all); null once one load came through. */
  error: LoadFailure | null;
}

export type BoardEvent = { type: "board.refresh" };

/** Each card's new figures replace its old ones; a card that failed keeps its last figures and says why. */
function merge(cards: Record<string, CardState>, results: BoardResults): Record<string, CardState> {
  const merged = { ...cards };
  for (const [key, result] of Object.entries(results)) {
    merged[key] = "page" in result ? { page: result.page, error: null } : { page: cards[key]?.page ?? null, error: toLoadFailure(result.error) };
  }
  return merged;
}

export const statisticsBoardMachine = setup({
  types: {
    context: {} as BoardContext,
    events: {} as BoardEvent,
    tags: {} as "busy" | "refreshing",
  },
  actors: {
    loadCards: fromPromise<BoardResults>(() => Promise.reject(new Error("loadCards is not provided"))),
  },
  delays: { refreshInterval: REFRESH_INTERVAL_MS },
  actions: {
    showResults: assign(({ context }, params: { results: BoardResults }) => ({ cards: merge(context.cards, params.results), error: null })),
    keepFailure: assign((_, params: { error: unknown }) => ({ error: toLoadFailure(params.error) })),
  },
}).createMachine({
  id: "statisticsBoard",
  description:
    "The statistics cards: every card loads at once, then all refresh together a while after the last answer came, so requests never overlap and each card's time is the time of the figures it shows.",
  context: { cards: {}, error: null },
  initial: "loading",
  states: {
    loading: {
      tags: "busy",
      description: "Nothing to show yet: the view shows a loader",
      invoke: {
        id: "loadCards",
        src: "loadCards",
        onDone: { target: "ready", actions: { type: "showResults", params: ({ event }) => ({ results: event.output }) } },
        onError: { target: "ready", actions: { type: "keepFailure", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ready: {
      initial: "waiting",
      states: {
        waiting: {
          description: "The figures shown wait for their next refresh; a user may ask for it at once",
          after: { refreshInterval: "refreshing" },
          on: { "board.refresh": "refreshing" },
        },
        refreshing: {
          tags: "refreshing",
          description:
            "The figures stay on screen while every card loads again; asking again meanwhile does nothing (no overlapping requests). A failure keeps the figures.",
          invoke: {
            id: "refreshCards",
            src: "loadCards",
            onDone: { target: "waiting", actions: { type: "showResults", params: ({ event }) => ({ results: event.output }) } },
            onError: { target: "waiting", actions: { type: "keepFailure", params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});
