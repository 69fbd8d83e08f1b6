import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock, waitFor, type DoneActorEvent, type ErrorActorEvent } from "xstate";
import { resourceMachine, type ResourceEvent, type ResourceInput } from "../../src/shared/machines/resource.machine";
import { selectData, selectIsLoading, selectIsRefreshing, selectIsStale, selectLoadError } from "../../src/shared/machines/resource.selectors";
import { reachedBy, testEveryMaximalPath } from "../support/maximal-paths";
import type { ModelTestOptions } from "../support/model";

/*
 * The resource statechart replayed on a real actor whose loader waits for the path to say how each load ends:
 * done events resolve the one pending load with the model's data, error events reject it. The machine is shared by
 * several screens and has none of its own, so the oracle is what the loader answered: the executors note the last
 * data a load resolved with and whether a reload failed since, and every state checks what a view reads (loader,
 * data kept on screen, stale mark, error) against those notes, with how many loads are in flight, so a path also
 * proves that a superseded load was aborted, and that the load in flight asks for the query last given.
 *
 * Twice: as most screens run it (loaded again only when asked), and refreshing on its own (the coverage board) on a
 * simulated clock, where "the interval passed" is a step.
 */

const INTERVAL = 10_000;
const AFTER_INTERVAL = "xstate.after.refreshInterval.resource.ready.waiting";
const FIRST_QUERY = { silentMinutes: 30 };
const LATER_QUERY = { silentMinutes: 60 };

type ModelEvent =
  | ResourceEvent
  | { type: typeof AFTER_INTERVAL }
  | DoneActorEvent<string[], "load">
  | ErrorActorEvent<{ status: number }, "load">
  | DoneActorEvent<string[], "reload">
  | ErrorActorEvent<{ status: number }, "reload">;

interface PendingLoad {
  input: unknown;
  resolve: (data: unknown) => void;
  reject: (error: unknown) => void;
  signal: AbortSignal;
}

/** What a view must show, noted from how the loads ended. */
interface Expected {
  /** What the last load that succeeded resolved with. */
  data: string[] | null;
  /** A reload failed after it. */
  stale: boolean;
  /** The query last given. */
  query: unknown;
}

interface System {
  actor: ReturnType<typeof start>;
  clock: SimulatedClock;
  loads: PendingLoad[];
  expected: Expected;
}

function start(loads: PendingLoad[], input: ResourceInput, clock: SimulatedClock) {
  const load = fromPromise<unknown, unknown>(({ input, signal }) => new Promise((resolve, reject) => loads.push({ input, resolve, reject, signal })));
  return createActor(resourceMachine.provide({ actors: { load } }), { input, clock }).start();
}

const active = (loads: PendingLoad[]) => loads.filter((load) => !load.signal.aborted);
const settled = (system: System) => waitFor(system.actor, (snapshot) => !snapshot.hasTag("busy") && !snapshot.hasTag("refreshing"));

/** Settles the one load in flight; the loads answered before it were resolved, the aborted ones are skipped. */
function pendingLoad({ loads }: System): PendingLoad {
  const [load, ...others] = active(loads).filter((candidate) => !("settled" in candidate));
  if (!load || others.length > 0) throw new Error(`expected one load in flight, found ${active(loads).length}`);
  Object.assign(load, { settled: true });
  return load;
}

const NGOS = ["Code for Romania", "Asociația Observatorilor"];
const MORE_NGOS = [...NGOS, "Inițiativa Transparență"];
const FAILURE = { status: 503 };

const events: ModelEvent[] = [
  { type: "xstate.done.actor.load", actorId: "load", output: NGOS },
  { type: "xstate.error.actor.load", actorId: "load", error: FAILURE },
  { type: "xstate.done.actor.reload", actorId: "reload", output: MORE_NGOS },
  { type: "xstate.error.actor.reload", actorId: "reload", error: FAILURE },
  { type: "resource.reload" },
  { type: "resource.retry" },
  { type: "resource.query", query: LATER_QUERY },
];
/** Refreshing on its own, the interval passing is one more event. */
const timedEvents: ModelEvent[] = [...events, { type: AFTER_INTERVAL }];

type Options = ModelTestOptions<typeof resourceMachine, ModelEvent, System>;

const resolveWith = async (system: System, data: string[]) => {
  const load = pendingLoad(system);
  expect(load.input).toEqual(system.expected.query);
  load.resolve(data);
  await settled(system);
  system.expected = { ...system.expected, data, stale: false };
};
const rejectWith = async (system: System, error: { status: number }) => {
  pendingLoad(system).reject(error);
  await settled(system);
};

const eventExecutors: Options["eventExecutors"] = {
  "xstate.done.actor.load": (system, { output }) => resolveWith(system, output),
  "xstate.error.actor.load": (system, { error }) => rejectWith(system, error),
  "xstate.done.actor.reload": (system, { output }) => resolveWith(system, output),
  "xstate.error.actor.reload": async (system, { error }) => {
    await rejectWith(system, error);
    // the data stays on screen, marked as possibly out of date
    system.expected.stale = true;
  },
  "resource.reload": ({ actor }) => actor.send({ type: "resource.reload" }),
  "resource.retry": ({ actor }) => actor.send({ type: "resource.retry" }),
  "resource.query": (system, { query }) => {
    system.actor.send({ type: "resource.query", query });
    system.expected.query = query;
  },
  [AFTER_INTERVAL]: ({ clock }) => clock.increment(INTERVAL),
};

const stillToSettle = ({ loads }: System) => active(loads).filter((load) => !("settled" in load)).length;

/** The data shown, with nothing in flight: until asked, or until the interval passes. */
function shownAgain(system: System) {
  const snapshot = system.actor.getSnapshot();
  expect(selectIsLoading(snapshot)).toBe(false);
  expect(selectIsRefreshing(snapshot)).toBe(false);
  expect(selectData(snapshot)).toEqual(system.expected.data);
  expect(selectIsStale(snapshot)).toBe(system.expected.stale);
  expect(selectLoadError(snapshot)).toBeNull();
  expect(stillToSettle(system)).toBe(0);
}

const stateAssertions: Options["stateAssertions"] = {
  loading: (system) => {
    const snapshot = system.actor.getSnapshot();
    expect(selectIsLoading(snapshot)).toBe(true);
    expect(selectIsRefreshing(snapshot)).toBe(false);
    expect(selectData(snapshot)).toBeNull();
    expect(selectLoadError(snapshot)).toBeNull();
    expect(stillToSettle(system)).toBe(1);
  },
  "ready.shown": (system) => shownAgain(system),
  "ready.waiting": (system) => shownAgain(system),
  "ready.reloading": (system) => {
    const snapshot = system.actor.getSnapshot();
    expect(selectIsRefreshing(snapshot)).toBe(true);
    expect(selectIsLoading(snapshot)).toBe(false);
    // the data stays on screen while it loads again
    expect(selectData(snapshot)).toEqual(system.expected.data);
    expect(selectIsStale(snapshot)).toBe(system.expected.stale);
    expect(stillToSettle(system)).toBe(1);
  },
  failed: (system) => {
    const snapshot = system.actor.getSnapshot();
    expect(selectIsLoading(snapshot)).toBe(false);
    expect(selectData(snapshot)).toBeNull();
    expect(selectLoadError(snapshot)).toEqual({ code: "unexpected", status: FAILURE.status });
    expect(stillToSettle(system)).toBe(0);
  },
};

const setUp = (input: ResourceInput) => () => {
  const loads: PendingLoad[] = [];
  const clock = new SimulatedClock();
  return { actor: start(loads, input, clock), clock, loads, expected: { data: null, stale: false, query: input.query ?? null } };
};

let reached: ReturnType<typeof reachedBy>;
let timedReached: ReturnType<typeof reachedBy>;

describe(`${resourceMachine.id} model`, () => {
  const paths = testEveryMaximalPath({ machine: resourceMachine, input: {}, events, setUp: setUp({}), eventExecutors, stateAssertions });
  reached = reachedBy(paths);

  // 6 before the query: each state is now reached before and after another query was given.
  it("replays 21 paths", () => {
    expect(paths).toHaveLength(21);
  });
});

describe(`${resourceMachine.id} model, refreshing on its own`, () => {
  const input = { refreshInterval: INTERVAL, query: FIRST_QUERY };
  const paths = testEveryMaximalPath({ machine: resourceMachine, input, events: timedEvents, setUp: setUp(input), eventExecutors, stateAssertions });
  timedReached = reachedBy(paths);

  it("replays 29 paths", () => {
    expect(paths).toHaveLength(29);
  });
});

describe(`${resourceMachine.id} model coverage`, () => {
  it("reaches every state through every event", () => {
    expect(reached.states).toEqual(new Set(['"loading"', '{"ready":"shown"}', '{"ready":"reloading"}', '"failed"']));
    expect(reached.events).toEqual(new Set(["xstate.init", ...events.map((event) => event.type)]));
    expect(timedReached.states).toEqual(new Set(['"loading"', '{"ready":"waiting"}', '{"ready":"reloading"}', '"failed"']));
    expect(timedReached.events).toEqual(new Set(["xstate.init", ...timedEvents.map((event) => event.type)]));
  });
});
