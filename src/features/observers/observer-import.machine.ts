import { assign, fromPromise, setup } from "xstate";
import { required } from "../../shared/machines/required";
import type { CsvPreview } from "./observer-import.csv";

export interface ImportRequest {
  file: File;
  ngoId: number;
  dryRun: boolean;
}

export interface ImportOutcome {
  count: number;
  dryRun: boolean;
}

/** One bad row as the server reports it (422 import_invalid). */
export interface ImportRowProblem {
  line: number;
  field: string;
  code: string;
  message: string;
}

/** Why an upload failed: the HTTP status, the problem code and, for a 422, the bad rows. */
export interface ImportFailure {
  status: number;
  code: string | null;
  rows: readonly ImportRowProblem[];
}

export type FileRejection = "too_large" | "wrong_type";

export interface ObserverImportContext {
  ngoId: string;
  file: File | null;
  preview: CsvPreview | null;
  rejection: FileRejection | null;
  outcome: ImportOutcome | null;
  failure: ImportFailure | null;
}

export type ObserverImportEvent =
  | { type: "ngo.change"; value: string }
  | { type: "file.choose"; file: File }
  | { type: "file.reject"; reason: FileRejection }
  | { type: "import.check" }
  | { type: "import.start" };

export interface ObserverImportInput {
  ngoId: number | null;
}

/** Reads what the import actor threw (an ApiError with `rows`, structurally). */
export function toImportFailure(error: unknown): ImportFailure {
  if (typeof error !== "object" || error === null) return { status: 0, code: "unexpected", rows: [] };
  const record = error as Record<string, unknown>;
  return {
    status: typeof record.status === "number" ? record.status : 0,
    code: typeof record.code === "string" ? record.code : null,
    rows: Array.isArray(record.rows) ? (record.rows as ImportRowProblem[]) : [],
  };
}

/** The NGO id as typed, when it is a positive whole number. */
export function parseNgoId(value: string): number | null {
  return /^\s*[1-9][0-9]*\s*$/.test(value) ? Number(value) : null;
}

/** What Check and Import send: the chosen file and the NGO typed; null until both are there. */
export function uploadOf({ file, ngoId }: Pick<ObserverImportContext, "file" | "ngoId">): Omit<ImportRequest, "dryRun"> | null {
  const id = parseNgoId(ngoId);
  return file !== null && id !== null ? { file, ngoId: id } : null;
}

const notProvided = (name: string) => () => Promise.reject(new Error(`${name} is not provided`));

export const observerImportMachine = setup({
  types: {
    context: {} as ObserverImportContext,
    events: {} as ObserverImportEvent,
    input: {} as ObserverImportInput,
    tags: {} as "busy",
  },
  actors: {
    readPreview: fromPromise<CsvPreview, { file: File }>(notProvided("readPreview")),
    importFile: fromPromise<ImportOutcome, ImportRequest>(notProvided("importFile")),
  },
  actions: {
    onImported: (_, _params: { count: number }) => {},
    onImportFailed: (_, _params: { failure: ImportFailure }) => {},
  },
  guards: {
    canUpload: ({ context }) => uploadOf(context) !== null,
  },
}).createMachine({
  id: "observerImport",
  description: "Uploads a CSV of observers to an NGO: preview in the browser, an optional dry run, then the import.",
  context: ({ input }) => ({
    ngoId: input.ngoId === null ? "" : String(input.ngoId),
    file: null,
    preview: null,
    rejection: null,
    outcome: null,
    failure: null,
  }),
  initial: "choosing",
  states: {
    choosing: {
      description: "The user may change the NGO and the file; Check and Import need both",
      initial: "idle",
      on: {
        "ngo.change": { actions: assign({ ngoId: ({ event }) => event.value }) },
        "file.choose": {
          target: ".previewing",
          actions: assign({ file: ({ event }) => event.file, preview: null, rejection: null, outcome: null, failure: null }),
        },
        "file.reject": {
          target: ".idle",
          actions: assign({ file: null, preview: null, rejection: ({ event }) => event.reason, outcome: null, failure: null }),
          description: "The picker refused the file (too large or not a CSV)",
        },
        "import.check": { guard: "canUpload", target: "checking" },
        "import.start": { guard: "canUpload", target: "importing" },
      },
      states: {
        idle: {},
        previewing: {
          invoke: {
            src: "readPreview",
            input: ({ context }) => ({ file: required(context.file, "the chosen file") }),
            onDone: { target: "ready", actions: assign({ preview: ({ event }) => event.output }) },
            onError: { target: "ready", description: "No preview; the server still validates the file" },
          },
        },
        ready: {},
        report: { description: "The dry run's answer: the count that would be added, or the bad rows" },
        done: {},
        failed: {},
      },
    },
    checking: {
      tags: "busy",
      entry: assign({ outcome: null, failure: null }),
      invoke: {
        src: "importFile",
        // Entered through canUpload only.
        input: ({ context }) => ({ ...required(uploadOf(context), "the file and the NGO"), dryRun: true }),
        onDone: { target: "choosing.report", actions: assign({ outcome: ({ event }) => event.output }) },
        onError: [
          {
            guard: ({ event }) => toImportFailure(event.error).rows.length > 0,
            target: "choosing.report",
            actions: assign({ failure: ({ event }) => toImportFailure(event.error) }),
          },
          {
            target: "choosing.failed",
            actions: [
              assign({ failure: ({ event }) => toImportFailure(event.error) }),
              { type: "onImportFailed", params: ({ event }) => ({ failure: toImportFailure(event.error) }) },
            ],
          },
        ],
      },
    },
    importing: {
      tags: "busy",
      entry: assign({ outcome: null, failure: null }),
      invoke: {
        src: "importFile",
        input: ({ context }) => ({ ...required(uploadOf(context), "the file and the NGO"), dryRun: false }),
        onDone: {
          target: "choosing.done",
          actions: [
            assign({ outcome: ({ event }) => event.output }),
            { type: "onImported", params: ({ event }) => ({ count: event.output.count }) },
          ],
        },
        onError: {
          target: "choosing.failed",
          actions: [
            assign({ failure: ({ event }) => toImportFailure(event.error) }),
            { type: "onImportFailed", params: ({ event }) => ({ failure: toImportFailure(event.error) }) },
          ],
        },
      },
    },
  },
});
