import { assign, fromCallback, fromPromise, not, sendTo, setup } from "xstate";
import { toPageError, type PageError } from "../../../shared/machines/page-error";
import { required } from "../../../shared/machines/required";
import { isSameDocument, withServerIds, type FormDocument } from "./form-document";
import type { FormCommand } from "./form-editor.commands";
import { canRedo, canUndo, execute, redo, startHistory, undo, type EditHistory } from "./form-editor.history";
import type { AnswerCounts } from "./form-answer-counts";
import { NO_PROBLEMS, problemsToList, sameProblems } from "./form-editor.problems";
import { validateDocument, type FormProblem } from "./form-validation";

/** A form as the server last answered it: the document and the version a save is based on. */
export interface SavedForm {
  id: number;
  version: number;
  /** Observers see it (draft false on the server). */
  published: boolean;
  document: FormDocument;
}


export interface SaveFormInput {
  id: number | null;
  /** The version the edits started from: the server refuses a save based on an older one (`stale_version`). */
  baseVersion: number | null;
  document: FormDocument;
  draft: boolean;
}

/** The working copy kept across a reload or a crash, for the form it belongs to. */
export interface WorkingCopy {
  baseVersion: number | null;
  document: FormDocument;
}

/** `formId` is the form the copy belongs to now: a new form's copy moves to its id once it is first saved. */
export type WorkingCopyEvent = { type: "copy.keep"; formId: number | null; copy: WorkingCopy } | { type: "copy.forget" };

export interface FormEditorInput {
  formId: number | null;
  /** A new form's starting document (the spec's default title). */
  blank: FormDocument;
  /** A working copy found for this form when the editor opened: offered back, never applied silently. */
  stored: WorkingCopy | null;
}

export interface FormEditorContext {
  formId: number | null;
  version: number | null;
  published: boolean;
  /** What the server holds (a new form: the blank document): the editor is dirty when it shows something else. */
  saved: FormDocument;
  history: EditHistory;
  stored: WorkingCopy | null;
  /** The save asked for publishes (draft false) rather than keeping a draft: the one under way, or one refused for problems. */
  publishing: boolean;
  /** A save was refused for problems in the form: the view shows every problem until they are fixed. */
  showProblems: boolean;
  /**
   * What the summary and the fields list now: the editor's own checks once a save was refused, and the server's
   * refusal read onto the form shown. Recomputed by `checkProblems` after every change to what they depend on, and
   * kept as the same value while they stay the same, so a keystroke does not give every card a new list.
   */
  problems: readonly FormProblem[];
  /** Answers per question and option, read when publishing is reviewed; null while unknown. */
  answerCounts: AnswerCounts | null;
  error: PageError | null;
}

export type FormEditorEvent =
  | { type: "edit.command"; command: FormCommand }
  | { type: "edit.undo" }
  | { type: "edit.redo" }
  | { type: "copy.restore" }
  | { type: "copy.discard" }
  | { type: "form.saveDraft" }
  | { type: "form.publish" }
  | { type: "review.confirm" }
  | { type: "review.cancel" }
  | { type: "unpublish.confirm" }
  | { type: "unpublish.cancel" }
  | { type: "conflict.reload" }
  | { type: "conflict.keepMine" }
  | { type: "load.retry" }
  /** The router holds a navigation to another page and asks whether it may go (its blocker). */
  | { type: "leave.request" }
  | { type: "leave.stay" }
  | { type: "leave.discard" };

const notProvided = (name: string) => () => Promise.reject(new Error(`${name} is not provided`));

export const formEditorMachine = setup({
  types: {
    context: {} as FormEditorContext,
    events: {} as FormEditorEvent,
    input: {} as FormEditorInput,
    tags: {} as "busy",
  },
  actors: {
    loadForm: fromPromise<SavedForm, { id: number }>(notProvided("loadForm")),
    saveForm: fromPromise<SavedForm, SaveFormInput>(notProvided("saveForm")),
    loadAnswerCounts: fromPromise<AnswerCounts, { id: number }>(notProvided("loadAnswerCounts")),
    /** Keeps the working copy (local storage per form); an editor without one keeps nothing. */
    workingCopy: fromCallback<WorkingCopyEvent, { formId: number | null }>(() => {}),
  },
  guards: {
    isNew: ({ context }) => context.formId === null,
    hasStoredCopy: ({ context }) => context.stored !== null,
    canUndo: ({ context }) => canUndo(context.history),
    canRedo: ({ context }) => canRedo(context.history),
    isStale: (_, { error }: { error: PageError }) => error.code === "stale_version",
    canSaveDraft: ({ context }) => validateDocument(context.history.present, "draft").length === 0,
    canPublish: ({ context }) => validateDocument(context.history.present, "publish").length === 0,
    isPublished: ({ context }) => context.published,
    isStored: ({ context }) => context.formId !== null,
    isDirty: ({ context }) => !isSameDocument(context.history.present, context.saved),
  },
  actions: {
    onSaved: (_, _params: { form: SavedForm; published: boolean }) => {},
    onFailed: (_, _params: { error: PageError }) => {},
    showSaved: assign((_, { form }: { form: SavedForm }) => ({
      formId: form.id,
      version: form.version,
      published: form.published,
      showProblems: false,
      saved: form.document,
      history: startHistory(form.document),
      error: null,
    })),
    /** After a save the history stays (undo still works); the shown form takes the new items' ids and counts as saved. */
    markSaved: assign(({ context }, { form }: { form: SavedForm }) => {
      const present = withServerIds(context.history.present, form.document);
      return {
        formId: form.id,
        version: form.version,
        published: form.published,
        saved: present,
        history: { ...context.history, present, typing: undefined },
        showProblems: false,
        error: null,
      };
    }),
    /** An edit makes the server's last verdict on positions stale; the editor's own checks stay live. */
    applyCommand: assign(({ context, event }) =>
      event.type === "edit.command" ? { history: execute(context.history, event.command), error: context.error?.status === 400 ? null : context.error } : {},
    ),
    showProblems: assign((_, { publishing }: { publishing: boolean }) => ({ showProblems: true, publishing })),
    /** The save about to start keeps a draft (observers do not get it)... */
    intendDraft: assign({ publishing: false }),
    /** ...or publishes the form. */
    intendPublish: assign({ publishing: true }),
    /** Lists the problems anew from the form, the refused save's purpose and the server's verdict; the same ones stay the same value. */
    checkProblems: assign(({ context }) => {
      const problems = problemsToList({ document: context.history.present, showProblems: context.showProblems, publishing: context.publishing, error: context.error });
      return sameProblems(problems, context.problems) ? {} : { problems };
    }),
    rememberCounts: assign((_, { counts }: { counts: AnswerCounts | null }) => ({ answerCounts: counts })),
    undo: assign(({ context }) => ({ history: undo(context.history) })),
    redo: assign(({ context }) => ({ history: redo(context.history) })),
    /** Restoring is one undoable step: undo gives back the form as the server had it. */
    restoreCopy: assign(({ context }) =>
      context.stored ? { history: execute(context.history, { type: "document.replace", document: context.stored.document }), stored: null } : {},
    ),
    dropStoredCopy: assign({ stored: null }),
    rememberError: assign((_, { error }: { error: PageError }) => ({ error })),
    /** Keeping these edits over a newer version is a choice: the next save is based on the version the server has now. */
    adoptServerVersion: assign((_, { form }: { form: SavedForm }) => ({ version: form.version, saved: form.document, error: null })),
    keepCopy: sendTo("workingCopy", ({ context }): WorkingCopyEvent =>
      isSameDocument(context.history.present, context.saved)
        ? { type: "copy.forget" }
        : { type: "copy.keep", formId: context.formId, copy: { baseVersion: context.version, document: context.history.present } },
    ),
    forgetCopy: sendTo("workingCopy", { type: "copy.forget" } satisfies WorkingCopyEvent),
  },
}).createMachine({
  id: "formEditor",
  description:
    "One form being designed: every edit is a command on an undoable history, the working copy survives a reload, and a save based on an older version than the server's is a conflict the user decides.",
  context: ({ input }) => ({
    formId: input.formId,
    version: null,
    published: false,
    saved: input.blank,
    history: startHistory(input.blank),
    stored: input.stored,
    publishing: false,
    showProblems: false,
    problems: NO_PROBLEMS,
    answerCounts: null,
    error: null,
  }),
  invoke: { id: "workingCopy", src: "workingCopy", input: ({ context }) => ({ formId: context.formId }) },
  initial: "opening",
  states: {
    opening: {
      always: [{ guard: "isNew", target: "editing" }, { target: "loading" }],
    },
    loading: {
      tags: "busy",
      invoke: {
        id: "load",
        src: "loadForm",
        input: ({ context }) => ({ id: required(context.formId, "the form id") }),
        onDone: { target: "editing", actions: [{ type: "showSaved", params: ({ event }) => ({ form: event.output }) }, "checkProblems"] },
        onError: { target: "failed", actions: [{ type: "rememberError", params: ({ event }) => ({ error: toPageError(event.error) }) }, "checkProblems"] },
      },
    },
    failed: {
      description: "The form could not be loaded: nothing to edit until it is",
      on: { "load.retry": "loading" },
    },
    editing: {
      on: {
        "edit.command": { actions: ["applyCommand", "checkProblems", "keepCopy"] },
        "edit.undo": { guard: "canUndo", actions: ["undo", "checkProblems", "keepCopy"] },
        "edit.redo": { guard: "canRedo", actions: ["redo", "checkProblems", "keepCopy"] },
        "copy.restore": { guard: "hasStoredCopy", actions: ["restoreCopy", "checkProblems", "keepCopy"] },
        "copy.discard": { guard: "hasStoredCopy", actions: ["dropStoredCopy", "keepCopy"] },
        "leave.request": {
          guard: "isDirty",
          target: "confirmingLeave",
          description: "The user sets out for another page with edits not saved: the router holds the navigation, the user is asked",
        },
        "form.saveDraft": [
          { guard: not("canSaveDraft"), actions: [{ type: "showProblems", params: { publishing: false } }, "checkProblems"] },
          { guard: "isPublished", target: "confirmingUnpublish" },
          { target: "saving", actions: ["intendDraft", "checkProblems"] },
        ],
        "form.publish": [
          {
            guard: not("canPublish"),
            description: "Publishing needs more than a draft: every section titled",
            actions: [{ type: "showProblems", params: { publishing: true } }, "checkProblems"],
          },
          { target: "reviewing" },
        ],
      },
    },
    confirmingLeave: {
      description:
        "Leaving would lose edits not saved: the user stays, or leaves and throws them away. Only asked from editing: elsewhere (a save or a load under way, a dialog open, a conflict) the router lets the user go, and the working copy keeps the edits for the next visit.",
      on: {
        "leave.stay": "editing",
        "leave.discard": { target: "left", actions: "forgetCopy" },
      },
    },
    left: {
      type: "final",
      description: "The user left and threw the edits away, the working copy with them; the router goes on to where they were going",
    },
    confirmingUnpublish: {
      description: "Saving a published form as a draft takes it away from observers: asked first",
      on: {
        "unpublish.confirm": { target: "saving", actions: ["intendDraft", "checkProblems"] },
        "unpublish.cancel": "editing",
      },
    },
    reviewing: {
      description: "Before publishing, the user sees what changes against the published form and how many answers that touches",
      initial: "opening",
      on: { "review.cancel": "editing" },
      states: {
        opening: {
          always: [{ guard: "isStored", target: "counting" }, { target: "ready", actions: { type: "rememberCounts", params: { counts: null } } }],
        },
        counting: {
          tags: "busy",
          invoke: {
            id: "counts",
            src: "loadAnswerCounts",
            input: ({ context }) => ({ id: required(context.formId, "the form id") }),
            onDone: { target: "ready", actions: { type: "rememberCounts", params: ({ event }) => ({ counts: event.output }) } },
            // Without the counts the review still lists the changes, and the server still refuses to orphan an answer.
            onError: { target: "ready", actions: { type: "rememberCounts", params: { counts: null } } },
          },
        },
        ready: {
          on: { "review.confirm": { target: "#formEditor.saving", actions: ["intendPublish", "checkProblems"] } },
        },
      },
    },
    saving: {
      tags: "busy",
      description: "Edits wait while the form is sent, so what the server keeps is exactly what was on screen",
      invoke: {
        id: "save",
        src: "saveForm",
        input: ({ context }) => ({ id: context.formId, baseVersion: context.version, document: context.history.present, draft: !context.publishing }),
        onDone: {
          target: "editing",
          actions: [
            { type: "markSaved", params: ({ event }) => ({ form: event.output }) },
            "checkProblems",
            "forgetCopy",
            { type: "onSaved", params: ({ context, event }) => ({ form: event.output, published: context.publishing }) },
          ],
        },
        onError: [
          {
            guard: { type: "isStale", params: ({ event }) => ({ error: toPageError(event.error) }) },
            target: "conflict",
            actions: [{ type: "rememberError", params: ({ event }) => ({ error: toPageError(event.error) }) }, "checkProblems"],
          },
          {
            target: "editing",
            description: "A refused or failed save keeps every edit (and the working copy); the view says why",
            actions: [
              { type: "rememberError", params: ({ event }) => ({ error: toPageError(event.error) }) },
              "checkProblems",
              { type: "onFailed", params: ({ event }) => ({ error: toPageError(event.error) }) },
            ],
          },
        ],
      },
    },
    conflict: {
      description:
        "Another organizer saved this form since it was opened. The edits stay (and stay in the working copy); the user reloads theirs or keeps these.",
      on: {
        "conflict.reload": { target: "loading", actions: "forgetCopy" },
        "conflict.keepMine": "adoptingVersion",
      },
    },
    adoptingVersion: {
      tags: "busy",
      description: "Reads the server's current version, so that saving again knowingly replaces it with these edits",
      invoke: {
        id: "adopt",
        src: "loadForm",
        input: ({ context }) => ({ id: required(context.formId, "the form id") }),
        onDone: { target: "editing", actions: [{ type: "adoptServerVersion", params: ({ event }) => ({ form: event.output }) }, "checkProblems", "keepCopy"] },
        onError: { target: "conflict", actions: [{ type: "rememberError", params: ({ event }) => ({ error: toPageError(event.error) }) }, "checkProblems"] },
      },
    },
  },
});
