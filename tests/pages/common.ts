/** What every screen shares: its toasts and its confirmation dialog. */
import type { ControlState, Target, Words } from "./locators";

export interface Toasts {
  /** The text (title and message) of each toast on screen that says `message`, oldest first. */
  saying(message: string): Promise<string[]>;
  /** Whether the latest toast that says `message` offers to try again. */
  offersRetry(message: string): Promise<boolean>;
  retry(message: string): Promise<void>;
}

export interface ConfirmDialog {
  /** The open dialog's text (title, question, buttons), null while none is open. */
  text(): Promise<string | null>;
  buttons(): Promise<{ confirm: ControlState; cancel: ControlState }>;
  confirm(): Promise<void>;
  cancel(): Promise<void>;
}

export const TOAST_WORDS: Words<{ tryAgain: string }> = { en: { tryAgain: "Try again" }, ro: { tryAgain: "Încearcă din nou" } };

/** Mantine's notifications are alerts; the one meant is told apart by its message. */
export const toastControls = (words = TOAST_WORDS.en) => ({
  toast: { role: "alert" } satisfies Target,
  retry: { role: "button", name: words.tryAgain } satisfies Target,
});

export interface DialogWords {
  /** The dialog's title; without one, whichever dialog is open. */
  title?: string;
  confirm: string;
  cancel: string;
}

export const DELETE_DIALOG_WORDS: Words<DialogWords> = {
  en: { title: "Delete", confirm: "Delete", cancel: "Cancel" },
  ro: { title: "Șterge", confirm: "Șterge", cancel: "Anulează" },
};

export const dialogControls = (words: DialogWords) => ({
  dialog: (words.title ? { role: "dialog", name: words.title } : { role: "dialog" }) satisfies Target,
  confirm: { role: "button", name: words.confirm } satisfies Target,
  cancel: { role: "button", name: words.cancel } satisfies Target,
});
