import { describe, expect, it } from "vitest";
import { waitFor } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import type { DoneActorEvent, ErrorActorEvent, SnapshotFrom } from "xstate";
import type { Coverage } from "../../src/features/statistics/coverage/coverage.actors";
import { coverageMachine, REFRESH_INTERVAL_MS, type CoverageColumn, type CoverageEvent } from "../../src/features/statistics/coverage/coverage.machine";
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
 * The coverage statechart replayed on the real coverage screen (CoverageOverview) over the real server's demo seed.
 * Every coverage request is held until the path says how it ends: a done event lets it reach the server, whose
 * answer must be the one the model was given (asked once before the graph, per threshold); an error event answers
 * it with a 503. The 10 s refresh is the only timer held (holdTimers), so "the interval passed" is a step.
 *
 * The oracle is not the machine: each executor notes what the user asked for and what the server answered (the
 * threshold chosen, the last figures that came, whether the last refresh failed, the column sorted), and each state
 * checks the screen against those notes: the figures and their links' threshold, the stale mark, the sort and the
 * rows' order, the one request in flight and its threshold, the one refresh timer.
 */

const AFTER_REFRESH_INTERVAL = "xstate.after.refreshInterval.coverage.ready.waiting";
const FAILURE_STATUS = 503;
const FIRST_THRESHOLD = 30;
const LATER_THRESHOLD = 60;

type ModelEvent =
  | CoverageEvent
  | { type: typeof AFTER_REFRESH_INTERVAL }
  | DoneActorEvent<Coverage, "load">
  | ErrorActorEvent<{ status: number }, "load">
  | DoneActorEvent<Coverage, "refresh">
  | ErrorActorEvent<{ status: number }, "refresh">;

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

type CoverageSnapshot = SnapshotFrom<typeof coverageMachine>;

const loaded = (snapshot: CoverageSnapshot): ModelEvent => ({ type: "xstate.done.actor.load", actorId: "load", output: answer(snapshot.context.silentMinutes) });
const refreshed = (snapshot: CoverageSnapshot): ModelEvent => ({
  type: "xstate.done.actor.refresh",
  actorId: "refresh",
  output: answer(snapshot.context.silentMinutes),
});
const failures: ModelEvent[] = [
  { type: "xstate.error.actor.load", actorId: "load", error: { status: FAILURE_STATUS } },
  { type: "xstate.error.actor.refresh", actorId: "refresh", error: { status: FAILURE_STATUS } },
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
  const timers = holdTimers(REFRESH_INTERVAL_MS);
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

type Options = ModelTestOptions<typeof coverageMachine, ModelEvent, System>;

const eventExecutors: Options["eventExecutors"] = {
  "xstate.done.actor.load": (system, { output }) => release(system, output),
  "xstate.done.actor.refresh": (system, { output }) => release(system, output),
  "xstate.error.actor.load": ({ requests }, { error }) => requests.answer(problem(error.status, "unavailable")),
  "xstate.error.actor.refresh": ({ requests, expected }, { error }) => {
    requests.answer(problem(error.status, "unavailable"));
    expected.stale = true;
  },
  [AFTER_REFRESH_INTERVAL]: ({ timers }) => expect(timers.elapse()).toBe(1),
  "silentMinutes.change": async ({ page, expected }, { silentMinutes }) => {
    await page.chooseSilentMinutes(silentMinutes);
    expected.asked = silentMinutes;
  },
  "coverage.retry": async ({ user }) => user.click(await control({ role: "button", name: "Try again" })),
  "sort.toggle": async ({ page, expected }, { by }) => {
    await page.sortBy(by);
    // The same column flips its direction; the county starts A to Z, a figure with the largest.
    const direction = expected.sort?.by === by ? (expected.sort.direction === "asc" ? "desc" : "asc") : by === "county" ? "asc" : "desc";
    expected.sort = { by, direction };
  },
};

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
  "ready.refreshing": async (system) => {
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
    case "xstate.done.actor.refresh":
      return `${event.type.endsWith("load") ? "load" : "refresh"} answers (${event.output.silentMinutes} min)`;
    case "xstate.error.actor.load":
    case "xstate.error.actor.refresh":
      return `${event.type.endsWith("load") ? "load" : "refresh"} fails (${event.error.status})`;
    case AFTER_REFRESH_INTERVAL:
      return "10 s pass";
    case "silentMinutes.change":
      return `silent after ${event.silentMinutes} min`;
    case "sort.toggle":
      return `sort by ${event.by}`;
    default:
      return event.type;
  }
}

/** Sorting explored as one walk: a figure twice (largest first, then smallest), then the county twice (A to Z, Z to A). */
const NEXT_SORT = new Map<string, ModelEvent>([
  ["null", { type: "sort.toggle", by: "silent" }],
  [JSON.stringify({ by: "silent", direction: "desc" }), { type: "sort.toggle", by: "silent" }],
  [JSON.stringify({ by: "silent", direction: "asc" }), { type: "sort.toggle", by: "county" }],
  [JSON.stringify({ by: "county", direction: "asc" }), { type: "sort.toggle", by: "county" }],
]);

/**
 * The events explored in a state: its request's answer or failure, time passing, another threshold, a retry; and
 * sorting, only on the board (the one place it can be sent) and only from the first figures, after which nothing
 * but sorting is explored. Nodes are told apart by the stale mark and the sort (the threshold is a fact of the path).
 */
function events(snapshot: CoverageSnapshot): ModelEvent[] {
  const { stale, sort, silentMinutes } = snapshot.context;
  const nextSort = NEXT_SORT.get(JSON.stringify(sort));
  if (sort) return nextSort ? [nextSort] : [];
  const sortable = snapshot.matches({ ready: "waiting" }) && !stale && silentMinutes === FIRST_THRESHOLD;
  return [
    loaded(snapshot),
    refreshed(snapshot),
    ...failures,
    { type: AFTER_REFRESH_INTERVAL },
    { type: "silentMinutes.change", silentMinutes: LATER_THRESHOLD },
    { type: "coverage.retry" },
    ...(sortable && nextSort ? [nextSort] : []),
  ];
}

let reached: ReturnType<typeof reachedBy>;

describe(`${coverageMachine.id} model on the coverage screen`, () => {
  const paths = testEveryMaximalPath({
    machine: coverageMachine,
    input: { silentMinutes: FIRST_THRESHOLD },
    events,
    setUp,
    eventExecutors,
    stateAssertions,
    describeEvent,
    distinguish: (snapshot) => [snapshot.context.stale, snapshot.context.sort],
  });
  reached = reachedBy(paths);

  it("replays 9 paths", () => {
    expect(paths).toHaveLength(9);
  });
});

describe(`${coverageMachine.id} model coverage`, () => {
  it("reaches every state through every event", () => {
    expect(reached.states).toEqual(new Set(['"loading"', '{"ready":"waiting"}', '{"ready":"refreshing"}', '"failed"']));
    expect(reached.events).toEqual(
      new Set([
        "xstate.init",
        "xstate.done.actor.load",
        "xstate.error.actor.load",
        "xstate.done.actor.refresh",
        "xstate.error.actor.refresh",
        AFTER_REFRESH_INTERVAL,
        "silentMinutes.change",
        "coverage.retry",
        "sort.toggle",
      ]),
    );
  });
});
