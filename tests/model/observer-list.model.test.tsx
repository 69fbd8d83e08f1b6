import { expect, it } from "vitest";
import type { Observer } from "../../src/features/observers/observer-list.actors";
import { OBSERVER_LIST_INPUT } from "../../src/features/observers/observer-list.config";
import { listMachine, type ListQuery } from "../../src/shared/machines/list.machine";
import { describeListModel } from "../support/list-conformance";
import { manyObservers, ORGANIZER } from "../support/seeds/observers.seed";
import { observerList } from "../pages/dom/observer-list";
import { eventually } from "../pages/locators";
import type { ObserverColumn, ObserverList } from "../pages/observer-list";
import { observerRoutes } from "../../src/features/observers/observer.routes";

/*
 * The shared list statechart on the observers list (25 observers: two pages of 20), the screen that offers every
 * family: paging, a filter by name and phone, sorting by name and last login, and a selection. It keeps the
 * previous page's rows on screen while the next loads.
 */

/** The query string listObservers must receive for a query of the model. */
function params({ page, pageSize, filter, sort }: ListQuery) {
  return {
    Page: String(page),
    PageSize: String(pageSize),
    ...(filter.name ? { Name: filter.name } : {}),
    ...(filter.phone ? { Number: filter.phone } : {}),
    SortBy: sort.by,
    SortDirection: sort.direction,
  };
}

const column = (by: string): ObserverColumn => (by === "name" ? "Name" : "Last login");

/** The selection bar counts the selected observers; without any, it is gone and select-all is not checked. */
async function expectSelected(page: ObserverList, count: number) {
  if (count > 0) return eventually(() => page.selection()).toContain(count === 1 ? "1 observer selected" : `${count} observers selected`);
  await eventually(() => page.selection()).toBeNull();
  expect(await page.selectAllState()).not.toBe("checked");
}

const paths = await describeListModel<ObserverList, Observer>({
  name: "the observers list",
  input: OBSERVER_LIST_INPUT,
  seed: manyObservers,
  account: ORGANIZER,
  route: "/observatori",
  features: [observerRoutes],
  endpoint: "/api/v1/observer",
  params,
  page: observerList,
  rows: (page) => page.rowNames(),
  rowOf: (observer) => observer.name,
  keepsRowsWhileLoading: true,
  loadFailed: (status) => `The observers could not be loaded (error ${status}). Try again.`,
  seeLoaded: async (page, { totalItems }) => {
    await eventually(() => page.title()).toContain(`Observers (${totalItems})`);
  },
  seeLoading: (page) => expectSelected(page, 0),
  filter: {
    // A name and a phone: both reach the request (Name, Number).
    value: { name: "ana", phone: "07" },
    submit: (page, { name, phone }) => page.search({ name, phone }),
    reset: (page) => page.resetSearch(),
    see: async (page, filter) => {
      const filtered = Boolean(filter.name || filter.phone);
      expect(await page.searchValues()).toEqual({ name: filter.name ?? "", phone: filter.phone ?? "" });
      expect(await page.searchButtons()).toEqual(filtered ? { filter: "enabled", reset: "enabled" } : { filter: "disabled", reset: "disabled" });
    },
  },
  sort: {
    columns: ["name", "lastSeen"],
    toggle: (page, by) => page.sortBy(column(by)),
    see: async (page, { by, direction }) => {
      expect(await page.sortOf(column(by))).toBe(direction === "asc" ? "ascending" : "descending");
      expect(await page.sortOf(column(by === "name" ? "lastSeen" : "name"))).toBe("none");
    },
  },
  selection: {
    toggle: (page, observer) => page.toggleRow(observer.name),
    toggleAll: (page) => page.toggleAll(),
    see: async (page, shown, selected) => {
      await expectSelected(page, selected.length);
      expect(await page.selectedNames()).toEqual(selected.map((observer) => observer.name));
      expect(await page.selectAllState()).toBe(selected.length === 0 ? "unchecked" : selected.length === shown.length ? "checked" : "indeterminate");
    },
  },
});

it(`${listMachine.id} model on the observers list replays 26 paths`, () => {
  expect(paths).toHaveLength(26);
});
