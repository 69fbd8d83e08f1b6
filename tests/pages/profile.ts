/**
 * What every profile page shares (observer, NGO, later the form editor and the notification composer): the
 * page-mode form with its heading, fields, buttons, delete dialog and toasts. Each page names its fields.
 */
import { DELETE_DIALOG_WORDS, type ConfirmDialog, type DialogWords, type Toasts } from "./common";
import type { ControlState, Target, Words } from "./locators";

export type FieldValue = string | boolean;
export type ProfileButton = "save" | "cancel" | "edit" | "delete" | "discard" | "retry";

export interface ProfilePage<Field extends string = string> {
  heading(): Promise<string | null>;
  isLoading(): Promise<boolean>;
  /** The failure shown instead of the form (the one that offers Retry), null without one. */
  loadFailure(): Promise<string | null>;
  /** The draft on screen: text for a text box, checked for a checkbox. */
  values(): Promise<Record<Field, FieldValue>>;
  fieldStates(): Promise<Record<Field, ControlState>>;
  buttons(): Promise<Record<ProfileButton, ControlState>>;
  deleteDialog: ConfirmDialog;
  toasts: Toasts;

  /** Types a text (an empty one clears the box) or sets a checkbox. */
  fill(field: Field, value: FieldValue): Promise<void>;
  save(): Promise<void>;
  cancel(): Promise<void>;
  edit(): Promise<void>;
  delete(): Promise<void>;
  discardChanges(): Promise<void>;
  retry(): Promise<void>;
  /** Moves through browser history, as back and forward do (no reload). */
  goTo(path: string): Promise<void>;
}

export interface ProfileWords {
  save: string;
  cancel: string;
  edit: string;
  delete: string;
  discard: string;
  retry: string;
  loading: string;
  dialog: DialogWords;
}

export const PROFILE_WORDS: Words<ProfileWords> = {
  en: { save: "Save", cancel: "Cancel", edit: "Edit", delete: "Delete", discard: "Discard changes", retry: "Retry", loading: "Loading", dialog: DELETE_DIALOG_WORDS.en },
  ro: {
    save: "Salvează",
    cancel: "Anulează",
    edit: "Editează",
    delete: "Șterge",
    discard: "Renunță la modificări",
    retry: "Reîncearcă",
    loading: "Se încarcă",
    dialog: DELETE_DIALOG_WORDS.ro,
  },
};

/** A page's description: its fields' controls, in the language it is shown in. */
export type ProfileFields<Field extends string> = Record<Field, Target>;

export const profileControls = (words: ProfileWords) => ({
  heading: { role: "heading", level: 1 } satisfies Target,
  loading: { label: words.loading } satisfies Target,
  alert: { role: "alert" } satisfies Target,
  buttons: {
    save: { role: "button", name: words.save },
    cancel: { role: "button", name: words.cancel },
    edit: { role: "button", name: words.edit },
    delete: { role: "button", name: words.delete },
    discard: { role: "button", name: words.discard },
    retry: { role: "button", name: words.retry },
  } satisfies Record<ProfileButton, Target>,
});
