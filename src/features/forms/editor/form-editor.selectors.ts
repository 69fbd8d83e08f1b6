import type { SnapshotFrom } from "xstate";
import { isSameDocument } from "./form-document";
import type { formEditorMachine } from "./form-editor.machine";

type EditorSnapshot = SnapshotFrom<typeof formEditorMachine>;

/** The form as shown (the history's present). */
export const selectDocument = (snapshot: EditorSnapshot) => snapshot.context.history.present;

/** The form shown differs from what the server holds: leaving asks first, the working copy is kept. */
export const selectIsDirty = (snapshot: EditorSnapshot) => !isSameDocument(snapshot.context.history.present, snapshot.context.saved);

export const selectIsBusy = (snapshot: EditorSnapshot) => snapshot.hasTag("busy");

export const selectCanUndo = (snapshot: EditorSnapshot) => snapshot.can({ type: "edit.undo" });

export const selectCanRedo = (snapshot: EditorSnapshot) => snapshot.can({ type: "edit.redo" });

/** A working copy from an earlier session waits for restore or discard. */
export const selectStoredCopy = (snapshot: EditorSnapshot) => (snapshot.matches("editing") ? snapshot.context.stored : null);

export const selectIsConflict = (snapshot: EditorSnapshot) => snapshot.matches("conflict");

export const selectError = (snapshot: EditorSnapshot) => snapshot.context.error;
