import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor, type DoneActorEvent, type ErrorActorEvent, type SnapshotFrom } from "xstate";
import type { Coverage } from "../../src/features/statistics/coverage/coverage.actors";
import { coverageMachine, REFRESH_INTERVAL_MS, type CoverageEvent } from "../../src/features/statistics/coverage/coverage.machine";
import {
  selectCoverage,
  selectIsLoading,
  selectIsRefreshing,
  selectIsStale,
  selectLoadError,
  selectSort,
} from "../../src/features/statistics/coverage/coverage.selectors";
import { testEveryShortestPath, type ModelTestOptions } from "../support/model";

/*
 * The coverage statechart replayed on a real actor under fake timers: the 10 s refresh is the model's delayed event,
 * performed by moving the clock; each load waits for the path to say how it ends. Every state asserts what the view
 * reads and how many loads are in flight, and with which threshold, so a path also proves that a load for an old
 * threshold was aborted and that a refresh never overlaps another.
 */

const AFTER_REFRESH_INTERVAL = "xstate.after.refreshInterval.coverage.ready.waiting";

type ModelEvent =
  | CoverageEvent
  | { type: typeof AFTER_REFRESH_INTERVAL }
  | DoneActorEvent<Coverage, "load">
  | ErrorActorEvent<{ status: number }, "load">
  | DoneActorEvent<Coverage, "refresh">
  | ErrorActorEvent<{ status: number }, "refresh">;

interface PendingLoad {
  silentMinutes: number;
  resolve: (coverage: Coverage) => void;
  reject: (error: unknown) => void;
  signal: AbortSignal;
  settled?: true;
}

interface System {
  actor: ReturnType<typeof start>;
  loads: PendingLoad[];
}

function start(loads: PendingLoad[]) {
  const load = fromPromise<Coverage, { silentMinutes: number }>(
    ({ input, signal }) => new Promise((resolve, reject) => loads.push({ silentMinutes: input.silentMinutes, resolve, reject, signal })),
  );
  return createActor(coverageMachine.provide({ actors: { load } }), { input: { silentMinutes: 30 } }).start();
}

const inFlight = ({ loads }: System) => loads.filter((load) => !load.signal.aborted && !load.settled);

function pendingLoad(system: System): PendingLoad {
  const [load, ...others] = inFlight(system);
  if (!load || others.length > 0) throw new Error(`expected one load in flight, found ${inFlight(system).length}`);
  load.settled = true;
  return load;
}

const settled = (system: System) => waitFor(system.actor, (snapshot) => !snapshot.hasTag("busy") && !snapshot.hasTag("refreshing"));

const figures = (asOf: string, silent: number): Coverage => ({
  asOf,
  silentMinutes: 30,
  totals: { stations: 437, observed: 3, opened: 3, reporting: 3, counted: 1, silent, irregularities: 2 },
  counties: [{ countyCode: "AR", countyName: "Arad", stations: 437, observed: 3, opened: 3, reporting: 3, counted: 1, silent, irregularities: 2 }],
});
const FIRST = figures("2026-11-22T08:00:00Z", 1);
const LATER = figures("2026-11-22T08:00:10Z", 2);
const FAILURE = { status: 503 };

const events: ModelEvent[] = [
  { type: "xstate.done.actor.load", actorId: "load", output: FIRST },
  { type: "xstate.error.actor.load", actorId: "load", error: FAILURE },
  { type: "xstate.done.actor.refresh", actorId: "refresh", output: LATER },
  { type: "xstate.error.actor.refresh", actorId: "refresh", error: FAILURE },
  { type: AFTER_REFRESH_INTERVAL },
  { type: "silentMinutes.change", silentMinutes: 60 },
  { type: "coverage.retry" },
  { type: "sort.toggle", by: "silent" },
];

type Options = ModelTestOptions<typeof coverageMachine, ModelEvent, System>;

const eventExecutors: Options["eventExecutors"] = {
  "xstate.done.actor.load": async (system, { output }) => {
    pendingLoad(system).resolve(output);
    await settled(system);
  },
  "xstate.error.actor.load": async (system, { error }) => {
    pendingLoad(system).reject(error);
    await settled(system);
  },
  "xstate.done.actor.refresh": async (system, { output }) => {
    pendingLoad(system).resolve(output);
    await settled(system);
  },
  "xstate.error.actor.refresh": async (system, { error }) => {
    pendingLoad(system).reject(error);
    await settled(system);
  },
  [AFTER_REFRESH_INTERVAL]: ({ actor }) => {
    // A moment early, nothing happens: the refresh waits the whole interval after the previous answer.
    vi.advanceTimersByTime(REFRESH_INTERVAL_MS - 1);
    expect(actor.getSnapshot().matches({ ready: "waiting" })).toBe(true);
    vi.advanceTimersByTime(1);
  },
  "silentMinutes.change": ({ actor }, event) => actor.send(event),
  "coverage.retry": ({ actor }) => actor.send({ type: "coverage.retry" }),
  "sort.toggle": ({ actor }, event) => actor.send(event),
};

type CoverageSnapshot = SnapshotFrom<typeof coverageMachine>;

function assertShared(system: System, model: CoverageSnapshot) {
  const snapshot = system.actor.getSnapshot();
  expect(selectSort(snapshot)).toEqual(model.context.sort);
  expect(snapshot.context.silentMinutes).toBe(model.context.silentMinutes);
  return snapshot;
}

const stateAssertions: Record<string, (system: System, model: CoverageSnapshot) => unknown> = {
  loading: (system, model) => {
    const snapshot = assertShared(system, model);
    expect(selectIsLoading(snapshot)).toBe(true);
    expect(selectCoverage(snapshot)).toBeNull();
    expect(inFlight(system).map((load) => load.silentMinutes)).toEqual([model.context.silentMinutes]);
  },
  "ready.waiting": (system, model) => {
    const snapshot = assertShared(system, model);
    expect(selectCoverage(snapshot)).toEqual(model.context.coverage);
    expect(selectIsStale(snapshot)).toBe(model.context.stale);
    expect(selectIsRefreshing(snapshot)).toBe(false);
    expect(inFlight(system)).toEqual([]);
  },
  "ready.refreshing": (system, model) => {
    const snapshot = assertShared(system, model);
    expect(selectIsRefreshing(snapshot)).toBe(true);
    expect(selectIsLoading(snapshot)).toBe(false);
    expect(selectCoverage(snapshot)).toEqual(model.context.coverage);
    expect(inFlight(system).map((load) => load.silentMinutes)).toEqual([model.context.silentMinutes]);
  },
  failed: (system, model) => {
    const snapshot = assertShared(system, model);
    expect(selectLoadError(snapshot)).toEqual({ code: "unexpected", status: FAILURE.status });
    expect(inFlight(system)).toEqual([]);
  },
};

const reachedStates = new Set<string>();
const reachedEvents = new Set<string>();

describe(`${coverageMachine.id} model`, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const paths = testEveryShortestPath({
    machine: coverageMachine,
    input: { silentMinutes: 30 },
    events,
    setUp: () => {
      const loads: PendingLoad[] = [];
      return { actor: start(loads), loads };
    },
    eventExecutors,
    stateAssertions,
    // The figures, the stale mark, the threshold and the sort tell states apart; the error code is the stale mark's.
    distinguish: (snapshot) => [snapshot.context.coverage?.asOf ?? null, snapshot.context.stale, snapshot.context.silentMinutes, snapshot.context.sort],
  });
  for (const path of paths) {
    reachedStates.add(JSON.stringify(path.state.value));
    for (const step of path.steps) reachedEvents.add(step.event.type);
  }

  it("never overlaps requests: while a refresh runs, time passing starts no other", async () => {
    const loads: PendingLoad[] = [];
    const system = { actor: start(loads), loads };
    pendingLoad(system).resolve(FIRST);
    await settled(system);
    vi.advanceTimersByTime(REFRESH_INTERVAL_MS);
    vi.advanceTimersByTime(REFRESH_INTERVAL_MS * 3);
    expect(inFlight(system)).toHaveLength(1);
    expect(selectCoverage(system.actor.getSnapshot())).toEqual(FIRST);
  });
});

describe(`${coverageMachine.id} model coverage`, () => {
  it("reaches every state through every event", () => {
    expect(reachedStates).toEqual(new Set(['"loading"', '{"ready":"waiting"}', '{"ready":"refreshing"}', '"failed"']));
    expect(reachedEvents).toEqual(new Set(["xstate.init", ...events.map((event) => event.type)]));
  });
});
