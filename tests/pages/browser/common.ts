import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { dialogControls, toastControls, TOAST_WORDS, type ConfirmDialog, type DialogWords, type Toasts } from "../common";
import { locate, stateOf, textOf, textsOf } from "./locate";

export function toasts(page: Page, words = TOAST_WORDS.en): Toasts {
  const controls = toastControls(words);
  const saying = (message: string) => locate(page, controls.toast).filter({ hasText: message });
  return {
    saying: (message) => textsOf(saying(message)),
    offersRetry: async (message) => (await locate(saying(message).last(), controls.retry).count()) > 0,
    retry: (message) => locate(saying(message).last(), controls.retry).click(),
  };
}

export function confirmDialog(page: Page, words: DialogWords): ConfirmDialog & { settled(): Promise<void>; button(which: "confirm" | "cancel"): Locator } {
  const controls = dialogControls(words);
  const dialog = () => locate(page, controls.dialog);
  return {
    /** For gestures the interface has no word for (a double click). */
    button: (which) => locate(dialog(), controls[which]),
    text: () => textOf(dialog()),
    buttons: async () => ({ confirm: await stateOf(locate(dialog(), controls.confirm)), cancel: await stateOf(locate(dialog(), controls.cancel)) }),
    confirm: () => locate(dialog(), controls.confirm).click(),
    cancel: () => locate(dialog(), controls.cancel).click(),
    /** Open, with every transition on the page ended: axe misjudges the colours of a fading dialog. */
    async settled() {
      await dialog().waitFor();
      await expect.poll(() => page.evaluate(() => document.getAnimations().length)).toBe(0);
    },
  };
}
