import type { ApiClient } from "../../api/client";
import { errorFromResponse, expectData } from "../../api/problem";
import type { components } from "../../api/schema";
import { fromAbortablePromise } from "../../shared/machines/from-abortable-promise";
import type { ListPage, ListQuery } from "../../shared/machines/list.machine";

export type Observer = components["schemas"]["Observer"];
export type ObserverSortBy = "lastSeen" | "name";

/** The query parameters listObservers and exportObservers share; empty filters are left out. */
export function toObserverQuery({ filter, sort }: Pick<ListQuery, "filter" | "sort">) {
  const name = filter.name?.trim();
  const number = filter.phone?.trim();
  return {
    ...(name ? { Name: name } : {}),
    ...(number ? { Number: number } : {}),
    SortBy: sort.by === "name" ? ("name" as const) : ("lastSeen" as const),
    SortDirection: sort.direction,
  };
}

/** The real loader of the list machine for observers (listObservers). */
export function createObserverListActors(api: ApiClient) {
  return {
    actors: {
      // Starts on mount: see fromAbortablePromise.
      loadPage: fromAbortablePromise<ListPage, ListQuery>(async ({ input, signal }) => {
        const page = await expectData(
          api.GET("/api/v1/observer", {
            params: { query: { Page: input.page, PageSize: input.pageSize, ...toObserverQuery(input) } },
            signal,
          }),
        );
        return { items: page.data, totalItems: page.totalItems };
      }),
    },
  };
}

/**
 * Deletes the observers one call after the other (the contract has no bulk delete), reporting each answer so the
 * page can show "n of total". One at a time spares the server and lets an abort stop the calls not yet sent.
 * Resolves with the ids whose delete failed.
 */
export async function deleteObservers(
  api: ApiClient,
  ids: readonly number[],
  { signal, reportProgress }: { signal: AbortSignal; reportProgress?: (progress: { done: number; total: number }) => void },
): Promise<number[]> {
  const failed: number[] = [];
  for (const [index, id] of ids.entries()) {
    try {
      await expectData(api.DELETE("/api/v1/observer", { params: { query: { id } }, signal }));
    } catch (error) {
      if (signal.aborted) throw error;
      failed.push(id);
    }
    reportProgress?.({ done: index + 1, total: ids.length });
  }
  return failed;
}

/** Fetches the CSV of every observer matching the filter and sort (exportObservers), with the bearer token. */
export async function exportObservers(api: ApiClient, query: Pick<ListQuery, "filter" | "sort">, signal: AbortSignal): Promise<Blob> {
  const { data, error, response } = await api.GET("/api/v1/observer/export", {
    params: { query: { ...toObserverQuery(query), format: "csv" } },
    parseAs: "blob",
    signal,
  });
  if (!response.ok || !data) throw errorFromResponse(response, error);
  return data;
}
