import type { SnapshotFrom } from "xstate";
import type { threadTriageMachine } from "./thread-triage.machine";
import type { ReviewState } from "./triage.types";

type Snapshot = SnapshotFrom<typeof threadTriageMachine>;

export const selectIsLoading = (snapshot: Snapshot) => snapshot.hasTag("loading");
export const selectLoadError = (snapshot: Snapshot) => (snapshot.matches("failed") ? snapshot.context.loadError : null);
export const selectReview = (snapshot: Snapshot) => snapshot.context.review;
/** Who and where the thread is about; null until the first load. */
export const selectSubject = (snapshot: Snapshot) => snapshot.context.subject;
export const selectTimeline = (snapshot: Snapshot) => snapshot.context.timeline;
export const selectClockOffset = (snapshot: Snapshot) => snapshot.context.clockOffsetMs;
/** The claim child: who holds the thread (claim.selectors.ts reads it). */
export const selectClaimActor = (snapshot: Snapshot) => snapshot.children.claim;

/** The state shown: the one being saved while it is saved, so the choice answers the click at once. */
export const selectShownState = (snapshot: Snapshot): ReviewState =>
  snapshot.context.stateChange?.state ?? snapshot.context.review?.state ?? "new";
export const selectIsSavingState = (snapshot: Snapshot) => snapshot.hasTag("stateBusy");
export const selectIsResolving = (snapshot: Snapshot) => snapshot.matches({ ready: { state: "resolving" } });
export const selectResolutionDraft = (snapshot: Snapshot) => snapshot.context.resolutionDraft;
export const selectStateError = (snapshot: Snapshot) => snapshot.context.stateError;
export const selectCanUndo = (snapshot: Snapshot) =>
  snapshot.matches({ ready: { state: "idle" } }) && snapshot.context.undoTo !== null && snapshot.context.undoTo.state !== snapshot.context.review?.state;
export const selectUndoTo = (snapshot: Snapshot) => snapshot.context.undoTo?.state ?? null;

export const selectCommentDraft = (snapshot: Snapshot) => snapshot.context.commentDraft;
export const selectIsSendingComment = (snapshot: Snapshot) => snapshot.hasTag("commentBusy");
export const selectCommentError = (snapshot: Snapshot) =>
  snapshot.matches({ ready: { comment: "failed" } }) ? snapshot.context.commentError : null;

/** Urgent: one of the observer's saves has a flagged answer. The panel then offers the claim prominently. */
export const selectIsUrgent = (snapshot: Snapshot) =>
  snapshot.context.timeline.some((entry) => entry.kind === "answers" && (entry.flaggedCount ?? 0) > 0);
