import type { Locator, Page } from "playwright-core";
import type { Locale } from "../../../src/shared/i18n/locales";
import { countIn, folded } from "../locators";
import { columnName, OBSERVER_LIST_WORDS, observerListControls, type CheckState, type ObserverList } from "../observer-list";
import { attributeOf, checkOf, isThere, locate, stateOf, textOf, textsOf, valueOf } from "./locate";

export function observerList(page: Page, locale: Locale = "en"): ObserverList & { row(name: string): Locator } {
  const words = OBSERVER_LIST_WORDS[locale];
  const controls = observerListControls(words);
  const at = (target: Parameters<typeof locate>[1], scope: Page | Locator = page) => locate(scope, target);
  const table = () => at(controls.table);
  const bodyRows = () => table().locator("tbody tr");
  const row = (name: string) => bodyRows().filter({ has: at({ ...controls.rowHeader, name }) });
  const searchForm = () => at(controls.searchForm);
  const selectionBar = () => at(controls.selectionBar);
  const column = (name: Parameters<typeof columnName>[0]) => at(controls.column(columnName(name, words)), table());

  return {
    row,
    title: () => textOf(at(controls.title)),
    total: async () => countIn(await textOf(at(controls.title))),
    columns: () => textsOf(at(controls.columnHeader, table())),
    rowNames: () => textsOf(at(controls.rowHeader, table())),
    // The second cell: the first holds the row's checkbox.
    rowPhones: async () => (await bodyRows().evaluateAll((rows) => rows.map((row) => row.querySelectorAll("td")[1]?.textContent ?? ""))).map(folded),
    cardNames: () => at(controls.card, at(controls.cards)).evaluateAll((cards) => cards.map((card) => card.getAttribute("aria-label") ?? "")),
    range: () => textOf(at(controls.range)),
    paging: async () => ({ previous: await stateOf(at(controls.previous)), next: await stateOf(at(controls.next)) }),
    loading: () => textOf(at(controls.loading)),
    loadError: () => textOf(at(controls.loadError)),
    showsNoResults: async () => (await isThere(at(controls.noResults))) && !(await isThere(table())),
    refreshState: () => stateOf(at(controls.refresh)),
    searchValues: async () => ({
      name: String((await valueOf(at(controls.nameField, searchForm()))) ?? ""),
      phone: String((await valueOf(at(controls.phoneField, searchForm()))) ?? ""),
    }),
    searchButtons: async () => ({ filter: await stateOf(at(controls.filter, searchForm())), reset: await stateOf(at(controls.reset, searchForm())) }),
    sortOf: (name) => attributeOf(column(name), "aria-sort"),
    selection: () => textOf(selectionBar()),
    selectAllState: (): Promise<CheckState> => checkOf(at(controls.selectAll)),
    selectedNames: () =>
      at(controls.rowCheckbox).evaluateAll((boxes) =>
        boxes.filter((box) => (box as HTMLInputElement).checked).map((box) => (box.getAttribute("aria-label") ?? "").replace(/^Select /, "")),
      ),

    async search({ name = "", phone = "" }) {
      await at(controls.nameField, searchForm()).fill(name);
      await at(controls.phoneField, searchForm()).fill(phone);
      await at(controls.filter, searchForm()).click();
    },
    resetSearch: () => at(controls.reset, searchForm()).click(),
    nextPage: () => at(controls.next).click(),
    previousPage: () => at(controls.previous).click(),
    refresh: () => at(controls.refresh).click(),
    retry: () => at(controls.retry, at(controls.loadError)).click(),
    sortBy: (name) => at(controls.sortButton, column(name)).click(),
    toggleRow: (name) => at(controls.select(name)).click(),
    toggleAll: () => at(controls.selectAll).click(),
    deleteSelected: () => at(controls.deleteSelected, selectionBar()).click(),
    notifySelected: () => at(controls.notifySelected, selectionBar()).click(),
    assignSelected: () => at(controls.assignSelected, selectionBar()).click(),
    openRowMenu: (name) => at(controls.rowMenu(name)).click(),
    async chooseRowAction(name, action) {
      await at(controls.rowMenu(name)).click();
      await at(controls.menuItem(action)).click();
    },
    editRow: (name) => at(controls.edit, row(name)).click(),
    addObserver: () => at(controls.addObserver).click(),
    openImport: () => at(controls.openImport).click(),
    exportList: () => at(controls.exportList).click(),
    // The radio itself is hidden under its label: the user clicks the label.
    async showAs(mode) {
      const id = await at(controls.viewMode(mode)).getAttribute("id");
      await page.locator(`label[for="${id}"]`).click();
    },
  };
}
