import type { UserEvent } from "@testing-library/user-event";
import type { Locale } from "../../../src/shared/i18n/locales";
import { countIn } from "../locators";
import { columnName, OBSERVER_LIST_WORDS, observerListControls, type CheckState, type ObserverList } from "../observer-list";
import { control, find, findAll, read, stateOf, textOf, typeInto } from "./find";

export function observerList(user: UserEvent, locale: Locale = "en"): ObserverList {
  const words = OBSERVER_LIST_WORDS[locale];
  const controls = observerListControls(words);
  const table = () => find(controls.table);
  const bodyRows = () => findAll(controls.row, table()).slice(1);
  const searchForm = () => find(controls.searchForm);
  const selectionBar = () => find(controls.selectionBar);
  const checkState = (box: HTMLElement | null): CheckState => {
    const checkbox = box as HTMLInputElement | null;
    if (!checkbox) return "absent";
    return checkbox.indeterminate ? "indeterminate" : checkbox.checked ? "checked" : "unchecked";
  };
  const click = async (target: Parameters<typeof control>[0], scope?: Parameters<typeof control>[1]) => user.click(await control(target, scope));

  return {
    title: read(() => textOf(find(controls.title))),
    total: read(() => countIn(textOf(find(controls.title)))),
    columns: read(() => findAll(controls.columnHeader, table()).map((header) => textOf(header) ?? "")),
    rowNames: read(() => bodyRows().map((row) => textOf(find(controls.rowHeader, row)) ?? "")),
    rowPhones: read(() => bodyRows().map((row) => textOf(findAll(controls.cell, row)[1] ?? null) ?? "")),
    cardNames: read(() => findAll(controls.card, find(controls.cards)).map((card) => card.getAttribute("aria-label") ?? "")),
    range: read(() => textOf(find(controls.range))),
    paging: read(() => ({ previous: stateOf(find(controls.previous)), next: stateOf(find(controls.next)) })),
    loading: read(() => textOf(find(controls.loading))),
    loadError: read(() => textOf(find(controls.loadError))),
    showsNoResults: read(() => find(controls.noResults) !== null && table() === null),
    refreshState: read(() => stateOf(find(controls.refresh))),
    searchValues: read(() => ({
      name: (find(controls.nameField, searchForm()) as HTMLInputElement | null)?.value ?? "",
      phone: (find(controls.phoneField, searchForm()) as HTMLInputElement | null)?.value ?? "",
    })),
    searchButtons: read(() => ({ filter: stateOf(find(controls.filter, searchForm())), reset: stateOf(find(controls.reset, searchForm())) })),
    sortOf: read((column) => find(controls.column(columnName(column, words)), table())?.getAttribute("aria-sort") ?? null),
    selection: read(() => textOf(selectionBar())),
    selectAllState: read(() => checkState(find(controls.selectAll))),
    selectedNames: read(() =>
      findAll(controls.rowCheckbox)
        .filter((checkbox) => (checkbox as HTMLInputElement).checked)
        .map((checkbox) => checkbox.getAttribute("aria-label")?.replace(/^Select /, "") ?? ""),
    ),

    async search({ name = "", phone = "" }) {
      await typeInto(user, await control(controls.nameField, searchForm), name);
      await typeInto(user, await control(controls.phoneField, searchForm), phone);
      await click(controls.filter, searchForm);
    },
    resetSearch: () => click(controls.reset, searchForm),
    nextPage: () => click(controls.next),
    previousPage: () => click(controls.previous),
    refresh: () => click(controls.refresh),
    retry: () => click(controls.retry, () => find(controls.loadError)),
    sortBy: (column) => click(controls.sortButton, () => find(controls.column(columnName(column, words)), table())),
    toggleRow: (name) => click(controls.select(name)),
    toggleAll: () => click(controls.selectAll),
    deleteSelected: () => click(controls.deleteSelected, selectionBar),
    notifySelected: () => click(controls.notifySelected, selectionBar),
    assignSelected: () => click(controls.assignSelected, selectionBar),
    openRowMenu: (name) => click(controls.rowMenu(name)),
    async chooseRowAction(name, action) {
      await click(controls.rowMenu(name));
      await click(controls.menuItem(action));
    },
    editRow: (name) => click(controls.edit, () => bodyRows().find((row) => textOf(find(controls.rowHeader, row)) === name) ?? null),
    addObserver: () => click(controls.addObserver),
    openImport: () => click(controls.openImport),
    exportList: () => click(controls.exportList),
    showAs: (mode) => click(controls.viewMode(mode)),
  };
}
