import type { ApiClient } from "../../../api/client";
import { expectData } from "../../../api/problem";
import type { components } from "../../../api/schema";
import { fromAbortablePromise } from "../../../shared/machines/from-abortable-promise";
import { loadCoverage, takePrefetchedCoverage } from "../statistics-prefetch";

export type Coverage = components["schemas"]["Coverage"];
export type CountyCoverage = components["schemas"]["CountyCoverage"];
export type CoverageMeasure = components["schemas"]["CoverageMeasure"];
export type CoverageStation = components["schemas"]["CoverageStation"];

/** The stations behind one number, every page of them, with the time the server counted them. */
export interface CoverageStationList {
  /** The county's name as listCounties gives it (the station list names counties by code only). */
  countyName: string;
  asOf: string;
  totalItems: number;
  stations: CoverageStation[];
}

export interface CoverageStationsQuery {
  county: string;
  measure: CoverageMeasure;
  silentMinutes: number;
}

/** The contract's largest page: a county has at most about 1,300 stations, so two requests at most. */
const ALL_PAGE_SIZE = 1000;

/** What the coverage resource asks for: the figures for one silent threshold. */
export interface CoverageQuery {
  silentMinutes: number;
}

/** How long the coverage figures wait, after their answer came, before they load again on their own. */
export const COVERAGE_REFRESH_MS = 10_000;

/** The coverage's loader (getCoverage) for the silent threshold its resource asks; first, what the route prefetched. */
export function createCoverageActors(api: ApiClient) {
  return {
    // Starts on mount: see fromAbortablePromise.
    // The resource's query is untyped (each feature reads its own in one place): CoverageOverview gives this one.
    load: fromAbortablePromise<unknown, unknown>(({ input, signal }) => {
      const { silentMinutes } = input as CoverageQuery;
      return takePrefetchedCoverage(silentMinutes) ?? loadCoverage(api, silentMinutes, signal);
    }),
  };
}

/**
 * Every station behind one number (listCoverageStations, page after page). All of them rather than one page:
 * "Notify these observers" must reach the observers of every listed station, not only the 20 shown.
 */
async function loadAllCoverageStations(api: ApiClient, query: CoverageStationsQuery, signal: AbortSignal): Promise<Omit<CoverageStationList, "countyName">> {
  const stations: CoverageStation[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await expectData(
      api.GET("/api/v1/coverage/stations", { params: { query: { ...query, page, pageSize: ALL_PAGE_SIZE } }, signal }),
    );
    stations.push(...answer.data);
    // The last page's time: the list never claims to be older than any of its pages.
    if (page >= answer.totalPages) return { asOf: answer.asOf, totalItems: answer.totalItems, stations };
  }
}

/** The resource machine's loader for the station list; read back through selectCoverageStationList. */
export function createCoverageStationsLoader(api: ApiClient, query: CoverageStationsQuery) {
  return {
    actors: {
      // Starts on mount: see fromAbortablePromise. An unknown county is the stations call's 404.
      load: fromAbortablePromise<unknown>(async ({ signal }): Promise<CoverageStationList> => {
        const [counties, list] = await Promise.all([
          expectData(api.GET("/api/v1/polling-station", { signal })),
          loadAllCoverageStations(api, query, signal),
        ]);
        const countyName = counties.find((county) => county.code === query.county)?.name ?? query.county;
        return { countyName, ...list };
      }),
    },
  };
}
