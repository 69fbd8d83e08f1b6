import type { Locator, Page } from "playwright-core";
import type { Locale } from "../../../src/shared/i18n/locales";
import { folded, type Target } from "../locators";
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
import { isThere, locate, stateOf, textOf } from "./locate";

type Controls = ReturnType<typeof observerStationsControls>;

/** A field's error, as a screen reader hears it: its description while it is marked invalid. */
async function descriptionOf(locator: Locator): Promise<string | null> {
  const [description = null] = await locator.evaluateAll((elements) =>
    elements.map((element) => {
      if (element.getAttribute("aria-invalid") !== "true") return null;
      const ids = (element.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
      return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" ") || null;
    }),
  );
  return description === null ? null : folded(description);
}

/** County, number and Add, inside `scope` (the profile's section or the dialog). */
function stationPicking(page: Page, controls: Controls, scope: () => Locator): StationPicking {
  const at = (target: Target) => locate(scope(), target);
  const chooseCounty = async (code: string) => {
    await at(controls.county).click();
    // The options are in a portal, outside the scope.
    await locate(page, controls.option(countyOption(code))).click();
  };
  const typeNumber = (value: string) => at(controls.number).fill(value);
  return {
    problem: () => descriptionOf(at(controls.number)),
    pickerStates: async () => ({ county: await stateOf(at(controls.county)), number: await stateOf(at(controls.number)), add: await stateOf(at(controls.add)) }),
    chooseCounty,
    typeNumber,
    add: () => at(controls.add).click(),
    async addStation(code, number) {
      await chooseCounty(code);
      await typeNumber(String(number));
      await at(controls.add).click();
    },
  };
}

async function listed(items: Locator): Promise<ListedStation[]> {
  const read = await items.evaluateAll((elements) =>
    elements.map((item) => ({
      name: item.getAttribute("aria-label") ?? "",
      badges: [...item.querySelectorAll(".mantine-Badge-root")].map((badge) => badge.textContent ?? ""),
      lines: [...item.querySelectorAll("p")].map((line) => line.textContent ?? ""),
    })),
  );
  return read.map(({ name, badges, lines }) => ({ name, badges: badges.map(folded), lines: lines.map(folded) }));
}

export function observerStations(page: Page, locale: Locale = "en"): ObserverStations {
  const controls = observerStationsControls(OBSERVER_STATIONS_WORDS[locale]);
  const section = () => locate(page, controls.section);
  const at = (target: Target, scope: Locator = section()) => locate(scope, target);
  const alert = () => section().locator(".mantine-Alert-root");
  return {
    ...stationPicking(page, controls, section),
    isThere: () => isThere(section()),
    isLoading: () => isThere(at(controls.loading)),
    loadError: async () => ((await isThere(at(controls.add))) ? null : textOf(alert().locator("p"))),
    stations: () => listed(at(controls.item, at(controls.assigned))),
    showsNone: () => isThere(at(controls.none)),
    removeState: (name) => stateOf(at(controls.remove(name))),
    saveError: async () => ((await isThere(at(controls.add))) ? textOf(alert().locator("p")) : null),
    retrySaveState: () => stateOf(at(controls.tryAgain, alert())),
    status: () => textOf(at(controls.status)),
    remove: (name) => at(controls.remove(name)).click(),
    retrySave: () => at(controls.tryAgain, alert()).click(),
    retryLoad: () => at(controls.tryAgain).click(),
  };
}

export function observerAssignDialog(page: Page, locale: Locale = "en"): ObserverAssignDialog {
  const controls = observerStationsControls(OBSERVER_STATIONS_WORDS[locale]);
  const dialog = () => locate(page, controls.dialog);
  const at = (target: Target, scope: Locator = dialog()) => locate(scope, target);
  const alert = () => dialog().locator(".mantine-Alert-root");
  const modes: AssignMode[] = ["add", "replace"];
  return {
    ...stationPicking(page, controls, dialog),
    isOpen: () => isThere(dialog()),
    text: () => textOf(dialog()),
    async chosen() {
      const items = await at(controls.item, at(controls.chosen)).evaluateAll((elements) =>
        elements.map((item) => ({ name: item.getAttribute("aria-label") ?? "", problem: item.querySelectorAll("p")[1]?.textContent ?? null })),
      );
      return items.map(({ name, problem }) => ({ name, problem: problem === null ? null : folded(problem) }));
    },
    async mode() {
      for (const mode of modes) if (await at(controls.mode(mode)).isChecked()) return mode;
      return null;
    },
    buttons: async () => ({ assign: await stateOf(at(controls.assign)), cancel: await stateOf(at(controls.cancel)) }),
    error: () => textOf(alert().locator("p")),
    chooseMode: (mode) => at(controls.mode(mode)).check(),
    remove: (name) => at(controls.remove(name)).click(),
    assign: () => at(controls.assign).click(),
    cancel: () => at(controls.cancel).click(),
    retry: () => at(controls.tryAgain, alert()).click(),
  };
}
