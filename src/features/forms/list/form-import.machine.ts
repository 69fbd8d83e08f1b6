import { assign, fromPromise, setup } from "xstate";
import type { components } from "../../../api/schema";
import { toPageError, type PageError } from "../../../shared/machines/page-error";

/** Something the file left out and the import filled in (a code the view translates). */
export type FormFileFill = components["schemas"]["FormFileFill"];

/** A form file as read: its JSON, and the code it would be created with (changeable: codes are unique). */
export interface FormFile {
  name: string;
  body: Record<string, unknown>;
}

export interface FormImportContext {
  file: FormFile | null;
  code: string;
  /** The file is not a JSON object (no call is made for it). */
  unreadable: boolean;
  error: PageError | null;
}

export type FormImportEvent =
  | { type: "import.open" }
  | { type: "import.close" }
  | { type: "file.chosen"; file: Blob & { name: string } }
  | { type: "code.change"; code: string }
  | { type: "import.send" };

/** Reads a chosen file into a JSON object; anything else is "unreadable". */
export async function readFormFile(file: Blob & { name: string }): Promise<FormFile | null> {
  try {
    const body: unknown = JSON.parse(await file.text());
    return typeof body === "object" && body !== null && !Array.isArray(body) ? { name: file.name, body: body as Record<string, unknown> } : null;
  } catch {
    return null;
  }
}

export const formImportMachine = setup({
  types: {
    context: {} as FormImportContext,
    events: {} as FormImportEvent,
    tags: {} as "busy",
  },
  actors: {
    readFile: fromPromise<FormFile | null, { file: Blob & { name: string } }>(({ input }) => readFormFile(input.file)),
    importForm: fromPromise<{ id: number; filledIn: FormFileFill[] }, { body: Record<string, unknown> }>(() =>
      Promise.reject(new Error("importForm is not provided")),
    ),
  },
  guards: {
    canImport: ({ context }) => context.file !== null && context.code.trim() !== "",
  },
  actions: {
    onImported: (_, _params: { id: number; filledIn: FormFileFill[] }) => {},
    clear: assign({ file: null, code: "", unreadable: false, error: null }),
  },
}).createMachine({
  id: "formImport",
  description: "Creates a form from a JSON file (one exported here, or the original system's FormDTO): read, checked by the server, imported as a draft",
  context: { file: null, code: "", unreadable: false, error: null },
  initial: "closed",
  states: {
    closed: {
      on: { "import.open": { target: "choosing", actions: "clear" } },
    },
    choosing: {
      on: {
        "import.close": "closed",
        "file.chosen": "reading",
        "code.change": { actions: assign({ code: ({ event }) => event.code, error: null }) },
        "import.send": { guard: "canImport", target: "importing" },
      },
    },
    reading: {
      tags: "busy",
      invoke: {
        id: "read",
        src: "readFile",
        input: ({ event }) => ({ file: (event as Extract<FormImportEvent, { type: "file.chosen" }>).file }),
        onDone: {
          target: "choosing",
          actions: assign(({ event }) =>
            event.output
              ? { file: event.output, code: typeof event.output.body.code === "string" ? event.output.body.code : "", unreadable: false, error: null }
              : { file: null, code: "", unreadable: true, error: null },
          ),
        },
      },
    },
    importing: {
      tags: "busy",
      description: "The server checks the whole file and saves all of it or nothing",
      invoke: {
        id: "import",
        src: "importForm",
        input: ({ context }) => ({ body: { ...context.file?.body, code: context.code.trim() } }),
        onDone: { target: "closed", actions: { type: "onImported", params: ({ event }) => event.output } },
        onError: { target: "choosing", actions: assign({ error: ({ event }) => toPageError(event.error) }) },
      },
    },
  },
});
