import type { SnapshotFrom } from "xstate";
import type { PageRecord, pageModeMachine } from "./page-mode.machine";

type PageModeSnapshot = SnapshotFrom<typeof pageModeMachine>;

/** The page's phase: the record is loading, failed to load, or the form is on screen. */
export const selectPhase = (snapshot: PageModeSnapshot): "loading" | "failed" | "form" => {
  if (snapshot.matches("loading") || snapshot.matches("starting")) return "loading";
  if (snapshot.matches("failed")) return "failed";
  return "form";
};

/** The mode the form is in (creating, viewing or editing). */
export const selectMode = (snapshot: PageModeSnapshot) => snapshot.context.mode;

/** True while a save or a delete is pending. */
export const selectIsBusy = (snapshot: PageModeSnapshot) => snapshot.hasTag("busy");

/** True while the record may not be changed (viewing, or not loaded yet). */
export const selectIsReadonly = (snapshot: PageModeSnapshot) => snapshot.hasTag("readonly");

/** True while a save (not a delete) is pending. */
export const selectIsSaving = (snapshot: PageModeSnapshot) =>
  snapshot.matches({ creating: "saving" }) || snapshot.matches({ ready: { editing: "saving" } });

/** True while a delete is pending. */
export const selectIsDeleting = (snapshot: PageModeSnapshot) => snapshot.matches({ ready: { editing: "deleting" } });

/** True while the delete confirmation is asked. */
export const selectIsConfirmingDelete = (snapshot: PageModeSnapshot) =>
  snapshot.matches({ ready: { editing: "confirmingDelete" } });

/** The loaded (or last saved) record; the page knows its real type. */
export const selectRecord = (snapshot: PageModeSnapshot): PageRecord | null => snapshot.context.record;

/** The last failure, as codes. */
export const selectError = (snapshot: PageModeSnapshot) => snapshot.context.error;
