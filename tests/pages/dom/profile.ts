import type { UserEvent } from "@testing-library/user-event";
import { PROFILE_WORDS, profileControls, type FieldValue, type ProfileButton, type ProfileFields, type ProfilePage } from "../profile";
import type { ControlState, Target } from "../locators";
import { confirmDialog, toasts } from "./common";
import { control, find, findAll, need, present, read, stateOf, textOf, typeInto } from "./find";

const isCheckbox = (field: HTMLElement): field is HTMLInputElement => field.getAttribute("type") === "checkbox";
const outsideDialog = (element: HTMLElement) => !element.closest('[role="dialog"]');

/** The profile form on jsdom, for a page whose fields are `fields`. */
export function profilePage<Field extends string>(user: UserEvent, fields: ProfileFields<Field>, words = PROFILE_WORDS.en): ProfilePage<Field> {
  const controls = profileControls(words);
  const entries = Object.entries(fields) as [Field, Target][];
  const formButton = (name: ProfileButton) => findAll(controls.buttons[name]).find(outsideDialog) ?? null;
  const click = async (name: ProfileButton) => user.click(await present(() => formButton(name), `${name} button`));

  return {
    heading: read(() => textOf(find(controls.heading))),
    isLoading: read(() => find(controls.loading) !== null),
    loadFailure: read(() => textOf(findAll(controls.alert).find((alert) => find(controls.buttons.retry, alert) !== null) ?? null)),
    values: read(
      () =>
        Object.fromEntries(
          entries.map(([field, target]) => {
            const element = need(target);
            return [field, isCheckbox(element) ? element.checked : (element as HTMLInputElement).value] as [Field, FieldValue];
          }),
        ) as Record<Field, FieldValue>,
    ),
    fieldStates: read(() => Object.fromEntries(entries.map(([field, target]) => [field, stateOf(find(target))])) as Record<Field, ControlState>),
    buttons: read(
      () =>
        Object.fromEntries((Object.keys(controls.buttons) as ProfileButton[]).map((name) => [name, stateOf(formButton(name))])) as Record<
          ProfileButton,
          ControlState
        >,
    ),
    deleteDialog: confirmDialog(user, words.dialog),
    toasts: toasts(user),

    async fill(field, value) {
      const element = await control(fields[field]);
      if (!isCheckbox(element)) return typeInto(user, element, String(value));
      if (element.checked !== value) await user.click(element);
    },
    save: () => click("save"),
    cancel: () => click("cancel"),
    edit: () => click("edit"),
    delete: () => click("delete"),
    discardChanges: () => click("discard"),
    retry: () => click("retry"),
    /** react-router follows browser history (back/forward) through popstate. */
    goTo: read((path: string) => {
      const index = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
      window.history.pushState({ usr: null, key: `model-${index}`, idx: index }, "", path);
      window.dispatchEvent(new PopStateEvent("popstate", { state: window.history.state as unknown }));
    }),
  };
}
