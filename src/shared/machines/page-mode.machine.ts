import { assign, fromPromise, setup } from "xstate";

/** The record a profile page shows: anything with an id (an observer, an NGO). */
export interface PageRecord {
  readonly id: number;
}

/** What the form submits, already normalized by the page. */
export type PageValues = Readonly<Record<string, string | number | boolean | null | undefined>>;

export type PageMode = "creating" | "viewing" | "editing";

/** Why a call failed, as codes the view translates: the problem code and each field's error codes. */
export interface PageError {
  status: number;
  code: string | null;
  fieldErrors: Readonly<Record<string, readonly string[]>>;
}

export interface PageModeInput {
  mode: PageMode;
  /** The record's id; null when creating. */
  id: number | null;
}

export interface PageModeContext {
  mode: PageMode;
  id: number | null;
  record: PageRecord | null;
  error: PageError | null;
}

export type PageModeEvent =
  | { type: "mode.edit" }
  | { type: "mode.view" }
  | { type: "load.retry" }
  | { type: "form.submit"; values: PageValues }
  | { type: "form.cancel" }
  | { type: "record.delete" }
  | { type: "delete.confirm" }
  | { type: "delete.cancel" };

export interface RecordIdInput {
  id: number;
}
export interface CreateRecordInput {
  values: PageValues;
}
export interface UpdateRecordInput {
  id: number;
  values: PageValues;
}

function fieldCodes(value: unknown): Record<string, string[]> {
  if (typeof value !== "object" || value === null) return {};
  const codes: Record<string, string[]> = {};
  for (const [field, problems] of Object.entries(value as Record<string, unknown>)) {
    if (!Array.isArray(problems)) continue;
    codes[field] = problems.flatMap((problem: unknown) =>
      typeof problem === "object" && problem !== null && typeof (problem as { code?: unknown }).code === "string"
        ? [(problem as { code: string }).code]
        : [],
    );
  }
  return codes;
}

/** Reads what an actor threw (an ApiError, structurally) into codes; anything else is an unexpected failure. */
export function toPageError(error: unknown): PageError {
  if (typeof error !== "object" || error === null) return { status: 0, code: "unexpected", fieldErrors: {} };
  const record = error as Record<string, unknown>;
  return {
    status: typeof record.status === "number" ? record.status : 0,
    code: typeof record.code === "string" ? record.code : null,
    fieldErrors: fieldCodes(record.fieldErrors),
  };
}

const notProvided = (name: string) => () => Promise.reject(new Error(`${name} is not provided`));

export const pageModeMachine = setup({
  types: {
    context: {} as PageModeContext,
    events: {} as PageModeEvent,
    input: {} as PageModeInput,
    tags: {} as "busy" | "readonly",
  },
  actors: {
    loadRecord: fromPromise<PageRecord, RecordIdInput>(notProvided("loadRecord")),
    createRecord: fromPromise<PageRecord, CreateRecordInput>(notProvided("createRecord")),
    updateRecord: fromPromise<PageRecord, UpdateRecordInput>(notProvided("updateRecord")),
    deleteRecord: fromPromise<unknown, RecordIdInput>(notProvided("deleteRecord")),
  },
  actions: {
    onCreated: (_, _params: { record: PageRecord }) => {},
    onSaved: (_, _params: { record: PageRecord }) => {},
    onDeleted: () => {},
    onCancelled: () => {},
    /** Runs after rememberError: the page reads the error from the context. */
    onFailed: () => {},
    rememberError: assign({ error: ({ event }) => toPageError((event as { error?: unknown }).error) }),
  },
  guards: {
    isCreating: ({ context }) => context.mode === "creating",
    isEditing: ({ context }) => context.mode === "editing",
  },
}).createMachine({
  id: "pageMode",
  description:
    "A profile page (observer, NGO): the route says whether it creates, views or edits a record. Viewing and editing load the record first.",
  context: ({ input }) => ({ mode: input.mode, id: input.id, record: null, error: null }),
  initial: "starting",
  states: {
    starting: {
      always: [{ guard: "isCreating", target: "creating" }, { target: "loading" }],
    },
    loading: {
      tags: "readonly",
      invoke: {
        id: "loadRecord",
        src: "loadRecord",
        input: ({ context }) => ({ id: context.id ?? 0 }),
        onDone: { target: "ready", actions: assign({ record: ({ event }) => event.output, error: null }) },
        onError: { target: "failed", actions: assign({ error: ({ event }) => toPageError(event.error) }) },
      },
      on: {
        "mode.edit": { actions: assign({ mode: "editing" }), description: "The route changed to edit while loading" },
      },
    },
    failed: {
      tags: "readonly",
      on: { "load.retry": "loading" },
    },
    ready: {
      initial: "choosing",
      states: {
        choosing: {
          always: [{ guard: "isEditing", target: "editing" }, { target: "viewing" }],
        },
        viewing: {
          tags: "readonly",
          on: {
            "mode.edit": { target: "editing", actions: assign({ mode: "editing" }) },
            "form.cancel": { target: "#pageMode.closed", actions: "onCancelled" },
          },
        },
        editing: {
          initial: "form",
          states: {
            form: {
              on: {
                "form.submit": "saving",
                "form.cancel": { target: "#pageMode.closed", actions: "onCancelled" },
                "record.delete": "confirmingDelete",
                "mode.view": {
                  target: "#pageMode.ready.viewing",
                  actions: assign({ mode: "viewing", error: null }),
                  description: "The route went back to view (browser history)",
                },
              },
            },
            saving: {
              tags: "busy",
              description: "Cancel waits: leaving mid-save would hide whether the change was kept",
              entry: assign({ error: null }),
              invoke: {
                id: "updateRecord",
                src: "updateRecord",
                input: ({ context, event }) => ({
                  id: context.id ?? 0,
                  values: event.type === "form.submit" ? event.values : {},
                }),
                onDone: {
                  target: "form",
                  actions: [
                    assign({ record: ({ event }) => event.output }),
                    { type: "onSaved", params: ({ event }) => ({ record: event.output }) },
                  ],
                  description: "Edit saves and stays, now showing the saved record",
                },
                onError: {
                  target: "form",
                  actions: ["rememberError", "onFailed"],
                },
              },
            },
            confirmingDelete: {
              description: "The view asks whether to delete the record",
              on: { "delete.confirm": "deleting", "delete.cancel": "form" },
            },
            deleting: {
              tags: "busy",
              entry: assign({ error: null }),
              invoke: {
                id: "deleteRecord",
                src: "deleteRecord",
                input: ({ context }) => ({ id: context.id ?? 0 }),
                onDone: { target: "#pageMode.closed", actions: "onDeleted" },
                onError: {
                  target: "form",
                  actions: ["rememberError", "onFailed"],
                },
              },
            },
          },
        },
      },
    },
    creating: {
      initial: "form",
      states: {
        form: {
          on: {
            "form.submit": "saving",
            "form.cancel": { target: "#pageMode.closed", actions: "onCancelled" },
          },
        },
        saving: {
          tags: "busy",
          entry: assign({ error: null }),
          invoke: {
            id: "createRecord",
            src: "createRecord",
            input: ({ event }) => ({ values: event.type === "form.submit" ? event.values : {} }),
            onDone: {
              target: "#pageMode.closed",
              actions: [
                assign({ record: ({ event }) => event.output }),
                { type: "onCreated", params: ({ event }) => ({ record: event.output }) },
              ],
              description: "New adds the record and leaves the page (the page navigates)",
            },
            onError: {
              target: "form",
              actions: ["rememberError", "onFailed"],
              description: "Back to the form with the error; the form keeps its values",
            },
          },
        },
      },
    },
    closed: {
      type: "final",
      description: "The page has done its work and navigates away",
    },
  },
});
