import { assertEvent, assign, fromPromise, setup } from "xstate";
import type { components } from "../../../api/schema";
import { required } from "../../../shared/machines/required";

export type ImportResult = components["schemas"]["PollingStationImportResult"];
export type StationImportField = components["schemas"]["StationImportField"];

/** Which of the file's headers holds each field, for a file whose headers the server did not recognise. */
export type ColumnMapping = Partial<Record<StationImportField, string>>;

/** The fields the mapping step offers, in the template's order; county and number are required. */
export const MAPPED_FIELDS: readonly StationImportField[] = ["county", "number", "locality", "institution", "address", "registeredVoters", "latitude", "longitude"];
export const REQUIRED_FIELDS: readonly StationImportField[] = ["county", "number"];

export interface ImportRequest {
  file: File;
  /** null: the server recognises the file's headers on its own. */
  columns: ColumnMapping | null;
  retireMissing: boolean;
  dryRun: boolean;
}

/** How much of the file has gone up. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadInput extends ImportRequest {
  reportProgress: (progress: UploadProgress) => void;
}

/** One bad row as the server reports it (422 import_invalid). */
export interface ImportRowProblem {
  line: number;
  field: string;
  code: string;
  message: string;
}

/** Why an upload failed: the HTTP status, the problem code and what the 422s carry. */
export interface ImportFailure {
  status: number;
  code: string | null;
  rows: readonly ImportRowProblem[];
  headers: readonly string[];
  found: ColumnMapping;
}

export type FileRejection = "too_large" | "wrong_type";

export interface StationImportContext {
  file: File | null;
  rejection: FileRejection | null;
  /** The file's headers, once the server said it does not recognise them. */
  headers: readonly string[];
  columns: ColumnMapping | null;
  retireMissing: boolean;
  /** What the last dry run says the import would do. */
  review: ImportResult | null;
  /** What the import did. */
  result: ImportResult | null;
  failure: ImportFailure | null;
  progress: UploadProgress | null;
}

export type StationImportEvent =
  | { type: "file.choose"; file: File }
  | { type: "file.reject"; reason: FileRejection }
  | { type: "column.choose"; field: StationImportField; header: string | null }
  | { type: "mapping.submit" }
  | { type: "mapping.edit" }
  | { type: "retireMissing.change"; retireMissing: boolean }
  | { type: "import.commit" }
  | { type: "import.retry" }
  | { type: "import.restart" }
  | { type: "import.cancel" }
  | { type: "upload.progress"; loaded: number; total: number };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

function mappingOf(value: unknown): ColumnMapping {
  if (!isRecord(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter(([field, header]) => (MAPPED_FIELDS as readonly string[]).includes(field) && typeof header === "string"),
  );
}

/** Reads what the upload actor threw (an ApiError with the 422's `rows`, `headers` and `found`, structurally). */
export function toImportFailure(error: unknown): ImportFailure {
  if (!isRecord(error)) return { status: 0, code: "unexpected", rows: [], headers: [], found: {} };
  return {
    status: typeof error.status === "number" ? error.status : 0,
    code: typeof error.code === "string" ? error.code : null,
    rows: Array.isArray(error.rows) ? (error.rows as ImportRowProblem[]) : [],
    headers: Array.isArray(error.headers) ? error.headers.filter((header): header is string => typeof header === "string") : [],
    found: mappingOf(error.found),
  };
}

/** Worth trying again: the network or the server failed. A refusal (4xx) would only be refused again. */
export const isRetryableFailure = (failure: ImportFailure | null) => failure !== null && (failure.status === 0 || failure.status >= 500);

/** The stations the import changes: added, changed and retired. */
export const changeCount = (result: ImportResult) => result.added + result.changed + result.retired;

/** The stations the file lists: what "Importing n stations" counts. */
export const stationCount = (result: ImportResult) => result.added + result.changed + result.unchanged;

const notProvided = (name: string) => () => Promise.reject(new Error(`${name} is not provided`));

/** What an upload sends: the file with its mapping and the retire switch, as a dry run or for real. */
function requestOf(context: StationImportContext, dryRun: boolean): ImportRequest {
  // Both uploads are entered from a step that has a file (choosing one starts the first).
  return { file: required(context.file, "the chosen file"), columns: context.columns, retireMissing: context.retireMissing, dryRun };
}

const failureOf = (event: unknown) => toImportFailure((event as { error?: unknown }).error);

export const stationImportMachine = setup({
  types: {
    context: {} as StationImportContext,
    events: {} as StationImportEvent,
    tags: {} as "busy",
  },
  actors: {
    uploadFile: fromPromise<ImportResult, UploadInput>(notProvided("uploadFile")),
  },
  guards: {
    isMappingComplete: ({ context }) => context.columns !== null && REQUIRED_FIELDS.every((field) => Boolean(context.columns?.[field])),
    hasMapping: ({ context }) => context.columns !== null,
    hasChanges: ({ context }) => context.review !== null && changeCount(context.review) > 0,
    isNewRetireMissing: ({ context, event }) => event.type === "retireMissing.change" && event.retireMissing !== context.retireMissing,
    canRetry: ({ context }) => isRetryableFailure(context.failure),
    columnsUnrecognised: ({ event }) => failureOf(event).code === "columns_unrecognised",
    rowsInvalid: ({ event }) => failureOf(event).rows.length > 0,
  },
  actions: {
    chooseFile: assign(({ event }) => {
      assertEvent(event, "file.choose");
      return { file: event.file, rejection: null, headers: [], columns: null, review: null, result: null, failure: null };
    }),
    rejectFile: assign(({ event }) => {
      assertEvent(event, "file.reject");
      return { file: null, rejection: event.reason, headers: [], columns: null, review: null, failure: null };
    }),
    chooseColumn: assign(({ context, event }) => {
      assertEvent(event, "column.choose");
      const others = Object.entries(context.columns ?? {}).filter(([field]) => field !== event.field);
      return { columns: Object.fromEntries(event.header ? [...others, [event.field, event.header]] : others) };
    }),
    changeRetireMissing: assign(({ event }) => {
      assertEvent(event, "retireMissing.change");
      return { retireMissing: event.retireMissing };
    }),
    startUpload: assign({ progress: null, failure: null }),
    recordProgress: assign(({ event }) => {
      assertEvent(event, "upload.progress");
      return { progress: { loaded: event.loaded, total: event.total } };
    }),
    storeReview: assign((_, params: { result: ImportResult }) => ({ review: params.result })),
    storeResult: assign((_, params: { result: ImportResult }) => ({ result: params.result })),
    storeFailure: assign((_, params: { failure: ImportFailure }) => ({ failure: params.failure })),
    /** The file's headers, and the fields found among them (the user's own choices kept where the headers still have them). */
    prepareMapping: assign(({ context }, params: { failure: ImportFailure }) => {
      const kept = Object.entries(context.columns ?? {}).filter(([, header]) => params.failure.headers.includes(header));
      return { headers: params.failure.headers, columns: { ...params.failure.found, ...Object.fromEntries(kept) }, review: null };
    }),
    restart: assign({ file: null, rejection: null, headers: [], columns: null, review: null, result: null, failure: null, progress: null }),
    onImported: (_, _params: { result: ImportResult }) => {},
    onCancelled: () => {},
  },
}).createMachine({
  id: "stationImport",
  description:
    "Imports the polling-station registry from a CSV or XLSX file: a dry run first, a column mapping when the server does not recognise the headers, the diff with the retire switch, then the import itself, run once.",
  context: {
    file: null,
    rejection: null,
    headers: [],
    columns: null,
    retireMissing: true,
    review: null,
    result: null,
    failure: null,
    progress: null,
  },
  initial: "awaiting",
  states: {
    awaiting: {
      description: "The page waits for the user: another file may be chosen at any step, or the import cancelled",
      initial: "choosing",
      on: {
        "file.choose": { target: "checking", actions: "chooseFile", description: "A new file starts over from its dry run" },
        "file.reject": { target: ".choosing", actions: "rejectFile", description: "The picker refused the file (too large, not CSV or XLSX)" },
        "import.cancel": "cancelled",
      },
      states: {
        choosing: {},
        mapping: {
          description: "Each field gets one of the file's headers; county and number are required",
          on: {
            "column.choose": { actions: "chooseColumn" },
            "mapping.submit": { guard: "isMappingComplete", target: "#stationImport.checking" },
          },
        },
        reviewing: {
          description: "The dry run's diff: what the import would add, change and retire",
          on: {
            "retireMissing.change": {
              guard: "isNewRetireMissing",
              target: "#stationImport.checking",
              actions: "changeRetireMissing",
              description: "Retiring the stations the file leaves out, or not, changes the diff: the dry run runs again",
            },
            "mapping.edit": { guard: "hasMapping", target: "mapping" },
            "import.commit": { guard: "hasChanges", target: "#stationImport.committing" },
          },
        },
        invalid: {
          description: "The file has bad rows (nothing was saved): a corrected file, or another mapping",
          on: { "mapping.edit": { guard: "hasMapping", target: "mapping" } },
        },
        checkFailed: {
          on: { "import.retry": { guard: "canRetry", target: "#stationImport.checking" } },
        },
        commitFailed: {
          description: "Importing the same file again is harmless: the file says what the registry should be",
          on: { "import.retry": { guard: "canRetry", target: "#stationImport.committing" } },
        },
      },
    },
    checking: {
      tags: "busy",
      description: "The dry run: the server reads the whole file and compares it with the registry, saving nothing",
      entry: "startUpload",
      on: {
        "upload.progress": { actions: "recordProgress" },
        "import.cancel": { target: "cancelled", description: "A dry run saves nothing: leaving aborts it" },
      },
      invoke: {
        id: "check",
        src: "uploadFile",
        input: ({ context, self }) => ({
          ...requestOf(context, true),
          reportProgress: ({ loaded, total }: UploadProgress) => self.send({ type: "upload.progress", loaded, total }),
        }),
        onDone: { target: "awaiting.reviewing", actions: { type: "storeReview", params: ({ event }) => ({ result: event.output }) } },
        onError: [
          {
            guard: "columnsUnrecognised",
            target: "awaiting.mapping",
            actions: { type: "prepareMapping", params: ({ event }) => ({ failure: toImportFailure(event.error) }) },
          },
          {
            guard: "rowsInvalid",
            target: "awaiting.invalid",
            actions: { type: "storeFailure", params: ({ event }) => ({ failure: toImportFailure(event.error) }) },
          },
          { target: "awaiting.checkFailed", actions: { type: "storeFailure", params: ({ event }) => ({ failure: toImportFailure(event.error) }) } },
        ],
      },
    },
    committing: {
      tags: "busy",
      description:
        "The import itself, all or nothing. A second Import is ignored here (a double click imports once), and so is Cancel: the server may already be saving, and leaving would hide whether it did.",
      entry: "startUpload",
      on: { "upload.progress": { actions: "recordProgress" } },
      invoke: {
        id: "commit",
        src: "uploadFile",
        input: ({ context, self }) => ({
          ...requestOf(context, false),
          reportProgress: ({ loaded, total }: UploadProgress) => self.send({ type: "upload.progress", loaded, total }),
        }),
        onDone: {
          target: "done",
          actions: [
            { type: "storeResult", params: ({ event }) => ({ result: event.output }) },
            { type: "onImported", params: ({ event }) => ({ result: event.output }) },
          ],
        },
        onError: [
          {
            guard: "rowsInvalid",
            target: "awaiting.invalid",
            actions: { type: "storeFailure", params: ({ event }) => ({ failure: toImportFailure(event.error) }) },
            description: "The registry changed since the dry run so that the file no longer fits it",
          },
          { target: "awaiting.commitFailed", actions: { type: "storeFailure", params: ({ event }) => ({ failure: toImportFailure(event.error) }) } },
        ],
      },
    },
    done: {
      description: "What the import did; another file starts again from the beginning",
      on: { "import.restart": { target: "awaiting.choosing", actions: "restart" } },
    },
    cancelled: {
      type: "final",
      entry: "onCancelled",
      description: "The page leaves for the registry",
    },
  },
});
