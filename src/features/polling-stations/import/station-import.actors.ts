import { fromPromise } from "xstate";
import type { ApiClient } from "../../../api/client";
import { ApiError, errorFromNetworkFailure, errorFromResponse, isAbortError } from "../../../api/problem";
import type { ColumnMapping, ImportResult, ImportRowProblem, UploadInput } from "./station-import.machine";
import { fetchWithUploadProgress } from "./xhr-fetch";

/** A refused import: the ApiError plus what the 422s carry (`rows` of a bad file, `headers` and `found` of unknown columns). */
export class StationImportRejectedError extends ApiError {
  readonly rows: readonly ImportRowProblem[];
  readonly headers: readonly string[];
  readonly found: ColumnMapping;

  constructor(error: ApiError, body: unknown) {
    super({ ...error, fieldErrors: { ...error.fieldErrors } });
    this.name = "StationImportRejectedError";
    const problem = typeof body === "object" && body !== null ? (body as { rows?: unknown; headers?: unknown; found?: unknown }) : {};
    this.rows = Array.isArray(problem.rows) ? (problem.rows as ImportRowProblem[]) : [];
    this.headers = Array.isArray(problem.headers) ? (problem.headers as string[]) : [];
    this.found = typeof problem.found === "object" && problem.found !== null ? (problem.found) : {};
  }
}

/**
 * importPollingStations: the file (and the mapping, when the server did not recognise its headers) as multipart,
 * a dry run or the import itself, with the upload's progress reported as it goes.
 */
export async function uploadStations(api: ApiClient, { file, columns, retireMissing, dryRun, reportProgress }: UploadInput, signal: AbortSignal) {
  let result;
  try {
    result = await api.POST("/api/v1/polling-stations/import", {
      params: { query: { dryRun, retireMissing } },
      // The contract types the part as a string; the browser sends the File itself.
      body: { file: "" },
      bodySerializer: () => {
        const form = new FormData();
        form.append("file", file, file.name);
        if (columns) form.append("columns", JSON.stringify(columns));
        return form;
      },
      fetch: fetchWithUploadProgress(reportProgress),
      signal,
    });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw errorFromNetworkFailure(error);
  }
  if (!result.response.ok) throw new StationImportRejectedError(errorFromResponse(result.response, result.error), result.error);
  return result.data as ImportResult;
}

/** The import machine's upload; its AbortSignal cancels a dry run the user leaves. */
export function createStationImportActors(api: ApiClient) {
  return {
    uploadFile: fromPromise<ImportResult, UploadInput>(({ input, signal }) => uploadStations(api, input, signal)),
  };
}
