import { fromPromise } from "xstate";
import type { ApiClient } from "../../../api/client";
import { expectData } from "../../../api/problem";
import type { components } from "../../../api/schema";
import { fromAbortablePromise } from "../../../shared/machines/from-abortable-promise";
import type { SaveStationsInput, StationsLoad } from "./observer-stations.machine";
import type { AssignRequest } from "./observer-assign.machine";
import type { AssignedStation, County } from "./station-ref";

export type BulkAssignmentResult = components["schemas"]["BulkAssignmentResult"];

/** Every county, in display order (listCounties), for the add control's select. */
export function loadCounties(api: ApiClient, signal: AbortSignal): Promise<County[]> {
  return expectData(api.GET("/api/v1/polling-station", { signal }));
}

async function loadObserverStations(api: ApiClient, observerId: number, signal: AbortSignal): Promise<StationsLoad> {
  const [assigned, counties] = await Promise.all([
    expectData(api.GET("/api/v1/observer/{id}/stations", { params: { path: { id: observerId } }, signal })),
    loadCounties(api, signal),
  ]);
  return { stations: assigned.stations, counties };
}

/** setObserverStations: the whole new list; the server answers the observer's stations as it now holds them. */
async function saveObserverStations(api: ApiClient, { observerId, stations }: SaveStationsInput, signal: AbortSignal): Promise<AssignedStation[]> {
  const saved = await expectData(api.PUT("/api/v1/observer/{id}/stations", { params: { path: { id: observerId } }, body: { stations }, signal }));
  return saved.stations;
}

/**
 * The real implementations of the profile's stations section (observer-stations.machine) and of the bulk
 * assignment (observer-assign.machine). Every request carries the actor's AbortSignal.
 */
export function createObserverStationsActors(api: ApiClient) {
  return {
    // Starts on mount: see fromAbortablePromise.
    loadStations: fromAbortablePromise<StationsLoad, { observerId: number }>(({ input, signal }) => loadObserverStations(api, input.observerId, signal)),
    saveStations: fromPromise<AssignedStation[], SaveStationsInput>(({ input, signal }) => saveObserverStations(api, input, signal)),
  };
}

export function createObserverAssignActors(api: ApiClient) {
  return {
    // Starts on mount: see fromAbortablePromise.
    loadCounties: fromAbortablePromise<County[]>(({ signal }) => loadCounties(api, signal)),
    assign: fromPromise<BulkAssignmentResult, AssignRequest>(({ input, signal }) =>
      expectData(api.POST("/api/v1/observer/stations", { body: input, signal })),
    ),
  };
}
