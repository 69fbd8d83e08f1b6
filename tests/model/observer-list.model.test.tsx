import { describe, expect, it } from "vitest";
import { waitFor } from "@testing-library/react";
import type { DoneActorEvent, ErrorActorEvent, SnapshotFrom } from "xstate";
import type { Observer } from "../../src/features/observers/observer-list.actors";
import { OBSERVER_LIST_INPUT } from "../../src/features/observers/observer-list.config";
import { createFakeObserverApi, makeObservers, observerPage, type FakeObserverApi } from "../../src/features/observers/observer-list.fixtures";
import { organizerToken } from "../support/token.fixtures";
import { listMachine, type ListEvent, type ListPage, type ListQuery, type ListSort } from "../../src/shared/machines/list.machine";
import { testEveryShortestPath, type ModelTestOptions } from "../support/model";
import { renderApp, withAccountChecks } from "../support/render";
import { observerListPage, type ObserverListPage } from "./pages/observer-list.page";

/*
 * The shared list statechart, replayed on the real observers screen. The machine's loader is played by a fake API
 * that holds every list request until the path says how it ends: `xstate.done.actor.loadPage` answers it from 25
 * in-memory observers (the model's output is the same answer, so both agree on the rows), the error event fails it
 * with a 503. The machine only accepts an answer for the query it is waiting for, so the model never pairs a
 * query with another query's page. Every shortest path of three event families is replayed; each family alone
 * keeps the number of paths small, and together they reach every state and every kind of transition.
 */

type ModelEvent = ListEvent | DoneActorEvent<ListPage, "loadPage"> | ErrorActorEvent<{ status: number }, "loadPage">;

const observers = makeObservers(25);
const FAILURE_STATUS = 503;
const EMPTY_FILTER = OBSERVER_LIST_INPUT.emptyFilter;
const NAME_FILTER = { name: "ana", phone: "" };
const BY_LAST_SEEN: ListSort = { by: "lastSeen", direction: "desc" };

function answer(query: ListQuery): ListPage {
  const page = observerPage(observers, {
    page: query.page,
    pageSize: query.pageSize,
    name: query.filter.name ?? "",
    number: query.filter.phone ?? "",
    sortBy: query.sort.by === "name" ? "name" : "lastSeen",
    sortDirection: query.sort.direction,
  });
  return { query, items: page.data, totalItems: page.totalItems };
}

const loaded = (page: number, filter = EMPTY_FILTER, sort = BY_LAST_SEEN): ModelEvent => ({
  type: "xstate.done.actor.loadPage",
  actorId: "loadPage",
  output: answer({ page, pageSize: OBSERVER_LIST_INPUT.pageSize, filter, sort }),
});
const failed: ModelEvent = { type: "xstate.error.actor.loadPage", actorId: "loadPage", error: { status: FAILURE_STATUS } };
const firstOnPageOne = answer({ page: 1, pageSize: OBSERVER_LIST_INPUT.pageSize, filter: EMPTY_FILTER, sort: BY_LAST_SEEN }).items[0];

const families: [string, ModelEvent[]][] = [
  ["paging and failures", [loaded(1), loaded(2), failed, { type: "page.next" }, { type: "page.previous" }, { type: "list.retry" }]],
  [
    "sorting",
    [
      loaded(1, EMPTY_FILTER, { by: "name", direction: "asc" }),
      loaded(1, EMPTY_FILTER, { by: "name", direction: "desc" }),
      loaded(1),
      { type: "sort.toggle", by: "name" },
      { type: "sort.toggle", by: "lastSeen" },
    ],
  ],
  ["filtering", [loaded(1), loaded(2), loaded(1, NAME_FILTER), { type: "page.next" }, { type: "filter.submit", filter: NAME_FILTER }, { type: "filter.reset" }]],
  [
    "selection",
    [loaded(1), loaded(2), { type: "page.next" }, { type: "selection.toggle", id: firstOnPageOne?.id ?? 0 }, { type: "selection.toggleAll" }],
  ],
];

interface System {
  api: FakeObserverApi;
  page: ObserverListPage;
}

function setUp(): System {
  const api = createFakeObserverApi({ observers, holdListRequests: true });
  const app = renderApp({ path: "/observatori", storedToken: organizerToken, fetch: withAccountChecks(api.fetch) });
  return { api, page: observerListPage(app.user) };
}

/** The query string listObservers must receive for a query of the model. */
function expectedParams({ page, pageSize, filter, sort }: ListQuery) {
  return {
    Page: String(page),
    PageSize: String(pageSize),
    ...(filter.name ? { Name: filter.name } : {}),
    ...(filter.phone ? { Number: filter.phone } : {}),
    SortBy: sort.by,
    SortDirection: sort.direction,
  };
}

const nameOf = (id: number) => observers.find((observer) => observer.id === id)?.name ?? `(no observer ${id})`;
const sortColumn = (by: string) => (by === "name" ? "Name" : "Last login");

type Options = ModelTestOptions<typeof listMachine, ModelEvent, System>;

const eventExecutors: Options["eventExecutors"] = {
  "xstate.done.actor.loadPage": ({ api }, { output }) => {
    const pending = api.listRequests().at(-1);
    expect(Object.fromEntries(pending?.url.searchParams ?? [])).toEqual(expectedParams(output.query));
    api.answerList();
  },
  "xstate.error.actor.loadPage": ({ api }, { error }) => api.failList(error.status),
  "page.next": ({ page }) => page.clickNext(),
  "page.previous": ({ page }) => page.clickPrevious(),
  "list.retry": ({ page }) => page.clickRetry(),
  "list.reload": () => {
    throw new Error("list.reload follows a delete: covered by the component tests, not explored here");
  },
  "filter.submit": ({ page }, { filter }) => page.filterBy(filter),
  "filter.reset": ({ page }) => page.clickReset(),
  "sort.toggle": ({ page }, { by }) => page.clickSort(sortColumn(by)),
  "selection.toggle": ({ page }, { id }) => page.clickSelect(nameOf(id)),
  "selection.toggleAll": ({ page }) => page.clickSelectAll(),
  "selection.clear": () => {
    throw new Error("selection.clear follows a hand-off to notifications: covered by the component tests");
  },
};

type ListSnapshot = SnapshotFrom<typeof listMachine>;

const stateAssertions: Record<string, (system: System, snapshot: ListSnapshot) => unknown> = {
  loading: async ({ api, page }, snapshot) => {
    await page.seeLoading();
    page.seeNoLoadError();
    await page.seeSelectedCount(0);
    // one request in flight, for the current query: re-entering loading cancelled the previous one
    await waitFor(() => expect(api.pendingListCount()).toBe(1));
    expect(Object.fromEntries(api.listRequests().at(-1)?.url.searchParams ?? [])).toEqual(expectedParams(snapshot.context.query));
  },
  ready: async ({ api, page }, snapshot) => {
    const { query, totalItems, selection } = snapshot.context;
    const items = snapshot.context.items as Observer[];
    await page.seeRows(items.map((observer) => observer.name));
    page.seeNotLoading();
    page.seeNoLoadError();
    await page.seeTitle(totalItems);
    await page.seeRange((query.page - 1) * query.pageSize + 1, (query.page - 1) * query.pageSize + items.length, totalItems);
    page.seePaging({ previous: query.page > 1, next: query.page * query.pageSize < totalItems });
    page.seeSortedBy(sortColumn(query.sort.by), query.sort.direction === "asc" ? "ascending" : "descending");
    await page.seeSelectedCount(selection.length);
    page.seeSelected(items.filter((observer) => selection.includes(observer.id)).map((observer) => observer.name));
    page.seeSelectAll(selection.length === 0 ? "unchecked" : selection.length === items.length ? "checked" : "indeterminate");
    expect(api.pendingListCount()).toBe(0);
  },
  failed: async ({ api, page }) => {
    await page.seeLoadError(`The observers could not be loaded (error ${FAILURE_STATUS}). Try again.`);
    page.seeNotLoading();
    expect(api.pendingListCount()).toBe(0);
  },
};

function describeEvent(event: ModelEvent): string {
  switch (event.type) {
    case "xstate.done.actor.loadPage": {
      const { page, filter, sort } = event.output.query;
      return `page ${page}${filter.name ? ` of "${filter.name}"` : ""} by ${sort.by} ${sort.direction} arrives`;
    }
    case "xstate.error.actor.loadPage":
      return `load fails (${event.error.status})`;
    case "sort.toggle":
      return `sort.toggle ${event.by}`;
    case "selection.toggle":
      return `selection.toggle ${nameOf(event.id)}`;
    default:
      return event.type;
  }
}

const reachedStates = new Set<string>();
const reachedEvents = new Set<string>();

describe.each(families)(`${listMachine.id} model on the observers list: %s`, (_, events) => {
  const paths = testEveryShortestPath({
    machine: listMachine,
    input: OBSERVER_LIST_INPUT,
    events,
    setUp,
    eventExecutors,
    stateAssertions,
    describeEvent,
  });
  for (const path of paths) {
    reachedStates.add(JSON.stringify(path.state.value));
    for (const step of path.steps) reachedEvents.add(step.event.type);
  }
});

describe(`${listMachine.id} model coverage`, () => {
  it("reaches every phase through every event the screen can send", () => {
    expect(reachedStates).toEqual(new Set(['"loading"', '"ready"', '"failed"']));
    expect(reachedEvents).toEqual(
      new Set([
        "xstate.init",
        "xstate.done.actor.loadPage",
        "xstate.error.actor.loadPage",
        "page.next",
        "page.previous",
        "list.retry",
        "sort.toggle",
        "filter.submit",
        "filter.reset",
        "selection.toggle",
        "selection.toggleAll",
      ]),
    );
  });
});
