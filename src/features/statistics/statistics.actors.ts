import type { ApiClient } from "../../api/client";
import { fromAbortablePromise } from "../../shared/machines/from-abortable-promise";
import type { ListPage, ListQuery } from "../../shared/machines/list.machine";
import type { BoardResults } from "./statistics-board";
import { STATISTIC_CARDS, type StatisticsItem, type StatisticsMethod } from "./statistics.config";
import { loadCards, loadStatistic, takePrefetchedCards } from "./statistics-prefetch";

/**
 * A row of a complete list. The list machine keys rows by `id` and keeps only rows and their count, so each row
 * carries its rank and the time of the figures it came with (see selectAsOf).
 */
export type StatisticRow = StatisticsItem & { id: number; asOf: string };

/**
 * The loader of the cards' resource: every card's first page at once, each answering on its own (one failing card
 * does not hide the others, and the load never fails as a whole); the first load takes what the route prefetched.
 * Its BoardResults are merged into the cards on screen (statistics-board.ts).
 */
export function createBoardActors(api: ApiClient) {
  return {
    actors: {
      load: fromAbortablePromise<unknown>(async ({ signal }): Promise<BoardResults> => {
        const settled = await (takePrefetchedCards() ?? loadCards(api, signal));
        return Object.fromEntries(
          settled.map((result, index) => [STATISTIC_CARDS[index]!.key, result.status === "fulfilled" ? { page: result.value } : { error: result.reason as unknown }]),
        );
      }),
    },
  };
}

/** The loader of the list machine for one statistic's complete list, paged as the machine asks. */
export function createStatisticListActors(api: ApiClient, method: StatisticsMethod) {
  return {
    actors: {
      // Starts on mount: see fromAbortablePromise.
      loadPage: fromAbortablePromise<ListPage, ListQuery>(async ({ input, signal }) => {
        const page = await loadStatistic(api, method, input.page, input.pageSize, signal);
        const first = (page.page - 1) * page.pageSize;
        const items: StatisticRow[] = page.data.map((item, index) => ({ ...item, id: first + index + 1, asOf: page.asOf }));
        return { items, totalItems: page.totalItems };
      }),
    },
  };
}
