import { describe, expect, it } from "vitest";
import { waitFor } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import type { DoneActorEvent, ErrorActorEvent, SnapshotFrom } from "xstate";
import { COVERAGE_REFRESH_MS, type Coverage, type CoverageQuery } from "../../src/features/statistics/coverage/coverage.actors";
import type { CoverageColumn } from "../../src/features/statistics/coverage/coverage-sort.store";
import { resourceMachine, type ResourceEvent } from "../../src/shared/machines/resource.machine";
import { paths as routes } from "../../src/shared/paths";
import { BOARD_COLUMNS, type CoverageOverview } from "../pages/coverage";
import { COVERAGE_ACCOUNT as ORGANIZER, coverageOverview, renderCoverage } from "../pages/dom/coverage";
import { control, find, textOf } from "../pages/dom/find";
import { eventually } from "../pages/locators";
import { holdTimers, type HeldTimers } from "../support/held-timers";
import { reachedBy, testEveryMaximalPath } from "../support/maximal-paths";
import type { ModelTestOptions } from "../support/model";
import { askBeforeTests, problem, startTestServer, type HeldRequests, type TestServer } from "../support/test-server";

/*
 * The coverage's statechart (the shared resource machine, refreshing on its own every 10 s, its query the silent
 * threshold) replayed on the real coverage screen (CoverageOverview) over the real server's demo seed.
 * Every coverage request is held until the path says how it ends: a done event lets it reach the server, whose
 * answer must be the one the model was given (asked once before the graph, per threshold); an error event answers
 * it with a 503. The 10 s refresh is the only timer held (holdTimers), so "the interval passed" is a step.
 *
 * The oracle is not the machine: each executor notes what the user asked for and what the server answered (the
 * threshold chosen, the last figures that came, whether the last refresh failed, the column sorted), and each state
 * checks the screen against those notes: the figures and their links' threshold, the stale mark, the sort and the
 * rows' order, the one request in flight and its threshold, the one refresh timer. The board's sort is no state of
 * the chart (a store of the view's): it is walked once, on the first figures, by a test of its own.
 */

const AFTER_REFRESH_INTERVAL = "xstate.after.refreshInterval.resource.ready.waiting";
const FAILURE_STATUS = 503;
const FIRST_THRESHOLD = 30;
const LATER_THRESHOLD = 60;

/** The coverage has no reload control: the figures refresh on their own. */
type ModelEvent =
  | Exclude<ResourceEvent, { type: "resource.reload" }>
  | { type: typeof AFTER_REFRESH_INTERVAL }
  | DoneActorEvent<Coverage, "load">
  | ErrorActorEvent<{ status: number }, "load">
  | DoneActorEvent<Coverage, "reload">
  | ErrorActorEvent<{ status: number }, "reload">;

const coveragePath = (silentMinutes: number) => `/api/v1/coverage?silentMinutes=${silentMinutes}`;
const [atFirst, atLater] = (await askBeforeTests("demo", ORGANIZER, [coveragePath(FIRST_THRESHOLD), coveragePath(LATER_THRESHOLD)])) as Coverage[];
const serverAnswers = new Map([
  [FIRST_THRESHOLD, atFirst!],
  [LATER_THRESHOLD, atLater!],
]);

function answer(silentMinutes: number): Coverage {
  const coverage = serverAnswers.get(silentMinutes);
  if (!coverage) throw new Error(`the model reached a threshold nobody asked the server: ${silentMinutes}`);
  return coverage;
}

type CoverageSnapshot = SnapshotFrom<typeof resourceMachine>;

const thresholdOf = (snapshot: CoverageSnapshot) => (snapshot.context.query as CoverageQuery).silentMinutes;
const loaded = (snapshot: CoverageSnapshot): ModelEvent => ({ type: "xstate.done.actor.load", actorId: "load", output: answer(thresholdOf(snapshot)) });
const reloaded = (snapshot: CoverageSnapshot): ModelEvent => ({
  type: "xstate.done.actor.reload",
  actorId: "reload",
  output: answer(thresholdOf(snapshot)),
});
const failures: ModelEvent[] = [
  { type: "xstate.error.actor.load", actorId: "load", error: { status: FAILURE_STATUS } },
  { type: "xstate.error.actor.reload", actorId: "reload", error: { status: FAILURE_STATUS } },
];

/** What the test expects on screen, noted step by step from what the user did and what the server answered. */
interface Expected {
  /** The threshold the user chose. */
  asked: number;
  /** The last figures the server answered. */
  shown: Coverage | null;
  /** A refresh failed after them. */
  stale: boolean;
  sort: { by: CoverageColumn; direction: "asc" | "desc" } | null;
}

interface System {
  server: TestServer;
  requests: HeldRequests;
  timers: HeldTimers;
  page: CoverageOverview;
  user: UserEvent;
  expected: Expected;
}

async function setUp(): Promise<System> {
  const server = await startTestServer();
  const requests = server.hold("GET /api/v1/coverage");
  const timers = holdTimers(COVERAGE_REFRESH_MS);
  const { user } = await renderCoverage(server, "/statistics");
  return { server, requests, timers, page: coverageOverview(user), user, expected: { asked: FIRST_THRESHOLD, shown: null, stale: false, sort: null } };
}

/** The threshold of the last coverage request the screen did not cancel. */
const lastAsked = (server: TestServer) => {
  const request = server.requests.filter((logged) => logged.path.startsWith("/api/v1/coverage?") && !logged.cancelled).at(-1);
  return Number(new URLSearchParams(request?.path.split("?")[1]).get("silentMinutes"));
};

/** Lets the held request reach the server, which must answer what the model was given. */
async function release({ server, requests, expected }: System, output: Coverage) {
  expect(lastAsked(server)).toBe(expected.asked);
  // The server's clock says when it counted: the rest is the answer the model was given.
  const body = (await requests.release()) as Coverage;
  expect({ ...body, asOf: output.asOf }).toEqual(output);
  expected.shown = body;
  expected.stale = false;
}

type Options = ModelTestOptions<typeof resourceMachine, ModelEvent, System>;

const eventExecutors: Options["eventExecutors"] = {
  "xstate.done.actor.load": (system, { output }) => release(system, output),
  "xstate.done.actor.reload": (system, { output }) => release(system, output),
  "xstate.error.actor.load": ({ requests }, { error }) => requests.answer(problem(error.status, "unavailable")),
  "xstate.error.actor.reload": ({ requests, expected }, { error }) => {
    requests.answer(problem(error.status, "unavailable"));
    expected.stale = true;
  },
  [AFTER_REFRESH_INTERVAL]: ({ timers }) => expect(timers.elapse()).toBe(1),
  "resource.query": async ({ page, expected }, { query }) => {
    const { silentMinutes } = query as CoverageQuery;
    await page.chooseSilentMinutes(silentMinutes);
    expected.asked = silentMinutes;
  },
  "resource.retry": async ({ user }) => user.click(await control({ role: "button", name: "Try again" })),
};

/** A click on a column header: the same column flips its direction; the county starts A to Z, a figure with the largest. */
async function sortBy({ page, expected }: System, by: CoverageColumn) {
  await page.sortBy(by);
  const direction = expected.sort?.by === by ? (expected.sort.direction === "asc" ? "desc" : "asc") : by === "county" ? "asc" : "desc";
  expected.sort = { by, direction };
}

const english = new Intl.NumberFormat("en");
const collator = new Intl.Collator("en");

/**
 * The board read straight from its table (test id, then plain selectors): the page object's role queries compute
 * accessible names over some 400 cells on every poll, seconds per state on jsdom.
 */
const board = () => document.querySelector<HTMLElement>('[data-testid="coverage-board"]');
const boardCounties = () => Array.from(board()?.querySelectorAll("tbody th") ?? [], (header) => textOf(header) ?? "");
const boardSorts = () => Array.from(board()?.querySelectorAll("thead th") ?? [], (header) => header.getAttribute("aria-sort") ?? "none");
const silentLink = (county: string) =>
  Array.from(board()?.querySelectorAll("tbody tr") ?? [])
    .find((row) => textOf(row.querySelector("th")) === county)
    ?.querySelector('[data-column="silent"] a')
    ?.getAttribute("href") ?? null;

/** The board shows the figures the server answered last, linked with the threshold they were computed with. */
async function expectFigures(page: CoverageOverview, { shown, stale, sort }: Expected) {
  if (!shown) throw new Error("no figures were answered");
  const { totals } = shown;
  await eventually(() => page.totals()).toEqual({
    stations: english.format(totals.stations),
    assigned: english.format(totals.assigned),
    assignedNotArrived: english.format(totals.assignedNotArrived),
    unobserved: english.format(totals.stations - totals.observed),
    observed: english.format(totals.observed),
    opened: english.format(totals.opened),
    reporting: english.format(totals.reporting),
    counted: english.format(totals.counted),
    silent: english.format(totals.silent),
  });
  const [first] = shown.counties;
  expect(silentLink(first!.countyName)).toBe(routes.coverageStations.href(first!.countyCode, "silent", shown.silentMinutes));
  expect((await page.asOf())?.dateTime).toBe(shown.asOf);
  expect(textOf(find({ testId: "coverage-as-of" }))).toMatch(stale ? /^As of \d\d:\d\d:\d\d \(could not refresh\)$/ : /^As of \d\d:\d\d:\d\d$/);

  const counties = boardCounties();
  expect([...counties].sort(collator.compare)).toEqual(shown.counties.map((county) => county.countyName).sort(collator.compare));
  expect(boardSorts()).toEqual(BOARD_COLUMNS.map((column) => (sort?.by === column ? (sort.direction === "asc" ? "ascending" : "descending") : "none")));
  if (!sort) return expect(counties).toEqual(shown.counties.map((county) => county.countyName));
  // Sorted: each row's figure (or name) against the next one's, the figures being the server's.
  const keyOf = (name: string) => {
    const county = shown.counties.find((candidate) => candidate.countyName === name)!;
    return sort.by === "county" ? county.countyName : sort.by === "unobserved" ? county.stations - county.observed : county[sort.by];
  };
  for (const [index, name] of counties.slice(1).entries()) {
    const [before, after] = [keyOf(counties[index]!), keyOf(name)];
    const order = typeof before === "string" ? collator.compare(before, after as string) : before - (after as number);
    expect(sort.direction === "asc" ? order <= 0 : order >= 0, `${counties[index]} before ${name}, ${sort.by} ${sort.direction}`).toBe(true);
  }
}

const loading = () => find({ testId: "list-loading" });
const loadError = () => textOf(find({ role: "alert" }));
const refreshing = () => find({ testId: "coverage-refreshing" }) !== null;

/** One request in flight, for the threshold chosen last (re-entering a state cancelled the previous one); or none. */
async function expectInFlight({ server, requests, expected }: System, count: 0 | 1) {
  await waitFor(() => expect(requests.activeCount()).toBe(count));
  if (count === 1) expect(lastAsked(server)).toBe(expected.asked);
}

const stateAssertions: Options["stateAssertions"] = {
  loading: async (system) => {
    await eventually(() => textOf(loading())).toBe("Loading");
    expect(loadError()).toBeNull();
    expect(await system.page.silentMinutes()).toBe(String(system.expected.asked));
    await expectInFlight(system, 1);
    expect(system.timers.pendingCount()).toBe(0);
  },
  "ready.waiting": async (system) => {
    await eventually(() => refreshing()).toBe(false);
    await expectFigures(system.page, system.expected);
    expect(loading()).toBeNull();
    expect(await system.page.silentMinutes()).toBe(String(system.expected.asked));
    await expectInFlight(system, 0);
    // the next refresh waits the whole interval after this answer: one timer, never two
    expect(system.timers.pendingCount()).toBe(1);
  },
  "ready.reloading": async (system) => {
    await eventually(() => refreshing()).toBe(true);
    await expectFigures(system.page, system.expected);
    expect(await system.page.silentMinutes()).toBe(String(system.expected.asked));
    await expectInFlight(system, 1);
    expect(system.timers.pendingCount()).toBe(0);
  },
  failed: async (system) => {
    await eventually(() => loadError()).toBe(`ErrorThe coverage could not be loaded (error ${FAILURE_STATUS}). Try again.`);
    expect(loading()).toBeNull();
    expect(await system.page.silentMinutes()).toBe(String(system.expected.asked));
    await expectInFlight(system, 0);
    expect(system.timers.pendingCount()).toBe(0);
  },
};

function describeEvent(event: ModelEvent): string {
  switch (event.type) {
    case "xstate.done.actor.load":
    case "xstate.done.actor.reload":
      return `${event.type.endsWith("reload") ? "refresh" : "load"} answers (${event.output.silentMinutes} min)`;
    case "xstate.error.actor.load":
    case "xstate.error.actor.reload":
      return `${event.type.endsWith("reload") ? "refresh" : "load"} fails (${event.error.status})`;
    case AFTER_REFRESH_INTERVAL:
      return "10 s pass";
    case "resource.query":
      return `silent after ${(event.query as CoverageQuery).silentMinutes} min`;
    default:
      return event.type;
  }
}

/**
 * The events explored in a state: its request's answer or failure, time passing, another threshold, a retry. Nodes
 * are told apart by the stale mark (the threshold is a fact of the path).
 */
function events(snapshot: CoverageSnapshot): ModelEvent[] {
  return [
    loaded(snapshot),
    reloaded(snapshot),
    ...failures,
    { type: AFTER_REFRESH_INTERVAL },
    { type: "resource.query", query: { silentMinutes: LATER_THRESHOLD } satisfies CoverageQuery },
    { type: "resource.retry" },
  ];
}

let reached: ReturnType<typeof reachedBy>;

describe(`${resourceMachine.id} model on the coverage screen`, () => {
  const paths = testEveryMaximalPath({
    machine: resourceMachine,
    input: { refreshInterval: COVERAGE_REFRESH_MS, query: { silentMinutes: FIRST_THRESHOLD } satisfies CoverageQuery },
    events,
    setUp,
    eventExecutors,
    stateAssertions,
    describeEvent,
    distinguish: (snapshot) => [snapshot.context.stale],
  });
  reached = reachedBy(paths);

  // 9 with the coverage machine of its own, whose paths also walked the sort: the sort is the test below now.
  it("replays 8 paths", () => {
    expect(paths).toHaveLength(8);
  });
});

describe("the coverage board's sort", () => {
  it("sorts by a figure, largest first then smallest, then by the county, A to Z then Z to A, over the same figures", async () => {
    const system = await setUp();
    await release(system, atFirst!);
    for (const by of ["silent", "silent", "county", "county"] as const) {
      await sortBy(system, by);
      await expectFigures(system.page, system.expected);
      // Sorting asks nothing of the server and leaves the refresh timer alone.
      await expectInFlight(system, 0);
      expect(system.timers.pendingCount()).toBe(1);
    }
  });
});

describe(`${resourceMachine.id} model coverage on the coverage screen`, () => {
  it("reaches every state through every event", () => {
    expect(reached.states).toEqual(new Set(['"loading"', '{"ready":"waiting"}', '{"ready":"reloading"}', '"failed"']));
    expect(reached.events).toEqual(
      new Set([
        "xstate.init",
        "xstate.done.actor.load",
        "xstate.error.actor.load",
        "xstate.done.actor.reload",
        "xstate.error.actor.reload",
        AFTER_REFRESH_INTERVAL,
        "resource.query",
        "resource.retry",
      ]),
    );
  });
});
