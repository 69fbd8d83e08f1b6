import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock, waitFor, type DoneActorEvent, type ErrorActorEvent, type SnapshotFrom } from "xstate";
import { REFRESH_INTERVAL_MS, statisticsBoardMachine, type BoardEvent, type BoardResults } from "../../src/features/statistics/statistics-board.machine";
import { selectBoardFailure, selectIsLoading, selectIsRefreshing, selectShownCards } from "../../src/features/statistics/statistics-board.selectors";
import { STATISTIC_CARDS, type StatisticsPage } from "../../src/features/statistics/statistics.config";
import { testEveryShortestPath, type ModelTestOptions } from "../support/model";

/*
 * The cards' statechart replayed on a real actor on a simulated clock, whose loader waits for the path to say how
 * each load ends. Every state asserts what the view reads (loader, cards shown with their figures and time, stale
 * mark, failure) and how many loads are in flight: never more than one, also when a refresh is asked for meanwhile
 * or the 10 s pass again.
 */

const REFRESH_AFTER = "xstate.after.refreshInterval.statisticsBoard.ready.waiting";

type ModelEvent =
  | BoardEvent
  | { type: typeof REFRESH_AFTER }
  | DoneActorEvent<BoardResults, "loadCards">
  | ErrorActorEvent<{ status: number }, "loadCards">
  | DoneActorEvent<BoardResults, "refreshCards">
  | ErrorActorEvent<{ status: number }, "refreshCards">;

interface PendingLoad {
  resolve: (results: BoardResults) => void;
  reject: (error: unknown) => void;
  signal: AbortSignal;
  settled?: boolean;
}

interface System {
  actor: ReturnType<typeof start>;
  clock: SimulatedClock;
  loads: PendingLoad[];
}

function start(loads: PendingLoad[], clock: SimulatedClock) {
  const loadCards = fromPromise<BoardResults>(({ signal }) => new Promise((resolve, reject) => loads.push({ resolve, reject, signal })));
  return createActor(statisticsBoardMachine.provide({ actors: { loadCards } }), { clock }).start();
}

const page = (asOf: string, labels: string[]): StatisticsPage => ({
  page: 1,
  pageSize: 5,
  totalItems: labels.length,
  totalPages: 1,
  asOf,
  data: labels.map((label, index) => ({ label, value: labels.length - index, code: label.slice(0, 2).toUpperCase() })),
});

const [observers, counties, stations, ...others] = STATISTIC_CARDS.map((card) => card.key);
const FAILURE = { status: 503 };
/** The first answer: two cards with values, one empty, one failed, the rest empty. */
const FIRST: BoardResults = {
  [observers!]: { page: page("2026-11-22T08:00:00Z", ["Cluj", "Iași"]) },
  [counties!]: { page: page("2026-11-22T08:00:00Z", ["Botoșani"]) },
  [stations!]: { error: FAILURE },
  ...Object.fromEntries(others.map((key) => [key, { page: page("2026-11-22T08:00:00Z", []) }])),
};
/** A refresh: the observers card fails (it keeps its figures, stale), the others move on, the failed one recovers. */
const LATER: BoardResults = {
  [observers!]: { error: FAILURE },
  [counties!]: { page: page("2026-11-22T08:00:10Z", ["Botoșani", "Brăila"]) },
  [stations!]: { page: page("2026-11-22T08:00:10Z", ["BT 118"]) },
  ...Object.fromEntries(others.map((key) => [key, { page: page("2026-11-22T08:00:10Z", []) }])),
};

const events: ModelEvent[] = [
  { type: "xstate.done.actor.loadCards", actorId: "loadCards", output: FIRST },
  { type: "xstate.error.actor.loadCards", actorId: "loadCards", error: FAILURE },
  { type: "xstate.done.actor.refreshCards", actorId: "refreshCards", output: LATER },
  { type: "xstate.error.actor.refreshCards", actorId: "refreshCards", error: FAILURE },
  { type: "board.refresh" },
  { type: REFRESH_AFTER },
];

type Options = ModelTestOptions<typeof statisticsBoardMachine, ModelEvent, System>;
type BoardSnapshot = SnapshotFrom<typeof statisticsBoardMachine>;

const inFlight = ({ loads }: System) => loads.filter((load) => !load.signal.aborted && !load.settled);
const settled = (system: System) => waitFor(system.actor, (snapshot) => snapshot.matches({ ready: "waiting" }));

function pendingLoad(system: System): PendingLoad {
  const [load, ...more] = inFlight(system);
  if (!load || more.length > 0) throw new Error(`expected one load in flight, found ${inFlight(system).length}`);
  load.settled = true;
  return load;
}

const eventExecutors: Options["eventExecutors"] = {
  "xstate.done.actor.loadCards": async (system, { output }) => {
    pendingLoad(system).resolve(output);
    await settled(system);
  },
  "xstate.error.actor.loadCards": async (system, { error }) => {
    pendingLoad(system).reject(error);
    await settled(system);
  },
  "xstate.done.actor.refreshCards": async (system, { output }) => {
    pendingLoad(system).resolve(output);
    await settled(system);
  },
  "xstate.error.actor.refreshCards": async (system, { error }) => {
    pendingLoad(system).reject(error);
    await settled(system);
  },
  "board.refresh": ({ actor }) => actor.send({ type: "board.refresh" }),
  [REFRESH_AFTER]: ({ clock }) => clock.increment(REFRESH_INTERVAL_MS),
};

/** What a view reads of a snapshot: the cards shown (key, time, labels, stale) and the failure. */
const seen = (snapshot: BoardSnapshot) => ({
  cards: selectShownCards(snapshot).map((card) => ({ key: card.statistic.key, asOf: card.page.asOf, labels: card.page.data.map((item) => item.label), stale: card.stale })),
  failure: selectBoardFailure(snapshot),
});

const stateAssertions: Record<string, (system: System, model: BoardSnapshot) => unknown> = {
  loading: (system) => {
    const snapshot = system.actor.getSnapshot();
    expect(selectIsLoading(snapshot)).toBe(true);
    expect(seen(snapshot)).toEqual({ cards: [], failure: null });
    expect(inFlight(system)).toHaveLength(1);
  },
  "ready.waiting": (system, model) => {
    const snapshot = system.actor.getSnapshot();
    expect(seen(snapshot)).toEqual(seen(model));
    expect(inFlight(system)).toHaveLength(0);
    // Empty cards and failed ones are never shown; a failed refresh keeps the card, stale, with its old time.
    for (const card of seen(snapshot).cards) expect(card.labels.length).toBeGreaterThan(0);
  },
  "ready.refreshing": (system, model) => {
    const snapshot = system.actor.getSnapshot();
    expect(selectIsRefreshing(snapshot)).toBe(true);
    expect(selectIsLoading(snapshot)).toBe(false);
    expect(seen(snapshot)).toEqual(seen(model));
    // Asking again, or the interval passing again, starts no second request and cancels none.
    system.actor.send({ type: "board.refresh" });
    system.clock.increment(REFRESH_INTERVAL_MS);
    expect(inFlight(system)).toHaveLength(1);
  },
};

const reachedStates = new Set<string>();
const reachedEvents = new Set<string>();

describe(`${statisticsBoardMachine.id} model`, () => {
  const paths = testEveryShortestPath({
    machine: statisticsBoardMachine,
    events,
    setUp: () => {
      const loads: PendingLoad[] = [];
      const clock = new SimulatedClock();
      return { actor: start(loads, clock), clock, loads };
    },
    eventExecutors,
    stateAssertions,
  });
  for (const path of paths) {
    reachedStates.add(JSON.stringify(path.state.value));
    for (const step of path.steps) reachedEvents.add(step.event.type);
  }
});

describe(`${statisticsBoardMachine.id} model coverage`, () => {
  it("reaches every state through every event", () => {
    expect(reachedStates).toEqual(new Set(['"loading"', '{"ready":"waiting"}', '{"ready":"refreshing"}']));
    expect(reachedEvents).toEqual(new Set(["xstate.init", ...events.map((event) => event.type)]));
  });

  it("shows a card's figures with the time they were computed, and a failed refresh keeps them, stale", () => {
    const clock = new SimulatedClock();
    const loads: PendingLoad[] = [];
    const actor = start(loads, clock);
    loads[0]!.resolve(FIRST);
    return waitFor(actor, (snapshot) => snapshot.matches({ ready: "waiting" })).then(async () => {
      expect(seen(actor.getSnapshot()).cards).toEqual([
        { key: observers, asOf: "2026-11-22T08:00:00Z", labels: ["Cluj", "Iași"], stale: false },
        { key: counties, asOf: "2026-11-22T08:00:00Z", labels: ["Botoșani"], stale: false },
      ]);
      clock.increment(REFRESH_INTERVAL_MS - 1);
      expect(loads).toHaveLength(1);
      clock.increment(1);
      expect(loads).toHaveLength(2);
      loads[1]!.resolve(LATER);
      await waitFor(actor, (snapshot) => snapshot.matches({ ready: "waiting" }));
      expect(seen(actor.getSnapshot()).cards).toEqual([
        { key: observers, asOf: "2026-11-22T08:00:00Z", labels: ["Cluj", "Iași"], stale: true },
        { key: counties, asOf: "2026-11-22T08:00:10Z", labels: ["Botoșani", "Brăila"], stale: false },
        { key: stations, asOf: "2026-11-22T08:00:10Z", labels: ["BT 118"], stale: false },
      ]);
    });
  });
});
