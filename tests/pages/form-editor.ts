/**
 * The form editor (/formulare/:formId) as its model-based suite drives it: the shared `FormEditor` readings
 * (forms.ts) and everything around the form itself (the phase, the toolbar, the notices and dialogs of saving,
 * publishing and conflicts), with the gestures that send each of the editor's events.
 */
import { english, formEditorControls, formWords, type FormEditor, type Say } from "./forms";
import type { ControlState, Target } from "./locators";

/** What stands where the editor is: its loader, its load failure, the form, or the forms list it left for. */
export type EditorPhase = "loading" | "failed" | "form" | "list";

export interface FormEditorScreen extends FormEditor {
  /** Null while none of them is on screen (a page on its way). */
  phase(): Promise<EditorPhase | null>;
  /** The load failure's text, null without one. */
  loadError(): Promise<string | null>;
  /** The badges beside the title: "Published" or "Draft", and "Unsaved changes". */
  badges(): Promise<string[]>;
  toolbar(): Promise<{ undo: ControlState; redo: ControlState; saveDraft: ControlState; publish: ControlState }>;
  /** "Publish" or "Publish changes", null without the button. */
  publishLabel(): Promise<string | null>;
  /** The form's fields take no typing (a save is under way). */
  readOnly(): Promise<boolean>;
  /** The summary of the problems that stop a save: its title, then each problem; null without one. */
  problems(): Promise<string[] | null>;
  /** The notice of a failed save, null without one. */
  saveFailure(): Promise<string | null>;
  /** The notice that someone else saved first, with its two buttons; null without one. */
  conflict(): Promise<{ loadTheirs: ControlState; keepMine: ControlState } | null>;
  /** The publish dialog's text, null while it is closed. */
  publishDialog(): Promise<string | null>;
  publishDialogButtons(): Promise<{ publish: ControlState; cancel: ControlState }>;
  /** The question asked before a published form is saved as a draft, null while it is not asked. */
  unpublishQuestion(): Promise<string | null>;
  /** The question asked before the page is left with unsaved changes, null while it is not asked. */
  leaveQuestion(): Promise<string | null>;
  /** What the live regions say now (moves announced to screen readers). */
  heard(): Promise<string[]>;

  /** Moves a question by keyboard, as a screen-reader user drags it: its handle, Space, arrows down, Space. */
  dragQuestionDown(code: string, places: number): Promise<void>;
  setFormCode(code: string): Promise<void>;
  undo(): Promise<void>;
  redo(): Promise<void>;
  restoreKeptWork(): Promise<void>;
  discardKeptWork(): Promise<void>;
  saveDraft(): Promise<void>;
  publish(): Promise<void>;
  confirmPublish(): Promise<void>;
  /** Closes the publish dialog without publishing: its Cancel, or its close button while the answers are counted. */
  cancelPublish(): Promise<void>;
  confirmUnpublish(): Promise<void>;
  cancelUnpublish(): Promise<void>;
  loadTheirs(): Promise<void>;
  keepMine(): Promise<void>;
  retryLoad(): Promise<void>;
  /** Sets out for the forms list (the toolbar's link): with unsaved changes the page asks first. */
  leave(): Promise<void>;
  /** Answers the leave question by staying on the page. */
  stayOnPage(): Promise<void>;
  /** Answers the leave question by discarding the changes and going on to the list. */
  discardAndLeave(): Promise<void>;
}

/** The words of the editor's surroundings that forms.ts does not list. */
export function formEditorWords(say: Say = english) {
  return {
    ...formWords(say),
    forms: say("Forms", {}, "FORMS"),
    loadFailed: say("Error", {}, "ERROR"),
    tryAgain: say("Try again", {}, "TRY_AGAIN_MSG"),
    published: say("Published"),
    draft: say("Draft"),
    notSaved: say("Not saved"),
    problemsTitle: /^The form cannot be (saved|published) yet/,
    unpublishTitle: say("Make this form a draft again?"),
    saveAsDraft: say("Save as draft"),
    cancel: say("Cancel", {}, "CANCEL"),
    close: say("Close", {}, "CLOSE"),
    leaveTitle: say("Unsaved changes"),
    stay: say("Stay"),
    discardAndLeave: say("Discard and leave"),
  };
}

export type FormEditorWords = ReturnType<typeof formEditorWords>;

export const formEditorScreenControls = (words: FormEditorWords) => ({
  ...formEditorControls(words),
  loading: { testId: "list-loading" } satisfies Target,
  loadFailed: { role: "alert", name: words.loadFailed } satisfies Target,
  tryAgain: { role: "button", name: words.tryAgain } satisfies Target,
  formsHeading: { role: "heading", level: 1, name: words.forms } satisfies Target,
  backToForms: { role: "link", name: words.backToForms } satisfies Target,
  badge: (text: string) => ({ text }) satisfies Target,
  saveFailure: { role: "alert", name: words.notSaved } satisfies Target,
  problems: { role: "alert", name: words.problemsTitle } satisfies Target,
  restoreOffer: { role: "status", name: words.restoreTitle } satisfies Target,
  conflict: { role: "alert", name: words.conflictTitle } satisfies Target,
  loadTheirs: { role: "button", name: words.loadTheirs } satisfies Target,
  unpublishDialog: { role: "dialog", name: words.unpublishTitle } satisfies Target,
  saveAsDraft: { role: "button", name: words.saveAsDraft } satisfies Target,
  cancel: { role: "button", name: words.cancel } satisfies Target,
  close: { role: "button", name: words.close } satisfies Target,
  leaveDialog: { role: "dialog", name: words.leaveTitle } satisfies Target,
  stay: { role: "button", name: words.stay } satisfies Target,
  discardAndLeave: { role: "button", name: words.discardAndLeave } satisfies Target,
  liveRegion: { role: "status", hidden: true } satisfies Target,
  listItem: { role: "listitem" } satisfies Target,
});
