import type { ApiClient } from "../../../api/client";
import { errorFromResponse, expectData } from "../../../api/problem";
import { fromAbortablePromise } from "../../../shared/machines/from-abortable-promise";
import type { ListFilter, ListPage, ListQuery } from "../../../shared/machines/list.machine";
import { STATION_STATUSES } from "./station-list.config";
import { isCountyCode, isStationNumber } from "./station-list.url";

/** The listPollingStations filters of a list filter, the non-empty ones only. */
export function toStationQuery(filter: ListFilter) {
  const county = filter.county?.trim() ?? "";
  const number = filter.number?.trim() ?? "";
  const search = filter.search?.trim() ?? "";
  const status = STATION_STATUSES.find((candidate) => candidate === filter.status);
  return {
    ...(isCountyCode(county) ? { county } : {}),
    ...(isStationNumber(number) ? { number: Number(number) } : {}),
    ...(search ? { search } : {}),
    ...(status ? { status } : {}),
  };
}

/** The loader of the list machine for the registry (listPollingStations), in county and number order. */
export function createStationListActors(api: ApiClient) {
  return {
    actors: {
      // Starts on mount: see fromAbortablePromise.
      loadPage: fromAbortablePromise<ListPage, ListQuery>(async ({ input, signal }) => {
        const query = { page: input.page, pageSize: input.pageSize, ...toStationQuery(input.filter) };
        const page = await expectData(api.GET("/api/v1/polling-stations", { params: { query }, signal }));
        return { items: page.data, totalItems: page.totalItems };
      }),
    },
  };
}

/** Fetches the whole registry as CSV in the import template's columns (exportPollingStations). */
export async function exportStations(api: ApiClient, signal: AbortSignal): Promise<Blob> {
  const { data, error, response } = await api.GET("/api/v1/polling-stations/export", { parseAs: "blob", signal });
  if (!response.ok || !data) throw errorFromResponse(response, error);
  return data;
}
