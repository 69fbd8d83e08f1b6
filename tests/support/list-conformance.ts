/**
 * The list conformance suite: every screen that shows a server-side list runs the shared list machine as its model
 * against the real screen, through its page object, on the real server (tests/support/test-server.ts). A screen
 * brings its fixtures: its seed and account, its route and endpoint, the query string a query of the model must
 * send, how it reads its rows, and what it offers beyond paging and refreshing (a filter, sorting, a selection).
 *
 * Every list request is held until the path says how it ends: `xstate.done.actor.loadPage` (or `refreshPage`, the
 * same page loaded again in place) lets it reach the server, the error event answers it with a 503. The model's
 * answer to a query is the server's own page for it, asked once before the graph is built, so the model never pairs
 * a query with another query's page nor computes the server's order.
 *
 * The paths: the shortest paths of a few event families (what the screen offers decides which), with nodes told
 * apart by the query and the selection only. What a loaded page shows follows from its query; a loading page still
 * holds the previous page's rows, and telling loading states apart by them would only repeat every transition once
 * per page they came from. Each path is then followed from the start (`followPath`), so the rows it expects while
 * loading are its own, and a path that another begins with is left out (`replayPath` asserts every state on the
 * way). The suite checks that the paths left reach every phase through every kind of transition the screen can
 * cause, and every kind of step the families' whole graphs take.
 */
import { findByRole, waitFor } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { DoneActorEvent, ErrorActorEvent, SnapshotFrom } from "xstate";
import {
  listMachine,
  type ListEvent,
  type ListFilter,
  type ListInput,
  type ListItem,
  type ListPage,
  type ListQuery,
  type ListSort,
} from "../../src/shared/machines/list.machine";
import { eventually, type ControlState } from "../pages/locators";
import { withoutPrefixes } from "./maximal-paths";
import { followPath, shortestPaths, stepKinds, testPaths, type ModelPath, type ModelTestOptions } from "./model";
import type { FeatureRoutes } from "../../src/shared/routing/feature-routes";
import { renderApp } from "./render-app";
import { askBeforeTests, problem, startTestServer, type HeldRequests, type Seed, type TestServer } from "./test-server";

/** What the model says a load answers: the page, and the query it was asked (to check the request sent). */
type AnsweredPage = ListPage & { query: ListQuery };
export type ListModelEvent =
  | ListEvent
  | DoneActorEvent<AnsweredPage, "loadPage">
  | ErrorActorEvent<{ status: number }, "loadPage">
  | DoneActorEvent<AnsweredPage, "refreshPage">
  | ErrorActorEvent<{ status: number }, "refreshPage">;
type ListSnapshot = SnapshotFrom<typeof listMachine>;
type ListPath = ModelPath<typeof listMachine, ListModelEvent>;

/** What every list screen's page object reads and does. */
export interface ListPageObject {
  /** The loading indicator's text, null when nothing loads. */
  loading(): Promise<string | null>;
  /** The error shown instead of the rows, null without one. */
  loadError(): Promise<string | null>;
  /** "Showing 1 to 20 of 25". */
  range(): Promise<string | null>;
  paging(): Promise<{ previous: ControlState; next: ControlState }>;
  refreshState(): Promise<ControlState>;
  nextPage(): Promise<void>;
  previousPage(): Promise<void>;
  refresh(): Promise<void>;
  retry(): Promise<void>;
}

export interface ListScreen<Page extends ListPageObject, Item extends ListItem> {
  /** In the tests' names: "the observers list". */
  name: string;
  input: ListInput;
  seed: Seed;
  account: string;
  /** The route that opens the list, and the feature that holds it. */
  route: string;
  features: readonly FeatureRoutes[];
  /** The list's endpoint, "/api/v1/observer": its GET requests are held. */
  endpoint: string;
  /** The query string the screen must send for a query of the model. */
  params: (query: ListQuery) => Record<string, string>;
  page: (user: UserEvent) => Page;
  /** The rows on screen, each read as `rowOf` reads an item (a name, an instant). */
  rows: (page: Page) => Promise<string[]>;
  rowOf: (item: Item) => string;
  /** Whether the previous page's rows stay on screen under the loader (otherwise no row shows while loading). */
  keepsRowsWhileLoading: boolean;
  /** What the load error says for a status. */
  loadFailed: (status: number) => string;
  /** What else the screen shows once a page is loaded (the total in the title). */
  seeLoaded?: (page: Page, loaded: { items: Item[]; totalItems: number }) => Promise<void> | void;
  /** What else the screen shows while a page loads. */
  seeLoading?: (page: Page) => Promise<void> | void;
  /** The filter the model applies and resets, and how the screen shows the one applied. */
  filter?: {
    value: ListFilter;
    submit: (page: Page, filter: ListFilter) => Promise<void>;
    reset: (page: Page) => Promise<void>;
    see: (page: Page, filter: ListFilter) => Promise<void> | void;
  };
  /** The columns the model sorts by, and how the screen shows the sort. */
  sort?: {
    columns: readonly string[];
    toggle: (page: Page, by: string) => Promise<void>;
    see: (page: Page, sort: ListSort) => Promise<void> | void;
  };
  /** How rows are selected, and how the screen shows the selection of the rows shown. */
  selection?: {
    toggle: (page: Page, item: Item) => Promise<void>;
    toggleAll: (page: Page) => Promise<void>;
    see: (page: Page, items: Item[], selected: Item[]) => Promise<void> | void;
  };
}

const FAILURE_STATUS = 503;
const FIRST_PAINT_MS = 15_000;
const failed: ListModelEvent = { type: "xstate.error.actor.loadPage", actorId: "loadPage", error: { status: FAILURE_STATUS } };
const refreshFailed: ListModelEvent = { type: "xstate.error.actor.refreshPage", actorId: "refreshPage", error: { status: FAILURE_STATUS } };
const next: ListModelEvent = { type: "page.next" };
const previous: ListModelEvent = { type: "page.previous" };

/** An event family: the user's events it offers in a state; every state can also receive the answer to its request. */
interface Family {
  name: string;
  events: (snapshot: ListSnapshot) => ListModelEvent[];
}

/** What a screen offers beyond paging and refreshing: what decides its families. */
interface Offers {
  filter?: { value: ListFilter };
  sort?: { columns: readonly string[] };
  selection?: object;
}

function familiesOf({ filter, sort, selection }: Offers, firstOnPageOne: ListItem | undefined): Family[] {
  const families: (Family | null)[] = [
    { name: "paging and failures", events: () => [failed, next, previous, { type: "list.retry" }] },
    sort ? { name: "sorting", events: () => sort.columns.map((by): ListModelEvent => ({ type: "sort.toggle", by })) } : null,
    // A filter is applied from page 2 (back to page 1) or while a page loads (which it cancels): from page 1 it
    // would reach the same node as from page 2, and the shortest path would never show the return to page 1.
    filter
      ? {
          name: "filtering",
          events: (snapshot) => [
            next,
            ...(snapshot.matches("loading") || snapshot.context.query.page > 1 ? [{ type: "filter.submit", filter: filter.value } as const] : []),
            { type: "filter.reset" },
          ],
        }
      : null,
    selection
      ? {
          name: "selection",
          events: () => [next, { type: "selection.toggle", id: firstOnPageOne?.id ?? 0 }, { type: "selection.toggleAll" }],
        }
      : null,
    // Refreshed on page 2, so that a refresh asking for page 1 would show; page 1 only leads there, and Previous
    // leaves a refresh for another page.
    {
      name: "refreshing in place",
      events: (snapshot) =>
        snapshot.context.query.page === 1
          ? [next]
          : [{ type: "list.refresh" }, refreshFailed, ...(selection ? [{ type: "selection.toggleAll" } as const] : []), previous],
    },
  ];
  return families.filter((family) => family !== null);
}

/** Every kind of transition the families take, as "<phase> <event type>": the coverage test's expectation. */
function expectedKinds(screen: Offers): string[] {
  const loading = '"loading"';
  const shown = '{"ready":"shown"}';
  const refreshing = '{"ready":"refreshing"}';
  return [
    `"failed" list.retry`,
    `${loading} xstate.done.actor.loadPage`,
    `${loading} xstate.error.actor.loadPage`,
    `${shown} page.next`,
    `${shown} page.previous`,
    `${shown} list.refresh`,
    `${refreshing} list.refresh`,
    `${refreshing} xstate.done.actor.refreshPage`,
    `${refreshing} xstate.error.actor.refreshPage`,
    `${refreshing} page.previous`,
    ...(screen.filter ? [loading, shown].flatMap((phase) => [`${phase} filter.submit`, `${phase} filter.reset`]) : []),
    ...(screen.sort ? [`${loading} sort.toggle`, `${shown} sort.toggle`] : []),
    ...(screen.selection ? [`${shown} selection.toggle`, `${shown} selection.toggleAll`, `${refreshing} selection.toggleAll`] : []),
  ].sort();
}

const phase = (snapshot: unknown) => JSON.stringify((snapshot as ListSnapshot).value);

function describeEvent(event: ListModelEvent): string {
  switch (event.type) {
    case "xstate.done.actor.loadPage":
    case "xstate.done.actor.refreshPage": {
      const { page, filter, sort } = event.output.query;
      const filtered = Object.values(filter).some((value) => value !== "");
      const what = event.type === "xstate.done.actor.refreshPage" ? "refreshed" : "arrives";
      return `page ${page}${filtered ? " (filtered)" : ""} by ${sort.by} ${sort.direction} ${what}`;
    }
    case "xstate.error.actor.loadPage":
      return `load fails (${event.error.status})`;
    case "xstate.error.actor.refreshPage":
      return `refresh fails (${event.error.status})`;
    case "sort.toggle":
      return `sort.toggle ${event.by}`;
    default:
      return event.type;
  }
}

/**
 * Registers the model-based suite of one list screen: a describe per family, one test per path, and the coverage
 * tests. Returns the paths, so the screen's suite can pin their number.
 */
export async function describeListModel<Page extends ListPageObject, Item extends ListItem>(screen: ListScreen<Page, Item>): Promise<ListPath[]> {
  const { input, filter, sort, selection } = screen;
  const pathOf = (query: ListQuery) => `${screen.endpoint}?${new URLSearchParams(screen.params(query))}`;

  // Every query the families can reach: two pages, each filter, each sort in each direction.
  const filters = filter ? [input.emptyFilter, { ...input.emptyFilter, ...filter.value }] : [input.emptyFilter];
  const sorts: ListSort[] = sort ? sort.columns.flatMap((by) => (["asc", "desc"] as const).map((direction) => ({ by, direction }))) : [input.sort];
  const reachable = [1, 2].flatMap((page) => filters.flatMap((filter) => sorts.map((sort): ListQuery => ({ page, pageSize: input.pageSize, filter, sort }))));
  const bodies = await askBeforeTests(screen.seed, screen.account, reachable.map(pathOf));
  const serverPages = new Map(reachable.map((query, index) => [pathOf(query), bodies[index] as { data: Item[]; totalItems: number }]));
  const known = new Map([...serverPages.values()].flatMap(({ data }) => data.map((item) => [item.id, item])));

  function answer(query: ListQuery): AnsweredPage {
    const page = serverPages.get(pathOf(query));
    if (!page) throw new Error(`the model reached a query nobody asked the server: ${pathOf(query)}`);
    return { query, items: page.data, totalItems: page.totalItems };
  }
  const itemOf = (id: number) => {
    const item = known.get(id);
    if (!item) throw new Error(`no row ${id} in the server's pages`);
    return item;
  };
  const firstQuery: ListQuery = { page: 1, pageSize: input.pageSize, filter: input.emptyFilter, sort: input.sort };
  const families = familiesOf(screen, answer(firstQuery).items[0]);

  interface System {
    server: TestServer;
    list: HeldRequests;
    page: Page;
  }
  type Options = ModelTestOptions<typeof listMachine, ListModelEvent, System>;

  async function setUp(): Promise<System> {
    const server = await startTestServer({ seed: screen.seed });
    const list = server.hold(`GET ${screen.endpoint}`);
    const app = renderApp({ features: screen.features, path: screen.route, storedToken: await server.tokenFor(screen.account), fetch: server.fetch });
    // A file's first render also compiles the screen's chunks: seconds on a loaded machine, longer than a step's wait.
    await findByRole(app.container, "heading", { level: 1 }, { timeout: FIRST_PAINT_MS });
    return { server, list, page: screen.page(app.user) };
  }

  /** The query of the last list request the SPA did not cancel. */
  const lastListParams = (server: TestServer) => {
    const request = server.requests
      .filter((logged) => logged.method === "GET" && logged.path.startsWith(`${screen.endpoint}?`) && !logged.cancelled)
      .at(-1);
    return Object.fromEntries(new URLSearchParams(request?.path.split("?")[1] ?? ""));
  };

  /** Lets the held request reach the server, which must answer the page the model expects. */
  async function release({ server, list }: System, output: AnsweredPage) {
    expect(lastListParams(server)).toEqual(screen.params(output.query));
    const body = (await list.release()) as { data: ListItem[] };
    expect(body.data.map((item) => item.id)).toEqual(output.items.map((item) => item.id));
  }
  const notExplored = (event: string) => () => {
    throw new Error(`${event} is not explored: the component tests cover it`);
  };
  const unsupported = (event: string) => () => {
    throw new Error(`${event} is not sent by ${screen.name}`);
  };

  const eventExecutors: Options["eventExecutors"] = {
    "xstate.done.actor.loadPage": (system, { output }) => release(system, output),
    "xstate.error.actor.loadPage": ({ list }, { error }) => list.answer(problem(error.status, "unavailable")),
    "xstate.done.actor.refreshPage": (system, { output }) => release(system, output),
    "xstate.error.actor.refreshPage": ({ list }, { error }) => list.answer(problem(error.status, "unavailable")),
    "list.refresh": ({ page }) => page.refresh(),
    "list.retry": ({ page }) => page.retry(),
    "page.next": ({ page }) => page.nextPage(),
    "page.previous": ({ page }) => page.previousPage(),
    // page.first shows a live list's arrivals (the thread feed's model); list.reload follows a delete and
    // selection.clear a hand-off to notifications (both the observers' component tests).
    "page.first": notExplored("page.first"),
    "list.reload": notExplored("list.reload"),
    "selection.clear": notExplored("selection.clear"),
    "filter.submit": filter ? ({ page }, event) => filter.submit(page, event.filter) : unsupported("filter.submit"),
    "filter.reset": filter ? ({ page }) => filter.reset(page) : unsupported("filter.reset"),
    "sort.toggle": sort ? ({ page }, { by }) => sort.toggle(page, by) : unsupported("sort.toggle"),
    "selection.toggle": selection ? ({ page }, { id }) => selection.toggle(page, itemOf(id)) : unsupported("selection.toggle"),
    "selection.toggleAll": selection ? ({ page }) => selection.toggleAll(page) : unsupported("selection.toggleAll"),
  };

  const stateAssertions: Options["stateAssertions"] = {
    loading: async ({ server, list, page }, snapshot) => {
      await eventually(() => page.loading()).toContain("Loading");
      expect(await page.loadError()).toBeNull();
      const { query, items } = snapshot.context;
      expect(await screen.rows(page)).toEqual(screen.keepsRowsWhileLoading ? (items as Item[]).map(screen.rowOf) : []);
      // Next and Previous wait for the page (disabled, or gone with the rows)
      expect(Object.values(await page.paging())).not.toContain("enabled");
      await screen.seeLoading?.(page);
      // one request in flight, for the current query: re-entering loading cancelled the previous one
      await waitFor(() => expect(list.activeCount()).toBe(1));
      expect(lastListParams(server)).toEqual(screen.params(query));
    },
    ready: async ({ list, page }, snapshot) => {
      const { query, totalItems } = snapshot.context;
      const items = snapshot.context.items as Item[];
      await eventually(() => screen.rows(page)).toEqual(items.map(screen.rowOf));
      expect(await page.loading()).toBeNull();
      expect(await page.loadError()).toBeNull();
      const first = (query.page - 1) * query.pageSize + 1;
      await eventually(() => page.range()).toBe(`Showing ${first} to ${first + items.length - 1} of ${totalItems}`);
      const usable = (yes: boolean): ControlState => (yes ? "enabled" : "disabled");
      expect(await page.paging()).toEqual({ previous: usable(query.page > 1), next: usable(query.page * query.pageSize < totalItems) });
      await screen.seeLoaded?.(page, { items, totalItems });
      await filter?.see(page, query.filter);
      await sort?.see(page, query.sort);
      await selection?.see(
        page,
        items,
        items.filter((item) => snapshot.context.selection.includes(item.id)),
      );
      // while refreshing, the same page's request is in flight under the rows still shown
      const refreshing = snapshot.matches({ ready: "refreshing" });
      await eventually(async () => (await page.refreshState()) === "busy").toBe(refreshing);
      await waitFor(() => expect(list.activeCount()).toBe(refreshing ? 1 : 0));
    },
    failed: async ({ list, page }) => {
      await eventually(() => page.loadError()).toContain(screen.loadFailed(FAILURE_STATUS));
      expect(await page.loading()).toBeNull();
      expect(list.activeCount()).toBe(0);
    },
  };

  // The families' paths, each followed from the start (the loading rows are then its own), each once, without
  // those another path begins with.
  const whole: ListPath[] = [];
  const explored = families.flatMap((family) => {
    const explore = {
      input,
      events: (snapshot: ListSnapshot): ListModelEvent[] => [
        { type: "xstate.done.actor.loadPage", actorId: "loadPage", output: answer(snapshot.context.query) },
        { type: "xstate.done.actor.refreshPage", actorId: "refreshPage", output: answer(snapshot.context.query) },
        ...family.events(snapshot),
      ],
    };
    whole.push(...shortestPaths(listMachine, explore));
    return shortestPaths(listMachine, { ...explore, distinguish: ({ context }) => [context.query, context.selection] }).map((path) => ({
      family: family.name,
      path: followPath(listMachine, explore, path),
    }));
  });
  const seen = new Set<string>();
  const once = explored.filter(({ path }) => {
    const trail = path.steps.map((step) => JSON.stringify(step.event)).join("\n");
    return !seen.has(trail) && Boolean(seen.add(trail));
  });
  const kept = withoutPrefixes(once.map(({ path }) => path));
  const options: Options = { machine: listMachine, input, events: [], setUp, eventExecutors, stateAssertions, describeEvent };

  for (const family of families) {
    describe(`${listMachine.id} model on ${screen.name}: ${family.name}`, () => {
      testPaths(
        once.filter((found) => found.family === family.name && kept.includes(found.path)).map(({ path }) => path),
        options,
      );
    });
  }

  it(`${listMachine.id} model on ${screen.name} reaches every phase through every kind of transition the screen can cause`, () => {
    const states = new Set(kept.flatMap((path) => path.steps.map((step) => phase(step.state))));
    expect([...states].sort()).toEqual(['"failed"', '"loading"', '{"ready":"refreshing"}', '{"ready":"shown"}']);
    const kinds = new Set(kept.flatMap((path) => path.steps.slice(1).map((step, index) => `${phase(path.steps[index]!.state)} ${step.event.type}`)));
    expect([...kinds].sort()).toEqual(expectedKinds(screen));
  });

  it(`${listMachine.id} model on ${screen.name} takes every kind of step the families' whole graphs take`, () => {
    expect([...stepKinds(kept)].sort()).toEqual([...stepKinds(whole)].sort());
  });

  return kept;
}
