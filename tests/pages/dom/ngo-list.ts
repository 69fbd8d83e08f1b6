import type { UserEvent } from "@testing-library/user-event";
import type { Locale } from "../../../src/shared/i18n/locales";
import { countIn } from "../locators";
import { NGO_LIST_WORDS, ngoListControls, type NgoList } from "../ngo-list";
import { control, find, findAll, present, read, stateOf, textOf } from "./find";

export function ngoList(user: UserEvent, locale: Locale = "en"): NgoList {
  const controls = ngoListControls(NGO_LIST_WORDS[locale]);
  const table = () => find(controls.table);
  const rowOf = (name: string) => find(controls.rowHeader(name), table())?.closest("tr") ?? null;
  const checked = (target: Parameters<typeof find>[0], row: HTMLElement) => (find(target, row) as HTMLInputElement | null)?.checked === true;
  const click = async (target: Parameters<typeof control>[0], scope?: Parameters<typeof control>[1]) => user.click(await control(target, scope));

  return {
    title: read(() => textOf(find(controls.title))),
    total: read(() => countIn(textOf(find(controls.title)))),
    columns: read(() => findAll(controls.columnHeader, table()).map((header) => textOf(header) ?? "")),
    rowNames: read(() => findAll(controls.rowHeader(), table()).map((header) => textOf(header) ?? "")),
    row: read((name: string) => {
      const row = rowOf(name);
      if (!row) return null;
      return { shortName: textOf(findAll(controls.cell, row)[0] ?? null) ?? "", organizer: checked(controls.organizer(name), row), active: checked(controls.active(name), row) };
    }),
    isBusy: read(() => find(controls.loading) !== null || table()?.getAttribute("aria-busy") === "true"),
    rowMenuState: read((name) => stateOf(find(controls.rowMenu(name)))),

    openRowMenu: (name) => click(controls.rowMenu(name)),
    async chooseRowAction(name, action) {
      await click(controls.rowMenu(name));
      await click(controls.menuItem(action));
    },
    addNgo: () => click(controls.addNgo),
    editRow: async (name) => user.click(await present(() => find(controls.edit, rowOf(name)), `Edit of ${name}`)),
  };
}
