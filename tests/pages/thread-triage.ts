/** The triage panel of an answer thread (beside its answers on /answers/details/… and /urgents/details/…). */
import type { ControlState, Target } from "./locators";

/** The whole panel as a user reads it at one moment. */
export type TriageView =
  | { phase: "loading" }
  | { phase: "failed"; alerts: string[] }
  | {
      phase: "ready";
      /** Every alert of the panel, top to bottom (title and text): a lost claim, the claim's, the state's, the comment's error. */
      alerts: string[];
      /** "You hold this thread · 0 min", "Held by dan.cfr · 0 min", "Nobody holds this thread." or nothing. */
      holder: string | null;
      claim: ControlState;
      release: ControlState;
      takeOver: ControlState;
      /** The take-over question's text while it is asked. */
      dialog: string | null;
      /** The review state chosen, and whether it can be changed. */
      review: { chosen: string | null; control: ControlState };
      /** The undo button's label. */
      undo: string | null;
      /** The resolution note asked before resolving. */
      resolution: { note: string } | null;
      comment: { text: string; readOnly: boolean; add: ControlState };
      /** The texts of the staff comments in the timeline, oldest first. */
      comments: string[];
    };

export interface ThreadTriage {
  view(): Promise<TriageView>;
  /** Whether the comment box has the focus. */
  commentFocused(): Promise<boolean>;

  claim(): Promise<void>;
  takeOver(): Promise<void>;
  confirmTakeOver(): Promise<void>;
  cancelTakeOver(): Promise<void>;
  release(): Promise<void>;
  /** Picks a review state ("New", "In progress", "Resolved") in the panel. */
  chooseState(label: string): Promise<void>;
  typeResolutionNote(note: string): Promise<void>;
  resolve(): Promise<void>;
  cancelResolution(): Promise<void>;
  undo(): Promise<void>;
  typeComment(text: string): Promise<void>;
  addComment(): Promise<void>;
  retry(): Promise<void>;
  /** A key of the threads list's keyboard triage (c, 1–3, n, u), pressed outside any text field. */
  shortcut(key: "c" | "1" | "2" | "3" | "n" | "u"): Promise<void>;
}

export const TRIAGE_WORDS = {
  panel: "Triage",
  claim: "Claim",
  release: "Release",
  takeOver: "Take over",
  takeOverQuestion: "Take over this thread?",
  reviewState: "Review state",
  resolutionNote: /^Resolution note/,
  resolve: "Resolve",
  cancel: "Cancel",
  undo: /^Undo/,
  comment: /^Comment for the staff/,
  addComment: "Add comment",
  retry: "Try again",
  timeline: "Timeline",
  holder: /^(You hold this thread|Held by |Nobody holds this thread)/,
  commented: / commented/,
};

export const triageControls = (words = TRIAGE_WORDS) => ({
  panel: { role: "region", name: words.panel } satisfies Target,
  title: { role: "heading", name: words.panel } satisfies Target,
  loading: { testId: "list-loading" } satisfies Target,
  alert: { role: "alert" } satisfies Target,
  holder: { text: words.holder } satisfies Target,
  claim: { role: "button", name: words.claim } satisfies Target,
  release: { role: "button", name: words.release } satisfies Target,
  takeOver: { role: "button", name: words.takeOver } satisfies Target,
  dialog: { role: "dialog", name: words.takeOverQuestion } satisfies Target,
  reviewState: { role: "radiogroup", name: words.reviewState } satisfies Target,
  stateOption: (label: string) => ({ role: "radio", name: label }) satisfies Target,
  anyStateOption: { role: "radio" } satisfies Target,
  resolutionNote: { role: "textbox", name: words.resolutionNote } satisfies Target,
  resolve: { role: "button", name: words.resolve } satisfies Target,
  cancel: { role: "button", name: words.cancel } satisfies Target,
  undo: { role: "button", name: words.undo } satisfies Target,
  comment: { role: "textbox", name: words.comment } satisfies Target,
  addComment: { role: "button", name: words.addComment } satisfies Target,
  retry: { role: "button", name: words.retry } satisfies Target,
  timeline: { role: "list", name: words.timeline } satisfies Target,
  entry: { role: "listitem" } satisfies Target,
});
