import type { Locator, Page } from "playwright-core";
import { PROFILE_WORDS, profileControls, type FieldValue, type ProfileButton, type ProfileFields, type ProfilePage } from "../profile";
import type { ControlState, Target } from "../locators";
import { confirmDialog, toasts } from "./common";
import { isThere, locate, pushPath, stateOf, textOf, valueOf } from "./locate";

/** The profile form in Chromium, for a page whose fields are `fields`. */
export function profilePage<Field extends string>(page: Page, fields: ProfileFields<Field>, words = PROFILE_WORDS.en) {
  const controls = profileControls(words);
  const entries = Object.entries(fields) as [Field, Target][];
  const field = (name: Field) => locate(page, fields[name]);
  // The delete dialog has its own Delete and Cancel: the form's are the ones outside it.
  const formButton = (name: ProfileButton) => locate(page, controls.buttons[name]).and(page.locator(':not([role="dialog"] *)'));

  const profile: ProfilePage<Field> & { field(name: Field): Locator } = {
    field,
    heading: () => textOf(locate(page, controls.heading)),
    isLoading: () => isThere(locate(page, controls.loading)),
    loadFailure: () => textOf(locate(page, controls.alert).filter({ has: locate(page, controls.buttons.retry) })),
    values: async () =>
      Object.fromEntries(
        await Promise.all(
          entries.map(async ([name]): Promise<[Field, FieldValue]> => {
            const value = await valueOf(field(name));
            if (value === null) throw new Error(`no field ${name} on screen`);
            return [name, value];
          }),
        ),
      ) as Record<Field, FieldValue>,
    fieldStates: async () => Object.fromEntries(await Promise.all(entries.map(async ([name]) => [name, await stateOf(field(name))]))) as Record<Field, ControlState>,
    buttons: async () =>
      Object.fromEntries(
        await Promise.all((Object.keys(controls.buttons) as ProfileButton[]).map(async (name) => [name, await stateOf(formButton(name))])),
      ) as Record<ProfileButton, ControlState>,
    deleteDialog: confirmDialog(page, words.dialog),
    toasts: toasts(page),

    async fill(name, value) {
      if (typeof value === "boolean") await field(name).setChecked(value);
      else await field(name).fill(value);
    },
    save: () => formButton("save").click(),
    cancel: () => formButton("cancel").click(),
    edit: () => formButton("edit").click(),
    delete: () => formButton("delete").click(),
    discardChanges: () => formButton("discard").click(),
    retry: () => formButton("retry").click(),
    goTo: (path) => pushPath(page, path),
  };
  return profile;
}
