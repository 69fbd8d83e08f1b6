import { describe, expect, it } from "vitest";
import { waitFor } from "@testing-library/react";
import type { DoneActorEvent, ErrorActorEvent, SnapshotFrom } from "xstate";
import type { Observer } from "../../src/features/observers/observer-list.actors";
import { OBSERVER_LIST_INPUT } from "../../src/features/observers/observer-list.config";
import { manyObservers, ORGANIZER } from "../support/seeds/observers.seed";
import { listMachine, type ListEvent, type ListPage, type ListQuery, type ListSort } from "../../src/shared/machines/list.machine";
import { testEveryShortestPath, type ModelTestOptions } from "../support/model";
import { renderApp } from "../support/render";
import { askBeforeTests, problem, startTestServer, type HeldRequests, type TestServer } from "../support/test-server";
import { observerList } from "../pages/dom/observer-list";
import { eventually, type ControlState } from "../pages/locators";
import type { ObserverList } from "../pages/observer-list";

/*
 * The shared list statechart, replayed on the real observers screen and the real server (25 observers). Every list
 * request is held until the path says how it ends: `xstate.done.actor.loadPage` (or `refreshPage`, the same page
 * loaded again in place) lets it reach the server, the error event answers it with a 503. The model's answer to a
 * query is the server's own page for it, asked once before the graph is built (askBeforeTests), so the model never
 * pairs a query with another query's page nor computes the server's order. Every shortest path of a few event
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

const FAILURE_STATUS = 503;
const EMPTY_FILTER = OBSERVER_LIST_INPUT.emptyFilter;
const NAME_FILTER = { name: "ana", phone: "" };
const BY_LAST_SEEN: ListSort = { by: "lastSeen", direction: "desc" };

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
const pathOf = (query: ListQuery) => `/api/v1/observer?${new URLSearchParams(expectedParams(query))}`;

/** Every query the explored events can reach: two pages, both filters, each sort in each direction. */
const reachable: ListQuery[] = [1, 2].flatMap((page) =>
  [EMPTY_FILTER, NAME_FILTER].flatMap((filter) =>
    (["lastSeen", "name"] as const).flatMap((by) =>
      (["asc", "desc"] as const).map((direction) => ({ page, pageSize: OBSERVER_LIST_INPUT.pageSize, filter, sort: { by, direction } })),
    ),
  ),
);
const serverPages = new Map(
  (await askBeforeTests(manyObservers, ORGANIZER, reachable.map(pathOf))).map((body, index) => [
    pathOf(reachable[index]!),
    body as { data: Observer[]; totalItems: number },
  ]),
);
const observers = [...new Map([...serverPages.values()].flatMap(({ data }) => data.map((observer) => [observer.id, observer]))).values()];

function answer(query: ListQuery): AnsweredPage {
  const page = serverPages.get(pathOf(query));
  if (!page) throw new Error(`the model reached a query nobody asked the server: ${pathOf(query)}`);
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
  server: TestServer;
  list: HeldRequests;
  page: ObserverList;
}

async function setUp(): Promise<System> {
  const server = await startTestServer({ seed: manyObservers });
  const list = server.hold("GET /api/v1/observer");
  const app = renderApp({ path: "/observatori", storedToken: await server.tokenFor(ORGANIZER), fetch: server.fetch });
  return { server, list, page: observerList(app.user) };
}

/** The query of the last list request the SPA did not cancel. */
const lastListParams = (server: TestServer) => {
  const request = server.requests.filter((logged) => logged.method === "GET" && logged.path.startsWith("/api/v1/observer?") && !logged.cancelled).at(-1);
  return Object.fromEntries(new URLSearchParams(request?.path.split("?")[1] ?? ""));
};

const nameOf = (id: number) => observers.find((observer) => observer.id === id)?.name ?? `(no observer ${id})`;
const sortColumn = (by: string) => (by === "name" ? "Name" : "Last login");
const usable = (yes: boolean): ControlState => (yes ? "enabled" : "disabled");

/** The selection bar counts the selected observers; without any, it is gone and select-all is not checked. */
async function expectSelected(page: ObserverList, count: number) {
  if (count > 0) return eventually(() => page.selection()).toContain(count === 1 ? "1 observer selected" : `${count} observers selected`);
  await eventually(() => page.selection()).toBeNull();
  expect(await page.selectAllState()).not.toBe("checked");
}

type Options = ModelTestOptions<typeof listMachine, ModelEvent, System>;

/** Lets the held request reach the server, which must answer the page the model expects. */
async function release(server: TestServer, list: HeldRequests, output: AnsweredPage) {
  expect(lastListParams(server)).toEqual(expectedParams(output.query));
  const body = (await list.release()) as { data: Observer[] };
  expect(body.data.map((observer) => observer.id)).toEqual(output.items.map((observer) => (observer as Observer).id));
}

const eventExecutors: Options["eventExecutors"] = {
  "xstate.done.actor.loadPage": ({ server, list }, { output }) => release(server, list, output),
  "xstate.error.actor.loadPage": ({ list }, { error }) => list.answer(problem(error.status, "unavailable")),
  "xstate.done.actor.refreshPage": ({ server, list }, { output }) => release(server, list, output),
  "xstate.error.actor.refreshPage": ({ list }, { error }) => list.answer(problem(error.status, "unavailable")),
  "list.refresh": ({ page }) => page.refresh(),
  "page.next": ({ page }) => page.nextPage(),
  "page.previous": ({ page }) => page.previousPage(),
  "page.first": () => {
    throw new Error("page.first shows a live list's arrivals: covered by the thread feed's model test");
  },
  "list.retry": ({ page }) => page.retry(),
  "list.reload": () => {
    throw new Error("list.reload follows a delete: covered by the component tests, not explored here");
  },
  "filter.submit": ({ page }, { filter }) => page.search(filter),
  "filter.reset": ({ page }) => page.resetSearch(),
  "sort.toggle": ({ page }, { by }) => page.sortBy(sortColumn(by)),
  "selection.toggle": ({ page }, { id }) => page.toggleRow(nameOf(id)),
  "selection.toggleAll": ({ page }) => page.toggleAll(),
  "selection.clear": () => {
    throw new Error("selection.clear follows a hand-off to notifications: covered by the component tests");
  },
};

const stateAssertions: Record<string, (system: System, snapshot: ListSnapshot) => unknown> = {
  loading: async ({ server, list, page }, snapshot) => {
    await eventually(() => page.loading()).toContain("Loading");
    expect(await page.loadError()).toBeNull();
    await expectSelected(page, 0);
    // one request in flight, for the current query: re-entering loading cancelled the previous one
    await waitFor(() => expect(list.activeCount()).toBe(1));
    expect(lastListParams(server)).toEqual(expectedParams(snapshot.context.query));
  },
  ready: async ({ list, page }, snapshot) => {
    const { query, totalItems, selection } = snapshot.context;
    const items = snapshot.context.items as Observer[];
    await eventually(() => page.rowNames()).toEqual(items.map((observer) => observer.name));
    expect(await page.loading()).toBeNull();
    expect(await page.loadError()).toBeNull();
    await eventually(() => page.title()).toContain(`Observers (${totalItems})`);
    const first = (query.page - 1) * query.pageSize + 1;
    await eventually(() => page.range()).toContain(`Showing ${first} to ${first + items.length - 1} of ${totalItems}`);
    expect(await page.paging()).toEqual({ previous: usable(query.page > 1), next: usable(query.page * query.pageSize < totalItems) });
    expect(await page.sortOf(sortColumn(query.sort.by))).toBe(query.sort.direction === "asc" ? "ascending" : "descending");
    await expectSelected(page, selection.length);
    expect(await page.selectedNames()).toEqual(items.filter((observer) => selection.includes(observer.id)).map((observer) => observer.name));
    expect(await page.selectAllState()).toBe(selection.length === 0 ? "unchecked" : selection.length === items.length ? "checked" : "indeterminate");
    // while refreshing, the same page's request is in flight under the rows still shown
    const refreshing = snapshot.matches({ ready: "refreshing" });
    await eventually(async () => (await page.refreshState()) === "busy").toBe(refreshing);
    await waitFor(() => expect(list.activeCount()).toBe(refreshing ? 1 : 0));
  },
  failed: async ({ list, page }) => {
    await eventually(() => page.loadError()).toContain(`The observers could not be loaded (error ${FAILURE_STATUS}). Try again.`);
    expect(await page.loading()).toBeNull();
    expect(list.activeCount()).toBe(0);
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
