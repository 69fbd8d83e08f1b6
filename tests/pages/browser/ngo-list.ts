import type { Locator, Page } from "playwright-core";
import type { Locale } from "../../../src/shared/i18n/locales";
import { countIn } from "../locators";
import { NGO_LIST_WORDS, ngoListControls, type NgoList } from "../ngo-list";
import { attributeOf, isThere, locate, stateOf, textOf, textsOf, valueOf } from "./locate";

export function ngoList(page: Page, locale: Locale = "en"): NgoList & { rowLocator(name: string): Locator } {
  const controls = ngoListControls(NGO_LIST_WORDS[locale]);
  const at = (target: Parameters<typeof locate>[1], scope: Page | Locator = page) => locate(scope, target);
  const table = () => at(controls.table);
  const rowLocator = (name: string) => table().locator("tbody tr").filter({ has: at(controls.rowHeader(name)) });

  return {
    rowLocator,
    title: () => textOf(at(controls.title)),
    total: async () => countIn(await textOf(at(controls.title))),
    columns: () => textsOf(at(controls.columnHeader, table())),
    rowNames: () => textsOf(at(controls.rowHeader(), table())),
    async row(name) {
      const row = rowLocator(name);
      // One snapshot of the row: it may go (a delete) while it is read.
      const [shortName, organizer, active] = await Promise.all([
        textOf(at(controls.cell, row).first()),
        valueOf(at(controls.organizer(name), row)),
        valueOf(at(controls.active(name), row)),
      ]);
      if (shortName === null || organizer === null || active === null) return null;
      return { shortName, organizer: organizer === true, active: active === true };
    },
    isBusy: async () => (await isThere(at(controls.loading))) || (await attributeOf(table(), "aria-busy")) === "true",
    rowMenuState: (name) => stateOf(at(controls.rowMenu(name))),

    openRowMenu: (name) => at(controls.rowMenu(name)).click(),
    async chooseRowAction(name, action) {
      await at(controls.rowMenu(name)).click();
      await at(controls.menuItem(action)).click();
      // The menu closes once the action is chosen: a later gesture must not land on its fading items.
      await at({ role: "menu" }).waitFor({ state: "detached" });
    },
    addNgo: () => at(controls.addNgo).click(),
    editRow: (name) => at(controls.edit, rowLocator(name)).click(),
  };
}
