import { fromPromise } from "xstate";
import type { ApiClient } from "../../api/client";
import { expectData } from "../../api/problem";
import { fromAbortablePromise } from "../../shared/machines/from-abortable-promise";
import type { components } from "../../api/schema";
import type { CreateRecordInput, PageRecord, PageValues, RecordIdInput, UpdateRecordInput } from "../../shared/machines/page-mode.machine";

export type Ngo = components["schemas"]["Ngo"];
export type NgoAdmin = components["schemas"]["NgoAdmin"];

const text = (values: PageValues, key: string) => {
  const value = values[key];
  return typeof value === "string" ? value : "";
};

const flag = (values: PageValues, key: string) => values[key] === true;

/** The NGO profile's page-mode actors (getNgo, createNgo, updateNgo, deleteNgo), each aborted with its state. */
export function createNgoActors(api: ApiClient) {
  return {
    // Starts on mount: see fromAbortablePromise.
    loadRecord: fromAbortablePromise<PageRecord, RecordIdInput>(({ input, signal }) =>
      expectData(api.GET("/api/v1/ngo/{id}", { params: { path: { id: input.id } }, signal })),
    ),
    createRecord: fromPromise<PageRecord, CreateRecordInput>(({ input, signal }) => {
      const { values } = input;
      const body = {
        name: text(values, "name"),
        shortName: text(values, "shortName"),
        organizer: flag(values, "organizer"),
        isActive: flag(values, "isActive"),
      };
      return expectData(api.POST("/api/v1/ngo", { body, signal }));
    }),
    updateRecord: fromPromise<PageRecord, UpdateRecordInput>(({ input, signal }) => {
      const { id, values } = input;
      const body = {
        idNgo: id,
        name: text(values, "name"),
        shortName: text(values, "shortName"),
        organizer: flag(values, "organizer"),
        isActive: flag(values, "isActive"),
      };
      return expectData(api.PUT("/api/v1/ngo", { body, signal }));
    }),
    deleteRecord: fromPromise<unknown, RecordIdInput>(({ input, signal }) => deleteNgo(api, input.id, signal)),
  };
}

export function deleteNgo(api: ApiClient, id: number, signal: AbortSignal): Promise<unknown> {
  return expectData(api.DELETE("/api/v1/ngo/{id}", { params: { path: { id } }, signal }));
}

/** setNgoStatus: the flag the NGO should have after the call (so a repeated call changes nothing more). */
export function setNgoActive(api: ApiClient, id: number, isActive: boolean, signal: AbortSignal): Promise<Ngo> {
  return expectData(api.PATCH("/api/v1/ngo/{id}/status", { params: { path: { id } }, body: { isActive }, signal }));
}

/** setNgoOrganizer: the flag the NGO should have after the call. */
export function setNgoOrganizer(api: ApiClient, id: number, isOrganizer: boolean, signal: AbortSignal): Promise<Ngo> {
  return expectData(api.PATCH("/api/v1/ngo/{id}/organizer", { params: { path: { id } }, body: { isOrganizer }, signal }));
}

export function createNgoAdmin(
  api: ApiClient,
  { ngoId, account, password }: { ngoId: number; account: string; password: string },
  signal: AbortSignal,
): Promise<NgoAdmin> {
  return expectData(api.POST("/api/v1/ngo/{id}/admins", { params: { path: { id: ngoId } }, body: { account, password }, signal }));
}

export function resetNgoAdminPassword(
  api: ApiClient,
  { ngoId, adminId, password }: { ngoId: number; adminId: number; password: string },
  signal: AbortSignal,
): Promise<unknown> {
  return expectData(
    api.PUT("/api/v1/ngo/{id}/admins/{adminId}/password", { params: { path: { id: ngoId, adminId } }, body: { password }, signal }),
  );
}

export function deleteNgoAdmin(api: ApiClient, ngoId: number, adminId: number, signal: AbortSignal): Promise<unknown> {
  return expectData(api.DELETE("/api/v1/ngo/{id}/admins/{adminId}", { params: { path: { id: ngoId, adminId } }, signal }));
}
