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
 * that holds every list request until the path says how it ends: `xstate.done.actor.loadPage` (or `refreshPage`,
 * the same page loaded again in place) answers it from 25 in-memory observers, the error event fails it with a
 * 503. The model's answer is computed from the query of the state it is sent in, as the real loader answers what
 * it was asked, so the model never pairs a query with another query's page. Every shortest path of a few event
 * families is replayed; each family alone keeps the number of paths small, and together they reach every state
 * and every kind of transition.
 */

/** What the model says a load answers: the page, and the query it was asked (to check the request sent). */
type AnsweredPage = ListPage & { query: ListQuery };
type ModelEvent =
  | ListEvent
  | DoneActorEvent<AnsweredPage, "loadPage">
  | ErrorActorEvent<{ status: number }, "loadPage">
  | DoneActorEvent<AnsweredPage, "refreshPage">
  | ErrorActorEvent<{ status: number }, "refreshPage">;

const observers = makeObservers(25);
const FAILURE_STATUS = 503;
const EMPTY_FILTER = OBSERVER_LIST_INPUT.emptyFilter;
const NAME_FILTER = { name: "ana", phone: "" };
const BY_LAST_SEEN: ListSort = { by: "lastSeen", direction: "desc" };

function answer(query: ListQuery): AnsweredPage {
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

type ListSnapshot = SnapshotFrom<typeof listMachine>;

/** The loader's answer to the query of the state it arrives in. */
const loaded = (snapshot: ListSnapshot): ModelEvent => ({
  type: "xstate.done.actor.loadPage",
  actorId: "loadPage",
  output: answer(snapshot.context.query),
});
const refreshed = (snapshot: ListSnapshot): ModelEvent => ({
  type: "xstate.done.actor.refreshPage",
  actorId: "refreshPage",
  output: answer(snapshot.context.query),
});
const failed: ModelEvent = { type: "xstate.error.actor.loadPage", actorId: "loadPage", error: { status: FAILURE_STATUS } };
const refreshFailed: ModelEvent = { type: "xstate.error.actor.refreshPage", actorId: "refreshPage", error: { status: FAILURE_STATUS } };
const firstOnPageOne = answer({ page: 1, pageSize: OBSERVER_LIST_INPUT.pageSize, filter: EMPTY_FILTER, sort: BY_LAST_SEEN }).items[0];

/** Each family: the user's events it explores; every state can also receive the answer to its own request. */
const families: [string, ModelEvent[]][] = [
  ["paging and failures", [failed, { type: "page.next" }, { type: "page.previous" }, { type: "list.retry" }]],
  ["sorting", [{ type: "sort.toggle", by: "name" }, { type: "sort.toggle", by: "lastSeen" }]],
  ["filtering", [{ type: "page.next" }, { type: "filter.submit", filter: NAME_FILTER }, { type: "filter.reset" }]],
  ["selection", [{ type: "page.next" }, { type: "selection.toggle", id: firstOnPageOne?.id ?? 0 }, { type: "selection.toggleAll" }]],
  ["refreshing in place", [{ type: "list.refresh" }, refreshFailed, { type: "selection.toggleAll" }, { type: "page.next" }]],
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
  "xstate.done.actor.refreshPage": ({ api }, { output }) => {
    const pending = api.listRequests().at(-1);
    expect(Object.fromEntries(pending?.url.searchParams ?? [])).toEqual(expectedParams(output.query));
    api.answerList();
  },
  "xstate.error.actor.refreshPage": ({ api }, { error }) => api.failList(error.status),
  "list.refresh": ({ page }) => page.clickRefresh(),
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
    // while refreshing, the same page's request is in flight under the rows still shown
    const refreshing = snapshot.matches({ ready: "refreshing" });
    await page.seeRefreshing(refreshing);
    await waitFor(() => expect(api.pendingListCount()).toBe(refreshing ? 1 : 0));
  },
  failed: async ({ api, page }) => {
    await page.seeLoadError(`The observers could not be loaded (error ${FAILURE_STATUS}). Try again.`);
    page.seeNotLoading();
    expect(api.pendingListCount()).toBe(0);
  },
};

function describeEvent(event: ModelEvent): string {
  switch (event.type) {
    case "xstate.done.actor.loadPage":
    case "xstate.done.actor.refreshPage": {
      const { page, filter, sort } = event.output.query;
      const what = event.type === "xstate.done.actor.refreshPage" ? "refreshed" : "arrives";
      return `page ${page}${filter.name ? ` of "${filter.name}"` : ""} by ${sort.by} ${sort.direction} ${what}`;
    }
    case "xstate.error.actor.loadPage":
      return `load fails (${event.error.status})`;
    case "xstate.error.actor.refreshPage":
      return `refresh fails (${event.error.status})`;
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

describe.each(families)(`${listMachine.id} model on the observers list: %s`, (_, userEvents) => {
  const paths = testEveryShortestPath({
    machine: listMachine,
    input: OBSERVER_LIST_INPUT,
    events: (snapshot) => [loaded(snapshot), refreshed(snapshot), ...userEvents],
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
    expect(reachedStates).toEqual(new Set(['"loading"', '{"ready":"shown"}', '{"ready":"refreshing"}', '"failed"']));
    expect(reachedEvents).toEqual(
      new Set([
        "xstate.init",
        "xstate.done.actor.loadPage",
        "xstate.error.actor.loadPage",
        "list.refresh",
        "xstate.done.actor.refreshPage",
        "xstate.error.actor.refreshPage",
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
