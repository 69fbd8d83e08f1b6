import type { SnapshotFrom } from "xstate";
import type { PageError } from "../../../shared/machines/page-error";
import type { AnswerCounts } from "./form-answer-counts";
import type { FormDocument } from "./form-document";
import type { FormCommand } from "./form-editor.commands";
import type { formEditorMachine, FormEditorEvent } from "./form-editor.machine";
import { selectCanRedo, selectCanUndo, selectDocument, selectIsBusy, selectIsDirty } from "./form-editor.selectors";
import type { FormProblem } from "./form-validation";

/*
 * The form editor's view API, in zag's `connect(state, send)` shape: everything the editor shows, read from one
 * snapshot, and every handler, each sending one event. The view reads nothing else from the machine (the document
 * itself is read by the panels that show it, with their own narrow selectors), so what a state means on screen is
 * decided here, in plain code with unit tests, and not by `matches` calls in JSX.
 */

type EditorSnapshot = SnapshotFrom<typeof formEditorMachine>;
export type EditorSend = (event: FormEditorEvent) => void;

/** What stands in the editor's place: its loader, its load failure, or the form. */
export type EditorScreen = "loading" | "loadFailed" | "form";

/** Every handler sends one event; the machine decides whether it is taken. */
export interface EditorHandlers {
  edit: (command: FormCommand) => void;
  undo: () => void;
  redo: () => void;
  saveDraft: () => void;
  publish: () => void;
  restoreCopy: () => void;
  discardCopy: () => void;
  confirmPublish: () => void;
  cancelPublish: () => void;
  confirmUnpublish: () => void;
  cancelUnpublish: () => void;
  reloadTheirs: () => void;
  keepMine: () => void;
  retryLoad: () => void;
  /** The router holds a navigation to another page: the editor asks the user (see `asksBeforeLeaving`). */
  requestLeave: () => void;
  stay: () => void;
  discardAndLeave: () => void;
}

/** The editor's header: back to the list, the title and state, undo and redo, Save draft and Publish. */
export interface ToolbarProps {
  /** The saved form's id; null while a new form has not been saved. */
  formId: number | null;
  published: boolean;
  dirty: boolean;
  /** Nothing but the save under way can be pressed. */
  busy: boolean;
  canUndo: boolean;
  canRedo: boolean;
  /** Which save is under way, for its loader. */
  saving: "draft" | "publish" | null;
  onUndo: () => void;
  onRedo: () => void;
  onSaveDraft: () => void;
  onPublish: () => void;
}

/** The publish review's facts, while it is open. */
export interface PublishReviewFacts {
  /** The form as observers have it now, or null when it was never published. */
  published: FormDocument | null;
  next: FormDocument;
  counts: AnswerCounts | null;
  counting: boolean;
}

export interface FormEditorApi extends EditorHandlers {
  screen: EditorScreen;
  /** The saved form's id; null while a new form has not been saved. */
  formId: number | null;
  published: boolean;
  /** The form shown differs from what the server holds. */
  dirty: boolean;
  /** A request is under way: the form's fields take no typing, so what the server keeps is what was on screen. */
  readOnly: boolean;
  canUndo: boolean;
  canRedo: boolean;
  /** Which save is under way, for its loader. */
  saving: "draft" | "publish" | null;
  /** Work from an earlier visit waits for restore or discard. */
  offersRestore: boolean;
  /** Someone else saved first: the notice with its two choices. */
  showsConflict: boolean;
  /** Why the last save failed, beside the form; a refusal of fields (400) is listed as problems instead. */
  saveFailure: PageError | null;
  /** The same list while the problems stay the same (the machine keeps it), so a keystroke leaves it alone. */
  problems: readonly FormProblem[];
  /** A navigation to another page must ask first: the machine takes `leave.request` now (unsaved edits, editing). */
  asksBeforeLeaving: boolean;
  /** The browser should ask before the tab closes or reloads: unsaved edits on screen, and the user has not discarded them. */
  warnsOnUnload: boolean;

  getLoadErrorProps: () => { error: PageError | null; onRetry: () => void };
  getToolbarProps: () => ToolbarProps;
  getRestoreOfferProps: () => { onRestore: () => void; onDiscard: () => void };
  getConflictNoticeProps: () => { busy: boolean; onReload: () => void; onKeepMine: () => void };
  /** Null while nothing is listed: the summary names fields by the form's current names, so it needs the form only then. */
  getProblemSummaryProps: () => { problems: readonly FormProblem[]; document: FormDocument; publishing: boolean } | null;
  getPublishDialogProps: () => { review: PublishReviewFacts | null; busy: boolean; onConfirm: () => void; onCancel: () => void };
  getUnpublishDialogProps: () => { opened: boolean; onConfirm: () => void; onCancel: () => void };
  getLeaveDialogProps: () => { opened: boolean; onStay: () => void; onLeave: () => void };
}

function handlersOf(send: EditorSend): EditorHandlers {
  return {
    edit: (command) => send({ type: "edit.command", command }),
    undo: () => send({ type: "edit.undo" }),
    redo: () => send({ type: "edit.redo" }),
    saveDraft: () => send({ type: "form.saveDraft" }),
    publish: () => send({ type: "form.publish" }),
    restoreCopy: () => send({ type: "copy.restore" }),
    discardCopy: () => send({ type: "copy.discard" }),
    confirmPublish: () => send({ type: "review.confirm" }),
    cancelPublish: () => send({ type: "review.cancel" }),
    confirmUnpublish: () => send({ type: "unpublish.confirm" }),
    cancelUnpublish: () => send({ type: "unpublish.cancel" }),
    reloadTheirs: () => send({ type: "conflict.reload" }),
    keepMine: () => send({ type: "conflict.keepMine" }),
    retryLoad: () => send({ type: "load.retry" }),
    requestLeave: () => send({ type: "leave.request" }),
    stay: () => send({ type: "leave.stay" }),
    discardAndLeave: () => send({ type: "leave.discard" }),
  };
}

// One set of handlers per send function (an actor's `send` is bound once): the handlers are then the same values on
// every call, so the cards' context and the view's equality need no memo of their own.
const handlersBySend = new WeakMap<EditorSend, EditorHandlers>();

function handlersFor(send: EditorSend): EditorHandlers {
  let handlers = handlersBySend.get(send);
  if (!handlers) {
    handlers = handlersOf(send);
    handlersBySend.set(send, handlers);
  }
  return handlers;
}

function screenOf(snapshot: EditorSnapshot): EditorScreen {
  if (snapshot.matches("loading")) return "loading";
  if (snapshot.matches("failed")) return "loadFailed";
  return "form";
}

/** The editor's view of one snapshot. Pure: the same snapshot and send give equal APIs with the same handlers. */
export function connect(snapshot: EditorSnapshot, send: EditorSend): FormEditorApi {
  const { context } = snapshot;
  const handlers = handlersFor(send);
  const dirty = selectIsDirty(snapshot);
  const busy = selectIsBusy(snapshot);
  const reviewing = snapshot.matches("reviewing");
  const saving = snapshot.matches("saving") ? (context.publishing ? "publish" : "draft") : null;
  const adopting = snapshot.matches("adoptingVersion");
  const showsConflict = snapshot.matches("conflict") || adopting;
  const canUndo = selectCanUndo(snapshot);
  const canRedo = selectCanRedo(snapshot);
  // Asked to leave, the offer stays behind the question: staying must not make it flicker.
  const offersRestore = context.stored !== null && (snapshot.matches("editing") || snapshot.matches("confirmingLeave"));
  const publishing = saving === "publish";

  return {
    ...handlers,
    screen: screenOf(snapshot),
    formId: context.formId,
    published: context.published,
    dirty,
    readOnly: busy,
    canUndo,
    canRedo,
    saving,
    offersRestore,
    showsConflict,
    saveFailure: !showsConflict && context.error && context.error.status !== 400 ? context.error : null,
    problems: context.problems,
    asksBeforeLeaving: snapshot.can({ type: "leave.request" }),
    warnsOnUnload: dirty && snapshot.status === "active" && screenOf(snapshot) === "form",

    getLoadErrorProps: () => ({ error: context.error, onRetry: handlers.retryLoad }),
    getToolbarProps: () => ({
      formId: context.formId,
      published: context.published,
      dirty,
      // Behind the publish review the toolbar waits too.
      busy: busy || reviewing,
      canUndo,
      canRedo,
      saving,
      onUndo: handlers.undo,
      onRedo: handlers.redo,
      onSaveDraft: handlers.saveDraft,
      onPublish: handlers.publish,
    }),
    getRestoreOfferProps: () => ({ onRestore: handlers.restoreCopy, onDiscard: handlers.discardCopy }),
    getConflictNoticeProps: () => ({ busy: adopting, onReload: handlers.reloadTheirs, onKeepMine: handlers.keepMine }),
    getProblemSummaryProps: () =>
      context.problems.length === 0 ? null : { problems: context.problems, document: selectDocument(snapshot), publishing: context.publishing },
    getPublishDialogProps: () => ({
      // Open from the review until the publishing save ends (it leaves the page, or says why it failed).
      review:
        reviewing || publishing
          ? {
              published: context.published ? context.saved : null,
              next: selectDocument(snapshot),
              counts: context.answerCounts,
              counting: snapshot.matches({ reviewing: "counting" }),
            }
          : null,
      busy: publishing,
      onConfirm: handlers.confirmPublish,
      onCancel: handlers.cancelPublish,
    }),
    getUnpublishDialogProps: () => ({
      opened: snapshot.matches("confirmingUnpublish"),
      onConfirm: handlers.confirmUnpublish,
      onCancel: handlers.cancelUnpublish,
    }),
    getLeaveDialogProps: () => ({ opened: snapshot.matches("confirmingLeave"), onStay: handlers.stay, onLeave: handlers.discardAndLeave }),
  };
}

/** Equal as props: the same keys with the same values (handlers are the same functions: see `handlersFor`). */
function sameProps(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/**
 * Two APIs show the same: every value is the same, and every prop getter gives the same props. The view selects
 * `connect` with this equality, so an event that changes nothing it shows (most keystrokes) does not render it again.
 */
export function sameEditorApi(a: FormEditorApi, b: FormEditorApi): boolean {
  return (Object.keys(a) as (keyof FormEditorApi)[]).every((key) => {
    const mine = a[key];
    const theirs = b[key];
    if (typeof mine === "function" && typeof theirs === "function" && key.startsWith("get")) {
      return sameProps((mine as () => unknown)(), (theirs as () => unknown)());
    }
    return Object.is(mine, theirs);
  });
}
