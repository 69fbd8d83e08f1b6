import { fromPromise } from "xstate";
import { fromAbortablePromise } from "../../shared/machines/from-abortable-promise";
import type { ApiClient } from "../../api/client";
import { ApiError, errorFromNetworkFailure, errorFromResponse, expectData, isAbortError } from "../../api/problem";
import type { components } from "../../api/schema";
import type { CreateRecordInput, PageRecord, PageValues, RecordIdInput, UpdateRecordInput } from "../../shared/machines/page-mode.machine";
import { previewCsv, type CsvPreview } from "./observer-import.csv";
import type { ImportRequest, ImportRowProblem } from "./observer-import.machine";

export type Observer = components["schemas"]["Observer"];
export type ImportResult = components["schemas"]["ImportResult"];

export interface ResetPinInput {
  phone: string;
  pin: string;
}

/** A rejected import: the ApiError plus, for a 422, every bad row the server listed. */
export class ImportRejectedError extends ApiError {
  readonly rows: readonly ImportRowProblem[];

  constructor(error: ApiError, rows: readonly ImportRowProblem[]) {
    super({ ...error, fieldErrors: { ...error.fieldErrors } });
    this.name = "ImportRejectedError";
    this.rows = rows;
  }
}

const text = (values: PageValues, key: string) => {
  const value = values[key];
  return typeof value === "string" ? value : "";
};

function readRows(body: unknown): ImportRowProblem[] {
  if (typeof body !== "object" || body === null) return [];
  const rows = (body as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as ImportRowProblem[]) : [];
}

/** resetObserverPassword: the observer's new PIN. */
export function resetObserverPin(api: ApiClient, { phone, pin }: ResetPinInput, signal: AbortSignal): Promise<unknown> {
  return expectData(api.POST("/api/v1/observer/reset", { body: { action: "reset-password", phoneNumber: phone, pin }, signal }));
}

async function loadObserver(api: ApiClient, id: number, signal: AbortSignal): Promise<Observer> {
  const page = await expectData(api.GET("/api/v1/observer", { params: { query: { id } }, signal }));
  const observer = page.data[0];
  if (!observer) throw new ApiError({ status: 404, code: "not_found", title: "Not found" });
  return observer;
}

async function importObservers(api: ApiClient, { file, ngoId, dryRun }: ImportRequest, signal: AbortSignal) {
  let result;
  try {
    result = await api.POST("/api/v1/observer/import", {
      // The contract types the part as a string; the browser sends the File itself.
      body: { file: "", ngoId, dryRun },
      bodySerializer: () => {
        const form = new FormData();
        form.append("file", file, file.name);
        form.append("ngoId", String(ngoId));
        form.append("dryRun", String(dryRun));
        return form;
      },
      signal,
    });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw errorFromNetworkFailure(error);
  }
  if (!result.response.ok) {
    throw new ImportRejectedError(errorFromResponse(result.response, result.error), readRows(result.error));
  }
  return result.data as ImportResult;
}

/**
 * The real implementations of the observer profile's page-mode actors and the CSV import.
 * Every request carries the actor's AbortSignal, so leaving a state cancels its call.
 */
export function createObserverActors(api: ApiClient) {
  return {
    // Starts on mount: see fromAbortablePromise.
    loadRecord: fromAbortablePromise<PageRecord, RecordIdInput>(({ input, signal }) => loadObserver(api, input.id, signal)),
    createRecord: fromPromise<PageRecord, CreateRecordInput>(({ input, signal }) => {
      const { values } = input;
      const body = { name: text(values, "name"), phone: text(values, "phone"), pin: text(values, "pin"), sendSMS: false };
      return expectData(api.POST("/api/v1/observer", { body, signal }));
    }),
    updateRecord: fromPromise<PageRecord, UpdateRecordInput>(({ input, signal }) => {
      const { id, values } = input;
      const pin = text(values, "pin");
      // An empty PIN keeps the current one: the contract updates the PIN only when `pin` is present.
      const body = { idObserver: id, name: text(values, "name"), phone: text(values, "phone"), ...(pin ? { pin } : {}) };
      return expectData(api.PUT("/api/v1/observer", { body, signal }));
    }),
    deleteRecord: fromPromise<unknown, RecordIdInput>(({ input, signal }) =>
      expectData(api.DELETE("/api/v1/observer", { params: { query: { id: input.id } }, signal })),
    ),
    importFile: fromPromise<ImportResult, ImportRequest>(({ input, signal }) => importObservers(api, input, signal)),
    readPreview: fromPromise<CsvPreview, { file: File }>(async ({ input }) => previewCsv(await input.file.text())),
  };
}
