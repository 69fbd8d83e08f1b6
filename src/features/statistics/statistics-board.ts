import { assign } from "xstate";
import { toLoadFailure, type LoadFailure } from "../../shared/machines/load-failure";
import { resourceMachine, type ResourceInput } from "../../shared/machines/resource.machine";
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

/** The cards on screen, by card key: what the board's resource holds. */
export type BoardCards = Record<string, CardState>;

/** Each card's new figures replace its old ones; a card that failed keeps its last figures and says why. */
export function mergeCards(cards: BoardCards | null, results: BoardResults): BoardCards {
  const merged = { ...cards };
  for (const [key, result] of Object.entries(results)) {
    merged[key] = "page" in result ? { page: result.page, error: null } : { page: cards?.[key]?.page ?? null, error: toLoadFailure(result.error) };
  }
  return merged;
}

/** Every card loads at once, then all refresh together 10 s after the last answer came (requests never overlap). */
export const BOARD_INPUT: ResourceInput = { refreshInterval: REFRESH_INTERVAL_MS };

/**
 * The statistics cards: the shared resource machine, whose load (loadCards) settles every card on its own, so that
 * each answer is merged card by card rather than replacing the board: one card failing keeps its last figures.
 */
export const statisticsBoardLogic = resourceMachine.provide({
  actions: {
    keepData: assign(({ context }, params: { data: unknown }) => ({
      data: mergeCards(context.data as BoardCards | null, params.data as BoardResults),
      error: null,
      stale: false,
    })),
  },
});
