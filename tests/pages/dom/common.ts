import type { UserEvent } from "@testing-library/user-event";
import { dialogControls, toastControls, type ConfirmDialog, type DialogWords, type Toasts } from "../common";
import { control, find, findAll, read, stateOf, textOf } from "./find";

export function toasts(user: UserEvent): Toasts {
  const controls = toastControls();
  const saying = (message: string) => findAll(controls.toast).filter((toast) => toast.textContent?.includes(message));
  return {
    saying: read((message) => saying(message).map((toast) => textOf(toast) ?? "")),
    offersRetry: read((message) => find(controls.retry, saying(message).at(-1)) !== null),
    retry: async (message) => user.click(await control(controls.retry, () => saying(message).at(-1))),
  };
}

export function confirmDialog(user: UserEvent, words: DialogWords): ConfirmDialog {
  const controls = dialogControls(words);
  const dialog = () => find(controls.dialog);
  return {
    text: read(() => textOf(dialog())),
    buttons: read(() => ({ confirm: stateOf(find(controls.confirm, dialog())), cancel: stateOf(find(controls.cancel, dialog())) })),
    confirm: async () => user.click(await control(controls.confirm, dialog)),
    cancel: async () => user.click(await control(controls.cancel, dialog)),
  };
}
