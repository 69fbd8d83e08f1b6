import type { SnapshotFrom } from "xstate";
import type { BoardCards, statisticsBoardLogic } from "./statistics-board";
import { STATISTIC_CARDS, type Statistic, type StatisticsPage } from "./statistics.config";

type BoardSnapshot = SnapshotFrom<typeof statisticsBoardLogic>;

const NO_CARDS: BoardCards = {};
const cardsOf = (snapshot: BoardSnapshot) => (snapshot.context.data as BoardCards | null) ?? NO_CARDS;

export interface ShownCard {
  statistic: Statistic;
  page: StatisticsPage;
  /** Its last refresh failed: the figures shown are those of `page.asOf`. */
  stale: boolean;
}

/** True until the first answer: the view shows a loader. */
export const selectIsLoading = (snapshot: BoardSnapshot) => snapshot.hasTag("busy");

/** True while the cards load again under the figures shown. */
export const selectIsRefreshing = (snapshot: BoardSnapshot) => snapshot.hasTag("refreshing");

/**
 * The cards to show, in the configured order: only those that loaded and have values (spec, Statistics). A card
 * whose refresh failed keeps its last figures, marked stale.
 */
export function selectShownCards(snapshot: BoardSnapshot): ShownCard[] {
  return STATISTIC_CARDS.flatMap((statistic) => {
    const card = cardsOf(snapshot)[statistic.key];
    return card?.page && card.page.data.length > 0 ? [{ statistic, page: card.page, stale: card.error !== null }] : [];
  });
}

/** Why nothing could be loaded at all (every card failed, or the whole load did), null otherwise. */
export function selectBoardFailure(snapshot: BoardSnapshot) {
  if (snapshot.matches("failed")) return snapshot.context.error;
  const cards = cardsOf(snapshot);
  if (snapshot.hasTag("busy") || selectShownCards(snapshot).length > 0) return null;
  const failures = STATISTIC_CARDS.map((statistic) => cards[statistic.key]?.error ?? null);
  return failures.every((failure) => failure !== null) ? failures[0]! : null;
}
