import type { SnapshotFrom } from "xstate";
import type { notificationComposerMachine } from "./notification-composer.machine";

type ComposerSnapshot = SnapshotFrom<typeof notificationComposerMachine>;

export const selectDraft = (snapshot: ComposerSnapshot) => snapshot.context.draft;
export const selectCriteria = (snapshot: ComposerSnapshot) => snapshot.context.criteria;
export const selectFound = (snapshot: ComposerSnapshot) => snapshot.context.found;
export const selectSelection = (snapshot: ComposerSnapshot) => snapshot.context.selection;
export const selectAudience = (snapshot: ComposerSnapshot) => snapshot.context.audience;
export const selectResult = (snapshot: ComposerSnapshot) => (snapshot.matches("sent") ? snapshot.context.result : null);
export const selectSendError = (snapshot: ComposerSnapshot) => (snapshot.matches("failed") ? snapshot.context.sendError : null);
export const selectLoadError = (snapshot: ComposerSnapshot) => snapshot.context.loadError;

export const selectIsLoadingChosen = (snapshot: ComposerSnapshot) => snapshot.matches("loadingChosen");
export const selectIsSearching = (snapshot: ComposerSnapshot) => snapshot.hasTag("searching");
export const selectIsSending = (snapshot: ComposerSnapshot) => snapshot.matches("sending");
export const selectIsConfirming = (snapshot: ComposerSnapshot) => snapshot.matches("confirming") || snapshot.matches("sending");
export const selectIsIncomplete = (snapshot: ComposerSnapshot) => snapshot.matches({ editing: { validation: "incomplete" } });
export const selectCanRetry = (snapshot: ComposerSnapshot) => snapshot.can({ type: "send.retry" });

/** Green buttons: what each send asks for is there (spec section 5). */
export const selectCanSendSelected = (snapshot: ComposerSnapshot) =>
  selectDraftComplete(snapshot) && snapshot.context.selection.length > 0;
export const selectDraftComplete = (snapshot: ComposerSnapshot) =>
  snapshot.context.draft.title.trim() !== "" && snapshot.context.draft.message.trim() !== "";

/** The three numbers shown before a targeted send: addressed, reachable (a registered device) and not reachable. */
export const selectSelectedReach = (snapshot: ComposerSnapshot) => {
  const chosen = new Set(snapshot.context.selection);
  const reachable = snapshot.context.found.filter((candidate) => chosen.has(candidate.id) && candidate.reachable).length;
  const addressed = snapshot.context.found.filter((candidate) => chosen.has(candidate.id)).length;
  return { addressed, reachable, notReachable: addressed - reachable };
};
