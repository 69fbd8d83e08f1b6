import type { ApiClient } from "../../api/client";
import { expectData } from "../../api/problem";
import { prefetch, takePrefetched } from "../../shared/prefetch";
import type { components } from "../../../openapi/schema.d.ts";
import { silentMinutesFromSearch } from "./coverage/coverage.url";
import { CARD_SIZE, STATISTIC_CARDS, type StatisticsMethod, type StatisticsPage } from "./statistics.config";

type Coverage = components["schemas"]["Coverage"];

const CARDS = "statistics:cards";
const coverageKey = (silentMinutes: number) => `statistics:coverage:${silentMinutes}`;

export function loadStatistic(api: ApiClient, method: StatisticsMethod, page: number, pageSize: number, signal?: AbortSignal): Promise<StatisticsPage> {
  return expectData(api.GET("/api/v1/statistics/{method}", { params: { path: { method }, query: { page, pageSize } }, signal }));
}

/** Every card's first page, each settling on its own (one failing card does not hide the others). */
export function loadCards(api: ApiClient, signal?: AbortSignal): Promise<PromiseSettledResult<StatisticsPage>[]> {
  return Promise.allSettled(STATISTIC_CARDS.map((card) => loadStatistic(api, card.method, 1, CARD_SIZE, signal)));
}

export const loadCoverage = (api: ApiClient, silentMinutes: number, signal?: AbortSignal): Promise<Coverage> =>
  expectData(api.GET("/api/v1/coverage", { params: { query: { silentMinutes } }, signal }));

/** /statistics as the first screen of a visit: the cards and the coverage load while the page's code does. */
export function prefetchStatistics(api: ApiClient, search: URLSearchParams): void {
  prefetch(CARDS, () => loadCards(api));
  const silentMinutes = silentMinutesFromSearch(search);
  prefetch(coverageKey(silentMinutes), () => loadCoverage(api, silentMinutes));
}

export const takePrefetchedCards = () => takePrefetched<PromiseSettledResult<StatisticsPage>[]>(CARDS);
export const takePrefetchedCoverage = (silentMinutes: number) => takePrefetched<Coverage>(coverageKey(silentMinutes));
