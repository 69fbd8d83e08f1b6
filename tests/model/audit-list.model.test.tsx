import { describe, expect, it } from "vitest";
import { waitFor } from "@testing-library/react";
import type { DoneActorEvent, ErrorActorEvent, SnapshotFrom } from "xstate";
import type { AuditEntry } from "../../src/features/audit/audit.actors";
import { AUDIT_LIST_INPUT } from "../../src/features/audit/audit-list.config";
import { listMachine, type ListEvent, type ListPage, type ListQuery } from "../../src/shared/machines/list.machine";
import { auditLog as auditSeed } from "../support/seeds/audit.seed";
import { ORGANIZER } from "../support/seeds/observers.seed";
import { testEveryShortestPath, type ModelTestOptions } from "../support/model";
import { renderApp } from "../support/render";
import { askBeforeTests, problem, startTestServer, type HeldRequests, type TestServer } from "../support/test-server";
import { auditLog } from "../pages/dom/audit";
import type { AuditLog } from "../pages/audit";
import { eventually, type ControlState } from "../pages/locators";

/*
 * The shared list statechart, replayed on the real activity log and the real server (25 entries: two pages of 20).
 * As on the observers list, every log request is held until the path says how it ends: the done event lets it reach
 * the server, the error event answers it with a 503, and the model's answer to a query is the server's own page for
 * it, asked once before the graph is built. The filter goes through the address: Filter and Reset change the URL
 * and the page sends the machine what the URL then says.
 */

type AnsweredPage = ListPage & { query: ListQuery };
type ModelEvent =
  | ListEvent
  | DoneActorEvent<AnsweredPage, "loadPage">
  | ErrorActorEvent<{ status: number }, "loadPage">
  | DoneActorEvent<AnsweredPage, "refreshPage">
  | ErrorActorEvent<{ status: number }, "refreshPage">;

const FAILURE_STATUS = 503;
const EMPTY_FILTER = AUDIT_LIST_INPUT.emptyFilter;
const OBSERVERS_ONLY = { ...EMPTY_FILTER, subjectType: "observer" };

/** The query string listAuditEntries must receive for a query of the model. */
function expectedParams({ page, pageSize, filter }: ListQuery) {
  return { page: String(page), pageSize: String(pageSize), ...(filter.subjectType ? { subjectType: filter.subjectType } : {}) };
}
const pathOf = (query: ListQuery) => `/api/v1/audit?${new URLSearchParams(expectedParams(query))}`;

/** Every query the explored events can reach: both pages of the whole log, the one page of observers' entries. */
const reachable: ListQuery[] = [
  ...[1, 2].map((page) => ({ ...AUDIT_LIST_INPUT, page, filter: EMPTY_FILTER })),
  { ...AUDIT_LIST_INPUT, page: 1, filter: OBSERVERS_ONLY },
].map(({ page, pageSize, filter, sort }) => ({ page, pageSize, filter, sort }));
const serverPages = new Map(
  (await askBeforeTests(auditSeed, ORGANIZER, reachable.map(pathOf))).map((body, index) => [pathOf(reachable[index]!), body as { data: AuditEntry[]; totalItems: number }]),
);

function answer(query: ListQuery): AnsweredPage {
  const page = serverPages.get(pathOf(query));
  if (!page) throw new Error(`the model reached a query nobody asked the server: ${pathOf(query)}`);
  return { query, items: page.data, totalItems: page.totalItems };
}

type ListSnapshot = SnapshotFrom<typeof listMachine>;

const loaded = (snapshot: ListSnapshot): ModelEvent => ({ type: "xstate.done.actor.loadPage", actorId: "loadPage", output: answer(snapshot.context.query) });
const refreshed = (snapshot: ListSnapshot): ModelEvent => ({ type: "xstate.done.actor.refreshPage", actorId: "refreshPage", output: answer(snapshot.context.query) });
const failed: ModelEvent = { type: "xstate.error.actor.loadPage", actorId: "loadPage", error: { status: FAILURE_STATUS } };
const refreshFailed: ModelEvent = { type: "xstate.error.actor.refreshPage", actorId: "refreshPage", error: { status: FAILURE_STATUS } };

/** Each family: the user's events it explores; every state can also receive the answer to its own request. */
const families: [string, ModelEvent[]][] = [
  ["paging and failures", [failed, { type: "page.next" }, { type: "page.previous" }, { type: "list.retry" }]],
  ["filtering", [{ type: "page.next" }, { type: "filter.submit", filter: OBSERVERS_ONLY }, { type: "filter.reset" }]],
  ["refreshing in place", [{ type: "list.refresh" }, refreshFailed, { type: "page.next" }]],
];

interface System {
  server: TestServer;
  list: HeldRequests;
  page: AuditLog;
}

async function setUp(): Promise<System> {
  const server = await startTestServer({ seed: auditSeed });
  const list = server.hold("GET /api/v1/audit");
  const app = renderApp({ path: "/audit", storedToken: await server.tokenFor(ORGANIZER), fetch: server.fetch });
  return { server, list, page: auditLog(app.user) };
}

/** The query of the last log request the SPA did not cancel. */
const lastListParams = (server: TestServer) => {
  const request = server.requests.filter((logged) => logged.method === "GET" && logged.path.startsWith("/api/v1/audit?") && !logged.cancelled).at(-1);
  return Object.fromEntries(new URLSearchParams(request?.path.split("?")[1] ?? ""));
};

const usable = (yes: boolean): ControlState => (yes ? "enabled" : "disabled");

type Options = ModelTestOptions<typeof listMachine, ModelEvent, System>;

/** Lets the held request reach the server, which must answer the page the model expects. */
async function release(server: TestServer, list: HeldRequests, output: AnsweredPage) {
  expect(lastListParams(server)).toEqual(expectedParams(output.query));
  const body = (await list.release()) as { data: AuditEntry[] };
  expect(body.data.map((entry) => entry.id)).toEqual(output.items.map((entry) => entry.id));
}

const notOnThisScreen = (event: string) => () => {
  throw new Error(`${event} is not sent by the activity log`);
};

const eventExecutors: Options["eventExecutors"] = {
  "xstate.done.actor.loadPage": ({ server, list }, { output }) => release(server, list, output),
  "xstate.error.actor.loadPage": ({ list }, { error }) => list.answer(problem(error.status, "unavailable")),
  "xstate.done.actor.refreshPage": ({ server, list }, { output }) => release(server, list, output),
  "xstate.error.actor.refreshPage": ({ list }, { error }) => list.answer(problem(error.status, "unavailable")),
  "list.refresh": ({ page }) => page.refresh(),
  "page.next": ({ page }) => page.nextPage(),
  "page.previous": ({ page }) => page.previousPage(),
  "list.retry": ({ page }) => page.retry(),
  "filter.submit": ({ page }, { filter }) => page.filter({ subjectType: filter.subjectType === "observer" ? "Observer" : "" }),
  "filter.reset": ({ page }) => page.resetFilter(),
  "page.first": notOnThisScreen("page.first"),
  "list.reload": notOnThisScreen("list.reload"),
  "sort.toggle": notOnThisScreen("sort.toggle"),
  "selection.toggle": notOnThisScreen("selection.toggle"),
  "selection.toggleAll": notOnThisScreen("selection.toggleAll"),
  "selection.clear": notOnThisScreen("selection.clear"),
};

const stateAssertions: Record<string, (system: System, snapshot: ListSnapshot) => unknown> = {
  loading: async ({ server, list, page }, snapshot) => {
    await eventually(() => page.loading()).toContain("Loading");
    expect(await page.loadError()).toBeNull();
    expect(await page.entries()).toEqual([]);
    // one request in flight, for the current query: re-entering loading cancelled the previous one
    await waitFor(() => expect(list.activeCount()).toBe(1));
    expect(lastListParams(server)).toEqual(expectedParams(snapshot.context.query));
  },
  ready: async ({ list, page }, snapshot) => {
    const { query, totalItems } = snapshot.context;
    const items = snapshot.context.items as AuditEntry[];
    await eventually(() => page.entries().then((entries) => entries.map((entry) => entry.at))).toEqual(items.map((entry) => entry.at));
    expect(await page.loading()).toBeNull();
    expect(await page.loadError()).toBeNull();
    const first = (query.page - 1) * query.pageSize + 1;
    await eventually(() => page.range()).toBe(`Showing ${first} to ${first + items.length - 1} of ${totalItems}`);
    expect(await page.paging()).toEqual({ previous: usable(query.page > 1), next: usable(query.page * query.pageSize < totalItems) });
    expect((await page.filterValues()).subjectType).toBe(query.filter.subjectType === "observer" ? "Observer" : "");
    // while refreshing, the same page's request is in flight under the entries still shown
    const refreshing = snapshot.matches({ ready: "refreshing" });
    await eventually(async () => (await page.refreshState()) === "busy").toBe(refreshing);
    await waitFor(() => expect(list.activeCount()).toBe(refreshing ? 1 : 0));
  },
  failed: async ({ list, page }) => {
    await eventually(() => page.loadError()).toContain(`The activity log could not be loaded (error ${FAILURE_STATUS}). Try again.`);
    expect(await page.loading()).toBeNull();
    expect(list.activeCount()).toBe(0);
  },
};

function describeEvent(event: ModelEvent): string {
  switch (event.type) {
    case "xstate.done.actor.loadPage":
    case "xstate.done.actor.refreshPage": {
      const { page, filter } = event.output.query;
      const what = event.type === "xstate.done.actor.refreshPage" ? "refreshed" : "arrives";
      return `page ${page}${filter.subjectType ? ` of ${filter.subjectType} entries` : ""} ${what}`;
    }
    case "xstate.error.actor.loadPage":
      return `load fails (${event.error.status})`;
    case "xstate.error.actor.refreshPage":
      return `refresh fails (${event.error.status})`;
    default:
      return event.type;
  }
}

const reachedStates = new Set<string>();
const reachedEvents = new Set<string>();

describe.each(families)(`${listMachine.id} model on the activity log: %s`, (_, userEvents) => {
  const paths = testEveryShortestPath({
    machine: listMachine,
    input: AUDIT_LIST_INPUT,
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

describe(`${listMachine.id} model coverage on the activity log`, () => {
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
        "filter.submit",
        "filter.reset",
      ]),
    );
  });
});
