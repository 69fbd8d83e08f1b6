import { and, assign, fromCallback, fromPromise, not, sendTo, setup, stateIn } from "xstate";
import {
  changeField,
  draftOf,
  isSameDraft,
  normalizeDraft,
  restoredDraft,
  touchField,
  type PageRecord,
} from "./page-draft";
import { toPageError, withoutFieldError } from "./page-error";
import { required } from "./required";
import type {
  DraftStoreEvent,
  DraftStoreInput,
  CreateRecordInput,
  PageMode,
  PageModeContext,
  PageModeEvent,
  PageModeInput,
  RecordIdInput,
  UpdateRecordInput,
} from "./page-mode.types";

export type { PageRecord, PageValues } from "./page-draft";
export type { PageError } from "./page-error";
export type * from "./page-mode.types";

const notProvided = (name: string) => () => Promise.reject(new Error(`${name} is not provided`));
const baseline = (context: PageModeContext) => draftOf(context.blank, context.record);
/** Only a record's route (view, edit) loads, saves or deletes, and its input names the id. */
const recordId = (context: PageModeContext) => required(context.id, "the record's id");
/** The init event carries the input: the route the page was opened on. */
const openedAs = (event: unknown, mode: PageMode) =>
  (event as { type?: string; input?: PageModeInput }).type === "xstate.init" &&
  (event as { input: PageModeInput }).input.mode === mode;

export const pageModeMachine = setup({
  types: {
    context: {} as PageModeContext,
    events: {} as PageModeEvent,
    input: {} as PageModeInput,
    tags: {} as "busy" | "readonly" | "dirty",
  },
  actors: {
    loadRecord: fromPromise<PageRecord, RecordIdInput>(notProvided("loadRecord")),
    createRecord: fromPromise<PageRecord, CreateRecordInput>(notProvided("createRecord")),
    updateRecord: fromPromise<PageRecord, UpdateRecordInput>(notProvided("updateRecord")),
    deleteRecord: fromPromise<unknown, RecordIdInput>(notProvided("deleteRecord")),
    /** Keeps the draft across a reload; a page without one keeps nothing. */
    draftStore: fromCallback<DraftStoreEvent, DraftStoreInput>(() => {}),
  },
  actions: {
    onCreated: (_, _params: { record: PageRecord }) => {},
    onSaved: (_, _params: { record: PageRecord }) => {},
    onDeleted: () => {},
    onCancelled: () => {},
    /** Runs after rememberError: the page reads the error from the context. */
    onFailed: () => {},
    rememberError: assign({ error: ({ event }) => toPageError((event as { error?: unknown }).error) }),
    clearError: assign({ error: null }),
    showRecord: assign(({ context }, { record }: { record: PageRecord }) => ({
      record,
      ...restoredDraft(draftOf(context.blank, record), context.stored),
      stored: null,
      error: null,
    })),
    applyFieldChange: assign(({ context, event }) => {
      if (event.type !== "field.change") return {};
      const draft = changeField(context.draft, event.field, event.value);
      return { draft, touched: touchField(context.touched, event.field), error: withoutFieldError(context.error, event.field) };
    }),
    touchField: assign({
      touched: ({ context, event }) => (event.type === "field.blur" ? touchField(context.touched, event.field) : context.touched),
    }),
    discardDraft: assign(({ context }) => ({ draft: baseline(context), restored: false, touched: [], error: null })),
    keepDraft: sendTo("draftStore", ({ context }): DraftStoreEvent =>
      isSameDraft(context.draft, baseline(context)) ? { type: "draft.forget" } : { type: "draft.keep", values: context.draft },
    ),
    forgetDraft: sendTo("draftStore", { type: "draft.forget" } satisfies DraftStoreEvent),
  },
  guards: {
    openedAs: ({ event }, { mode }: { mode: PageMode }) => openedAs(event, mode),
    isDraftChanged: ({ context }) => !isSameDraft(context.draft, baseline(context)),
    /** A closed page has left: the route it leaves no longer speaks for it. */
    isOpen: not(stateIn({ record: "closed" })),
    /** The page decides what a valid draft is (its validation rules). */
    isDraftValid: () => true,
  },
}).createMachine({
  id: "pageMode",
  description:
    "A profile page (observer, NGO): the route's mode beside the record's load phase, and the draft being edited beside both.",
  type: "parallel",
  // A new record's kept draft applies at once; a loaded record's waits for the record.
  context: ({ input: { id, blank, stored = null } }) => ({
    id,
    blank,
    record: null,
    ...restoredDraft(blank, id === null ? stored : null),
    stored: id === null ? null : stored,
    error: null,
  }),
  always: [
    {
      guard: and([{ type: "openedAs", params: { mode: "viewing" } }, stateIn({ route: "creating" })]),
      target: [".route.viewing", ".record.loading"],
      description: "Opened on a record's route: show its mode and load it (only at start; a new record is a new actor)",
    },
    { guard: and([{ type: "openedAs", params: { mode: "editing" } }, stateIn({ route: "creating" })]), target: [".route.editing", ".record.loading"] },
  ],
  states: {
    route: {
      description: "Mirrors the URL; the mode is stored here only",
      initial: "creating",
      states: {
        creating: {
          description: "Where every page starts: a record's route moves on at once (the root's eventless transitions)",
        },
        viewing: { tags: "readonly", on: { "mode.edit": { guard: "isOpen", target: "editing" } } },
        editing: {
          on: { "mode.view": { guard: "isOpen", target: "viewing", description: "The route went back to view (browser history)" } },
        },
      },
    },
    record: {
      initial: "ready",
      states: {
        loading: {
          tags: "readonly",
          invoke: {
            id: "loadRecord",
            src: "loadRecord",
            input: ({ context }) => ({ id: recordId(context) }),
            onDone: { target: "ready", actions: { type: "showRecord", params: ({ event }) => ({ record: event.output }) } },
            onError: { target: "failed", actions: "rememberError" },
          },
        },
        failed: {
          tags: "readonly",
          on: { "load.retry": "loading" },
        },
        ready: {
          initial: "idle",
          states: {
            idle: {
              on: {
                "field.change": { guard: not(stateIn({ route: "viewing" })), actions: ["applyFieldChange", "keepDraft"] },
                "field.blur": { actions: "touchField" },
                "draft.discard": { guard: "isDraftChanged", actions: ["discardDraft", "forgetDraft"] },
                "form.submit": [
                  { guard: and([stateIn({ route: "creating" }), "isDraftValid"]), target: "adding" },
                  { guard: and([stateIn({ route: "editing" }), "isDraftValid"]), target: "saving" },
                ],
                "form.cancel": {
                  target: "#pageMode.record.closed",
                  actions: ["discardDraft", "forgetDraft", "onCancelled"],
                  description: "Cancel throws the draft away and leaves",
                },
                "record.delete": { guard: stateIn({ route: "editing" }), target: "confirmingDelete" },
              },
            },
            adding: {
              tags: "busy",
              entry: "clearError",
              invoke: {
                id: "createRecord",
                src: "createRecord",
                input: ({ context }) => ({ values: normalizeDraft(context.draft) }),
                onDone: {
                  target: "#pageMode.record.closed",
                  actions: [
                    { type: "showRecord", params: ({ event }) => ({ record: event.output }) },
                    "forgetDraft",
                    { type: "onCreated", params: ({ event }) => ({ record: event.output }) },
                  ],
                  description: "New adds the record and leaves the page (the page navigates)",
                },
                onError: {
                  target: "idle",
                  actions: ["rememberError", "onFailed"],
                  description: "Back to the form with the error; the draft (and its stored copy) survives",
                },
              },
            },
            saving: {
              tags: "busy",
              description: "Cancel waits: leaving mid-save would hide whether the change was kept",
              entry: "clearError",
              invoke: {
                id: "updateRecord",
                src: "updateRecord",
                input: ({ context }) => ({ id: recordId(context), values: normalizeDraft(context.draft) }),
                onDone: {
                  target: "idle",
                  actions: [
                    { type: "showRecord", params: ({ event }) => ({ record: event.output }) },
                    "forgetDraft",
                    { type: "onSaved", params: ({ event }) => ({ record: event.output }) },
                  ],
                  description: "Edit saves and stays, now showing the saved record",
                },
                onError: { target: "idle", actions: ["rememberError", "onFailed"] },
              },
            },
            confirmingDelete: {
              description: "The view asks whether to delete the record",
              on: { "delete.confirm": "deleting", "delete.cancel": "idle" },
            },
            deleting: {
              tags: "busy",
              entry: "clearError",
              invoke: {
                id: "deleteRecord",
                src: "deleteRecord",
                input: ({ context }) => ({ id: recordId(context) }),
                onDone: { target: "#pageMode.record.closed", actions: ["forgetDraft", "onDeleted"] },
                onError: { target: "idle", actions: ["rememberError", "onFailed"] },
              },
            },
          },
        },
        closed: {
          type: "final",
          description: "The page has done its work and navigates away",
        },
      },
    },
    draft: {
      description: "Whether the draft differs from the record; the store keeps a changed draft across a reload",
      invoke: { id: "draftStore", src: "draftStore", input: ({ context }) => ({ id: context.id }) },
      initial: "clean",
      states: {
        clean: {
          always: { guard: "isDraftChanged", target: "dirty" },
        },
        dirty: {
          tags: "dirty",
          always: { guard: not("isDraftChanged"), target: "clean" },
        },
      },
    },
  },
});
