import type { UserEvent } from "@testing-library/user-event";
import type { Locale } from "../../../src/shared/i18n/locales";
import type { Target } from "../locators";
import {
  countyOption,
  OBSERVER_STATIONS_WORDS,
  observerStationsControls,
  type AssignMode,
  type ListedStation,
  type ObserverAssignDialog,
  type ObserverStations,
  type StationPicking,
} from "../observer-stations";
import { control, find, findAll, read, stateOf, textOf, typeInto } from "./find";

type Controls = ReturnType<typeof observerStationsControls>;
type Scope = () => HTMLElement | null;

/** A control's description (its error, for a field Mantine marks invalid), as a screen reader hears it. */
function descriptionOf(element: HTMLElement | null): string | null {
  if (!element || element.getAttribute("aria-invalid") !== "true") return null;
  const ids = (element.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
  return ids.map((id) => textOf(document.getElementById(id)) ?? "").join(" ") || null;
}

/** An alert's message, without its title and buttons. */
const messageOf = (alert: HTMLElement | null) => textOf(alert?.querySelector("p") ?? null);

function listed(item: HTMLElement): ListedStation {
  return {
    name: item.getAttribute("aria-label") ?? "",
    badges: [...item.querySelectorAll(".mantine-Badge-root")].map((badge) => textOf(badge) ?? ""),
    lines: [...item.querySelectorAll("p")].map((line) => textOf(line) ?? ""),
  };
}

/** County, number and Add, inside `scope` (the profile's section or the dialog). */
function stationPicking(user: UserEvent, controls: Controls, scope: Scope): StationPicking {
  const click = async (target: Target) => user.click(await control(target, scope));
  const chooseCounty = async (code: string) => {
    await click(controls.county);
    // The options are in a portal, outside the scope.
    await user.click(await control(controls.option(countyOption(code))));
  };
  const typeNumber = async (value: string) => typeInto(user, await control(controls.number, scope), value);
  return {
    problem: read(() => descriptionOf(find(controls.number, scope()))),
    pickerStates: read(() => ({
      county: stateOf(find(controls.county, scope())),
      number: stateOf(find(controls.number, scope())),
      add: stateOf(find(controls.add, scope())),
    })),
    chooseCounty,
    typeNumber,
    add: () => click(controls.add),
    async addStation(code, number) {
      await chooseCounty(code);
      await typeNumber(String(number));
      await click(controls.add);
    },
  };
}

export function observerStations(user: UserEvent, locale: Locale = "en"): ObserverStations {
  const controls = observerStationsControls(OBSERVER_STATIONS_WORDS[locale]);
  const section = () => find(controls.section);
  const list = () => find(controls.assigned, section());
  const click = async (target: Target) => user.click(await control(target, section));
  // The load's or the save's failure: a Mantine alert (a refused station is said on its field instead).
  const saveAlert = () => findAll(controls.alert, section()).find((alert) => alert.classList.contains("mantine-Alert-root")) ?? null;
  return {
    ...stationPicking(user, controls, section),
    isThere: read(() => section() !== null),
    isLoading: read(() => find(controls.loading, section()) !== null),
    loadError: read(() => (find(controls.add, section()) === null ? messageOf(saveAlert()) : null)),
    stations: read(() => findAll(controls.item, list()).map(listed)),
    showsNone: read(() => find(controls.none, section()) !== null),
    removeState: read((name: string) => stateOf(find(controls.remove(name), section()))),
    saveError: read(() => (find(controls.add, section()) === null ? null : messageOf(saveAlert()))),
    retrySaveState: read(() => stateOf(find(controls.tryAgain, saveAlert()))),
    status: read(() => textOf(find(controls.status, section()))),
    remove: (name) => click(controls.remove(name)),
    retrySave: async () => user.click(await control(controls.tryAgain, saveAlert)),
    retryLoad: async () => user.click(await control(controls.tryAgain, section)),
  };
}

export function observerAssignDialog(user: UserEvent, locale: Locale = "en"): ObserverAssignDialog {
  const controls = observerStationsControls(OBSERVER_STATIONS_WORDS[locale]);
  const dialog = () => find(controls.dialog);
  const click = async (target: Target) => user.click(await control(target, dialog));
  const errorAlert = () => findAll(controls.alert, dialog()).find((alert) => alert.classList.contains("mantine-Alert-root")) ?? null;
  const modes: AssignMode[] = ["add", "replace"];
  return {
    ...stationPicking(user, controls, dialog),
    isOpen: read(() => dialog() !== null),
    text: read(() => textOf(dialog())),
    chosen: read(() =>
      findAll(controls.item, find(controls.chosen, dialog())).map((item) => ({
        name: item.getAttribute("aria-label") ?? "",
        problem: textOf(item.querySelectorAll("p")[1] ?? null),
      })),
    ),
    mode: read(() => modes.find((mode) => (find(controls.mode(mode), dialog()) as HTMLInputElement | null)?.checked) ?? null),
    buttons: read(() => ({ assign: stateOf(find(controls.assign, dialog())), cancel: stateOf(find(controls.cancel, dialog())) })),
    error: read(() => messageOf(errorAlert())),
    chooseMode: (mode) => click(controls.mode(mode)),
    remove: (name) => click(controls.remove(name)),
    assign: () => click(controls.assign),
    cancel: () => click(controls.cancel),
    retry: async () => user.click(await control(controls.tryAgain, errorAlert)),
  };
}
