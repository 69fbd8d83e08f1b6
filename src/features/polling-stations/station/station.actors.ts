import { fromPromise } from "xstate";
import type { ApiClient } from "../../../api/client";
import { expectData } from "../../../api/problem";
import { fromAbortablePromise } from "../../../shared/machines/from-abortable-promise";
import type { CreateRecordInput, PageRecord, RecordIdInput, UpdateRecordInput } from "../../../shared/machines/page-mode.machine";
import type { PollingStation, StationObserver } from "../polling-stations.types";
import { formValuesOf, stationWithStatus, toStationInput, type StationFormValues } from "./station-form";

/**
 * The station page's record: the station, and beside it its facts as the form edits them (text) with its status,
 * which is what the page-mode machine makes its draft of.
 */
export type StationRecord = PageRecord & StationFormValues & { status: string; station: PollingStation };

export const stationRecord = (station: PollingStation): StationRecord => ({ ...formValuesOf(station), status: station.status, id: station.id, station });

/** getPollingStation. */
export function loadStation(api: ApiClient, id: number, signal: AbortSignal): Promise<PollingStation> {
  return expectData(api.GET("/api/v1/polling-stations/{id}", { params: { path: { id } }, signal }));
}

/** retirePollingStation: the station, retired (nothing of its history is deleted). */
export function retireStation(api: ApiClient, id: number, signal: AbortSignal): Promise<PollingStation> {
  return expectData(api.POST("/api/v1/polling-stations/{id}/retire", { params: { path: { id } }, signal }));
}

/** updatePollingStation with the same facts and `status: active`: the station takes reports again. */
export function reactivateStation(api: ApiClient, station: PollingStation, signal: AbortSignal): Promise<PollingStation> {
  return expectData(
    api.PUT("/api/v1/polling-stations/{id}", { params: { path: { id: station.id } }, body: stationWithStatus(station, "active"), signal }),
  );
}

/** The station page's load (a resource whose query is the station's id). */
export function createStationShowActors(api: ApiClient) {
  return {
    actors: {
      // Starts on mount: see fromAbortablePromise.
      load: fromAbortablePromise<unknown, unknown>(({ input, signal }) => loadStation(api, input as number, signal)),
    },
  };
}

/** listPollingStationObservers: who is assigned to the station or reported there, as far as the caller may see. */
export async function loadStationObservers(api: ApiClient, id: number, signal: AbortSignal): Promise<StationObserver[]> {
  const { observers } = await expectData(api.GET("/api/v1/polling-stations/{id}/observers", { params: { path: { id } }, signal }));
  return observers;
}

/** The station page's observers section: a resource of its own, so that its failure leaves the station on screen. */
export function createStationObserversActors(api: ApiClient) {
  return {
    actors: {
      // Starts on mount: see fromAbortablePromise.
      load: fromAbortablePromise<unknown, unknown>(({ input, signal }) => loadStationObservers(api, input as number, signal)),
    },
  };
}

/** The page-mode actors of adding and editing a station; every request carries the actor's AbortSignal. */
export function createStationEditActors(api: ApiClient) {
  return {
    // Starts on mount: see fromAbortablePromise.
    loadRecord: fromAbortablePromise<PageRecord, RecordIdInput>(async ({ input, signal }) => stationRecord(await loadStation(api, input.id, signal))),
    createRecord: fromPromise<PageRecord, CreateRecordInput>(async ({ input, signal }) =>
      stationRecord(await expectData(api.POST("/api/v1/polling-stations", { body: toStationInput(input.values), signal }))),
    ),
    updateRecord: fromPromise<PageRecord, UpdateRecordInput>(async ({ input, signal }) =>
      stationRecord(
        await expectData(api.PUT("/api/v1/polling-stations/{id}", { params: { path: { id: input.id } }, body: toStationInput(input.values), signal })),
      ),
    ),
  };
}
