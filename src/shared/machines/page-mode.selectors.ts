import type { SnapshotFrom } from "xstate";
import type { PageMode, PageRecord, pageModeMachine } from "./page-mode.machine";

type PageModeSnapshot = SnapshotFrom<typeof pageModeMachine>;

/** The page's phase: the record is loading, failed to load, or the form is on screen. */
export const selectPhase = (snapshot: PageModeSnapshot): "loading" | "failed" | "form" =>
  snapshot.matches({ record: "loading" }) ? "loading"
  : snapshot.matches({ record: "failed" }) ? "failed"
  : "form";

/** The route's mode (creating, viewing or editing), read from the route region. */
export const selectMode = (snapshot: PageModeSnapshot): PageMode =>
  snapshot.matches({ route: "editing" }) ? "editing"
  : snapshot.matches({ route: "viewing" }) ? "viewing"
  : "creating";

/** True while a save or a delete is pending. */
export const selectIsBusy = (snapshot: PageModeSnapshot) => snapshot.hasTag("busy");

/** True while the record may not be changed (viewing, or not loaded yet). */
export const selectIsReadonly = (snapshot: PageModeSnapshot) => snapshot.hasTag("readonly");

/** True while the draft differs from the record: leaving asks first. */
export const selectIsDirty = (snapshot: PageModeSnapshot) => snapshot.hasTag("dirty");

/** True while a save (an add or an update, not a delete) is pending. */
export const selectIsSaving = (snapshot: PageModeSnapshot) =>
  snapshot.matches({ record: { ready: "adding" } }) || snapshot.matches({ record: { ready: "saving" } });

/** True while a delete is pending. */
export const selectIsDeleting = (snapshot: PageModeSnapshot) => snapshot.matches({ record: { ready: "deleting" } });

/** True while the delete confirmation is asked. */
export const selectIsConfirmingDelete = (snapshot: PageModeSnapshot) =>
  snapshot.matches({ record: { ready: "confirmingDelete" } });

/** Whether Save would be taken now: the machine's own guards (mode, validity, nothing pending) decide. */
export const selectCanSubmit = (snapshot: PageModeSnapshot) => snapshot.can({ type: "form.submit" });

/** The loaded (or last saved) record; each feature casts it in one selector of its own. */
export const selectRecord = (snapshot: PageModeSnapshot): PageRecord | null => snapshot.context.record;

/** The draft being edited; each feature reads it through a typed selector of its own. */
export const selectDraft = (snapshot: PageModeSnapshot) => snapshot.context.draft;

/** The fields the user has visited: only they show the browser's validation messages. */
export const selectTouched = (snapshot: PageModeSnapshot) => snapshot.context.touched;

/** True while the draft on screen came back from an earlier visit. */
export const selectIsRestored = (snapshot: PageModeSnapshot) => snapshot.context.restored;

/** The last failure, as codes. */
export const selectError = (snapshot: PageModeSnapshot) => snapshot.context.error;
