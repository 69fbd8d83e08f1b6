import { describe, expect, it, onTestFinished } from "vitest";
import { createActor, fromCallback, SimulatedClock, type SnapshotFrom } from "xstate";
import { createApiClient } from "../../src/api/client";
import { createLiveConnectionActors } from "../../src/shared/live/live-connection.actors";
import {
  backoffDelay,
  liveConnectionMachine,
  SILENCE_LIMIT_MS,
  type LiveConnectionEmitted,
  type LiveConnectionEvent,
  type StreamEvent,
  type StreamInput,
} from "../../src/shared/live/live-connection.machine";
import { selectLiveStatus } from "../../src/shared/live/live-connection.selectors";
import type { LiveThreadEvent } from "../../src/shared/live/live-events";
import { testEveryShortestPath, type ModelTestOptions } from "../support/model";

/*
 * The live connection's statechart replayed on a real actor on a simulated clock. The stream is a stand-in that
 * records every connection (what it resumed from, whether it was closed) and lets the path say what the server
 * sends; the network watcher is the real one, driven by window's online/offline events. Every state asserts the
 * status the header shows, how many connections are open (never more than one, none while waiting) and the id a
 * reconnect resumes from; the executors assert what reaches useLiveEvents.
 */

const OPENING_SILENCE = "xstate.after.silence.liveConnection.streaming.opening";
const OPEN_SILENCE = "xstate.after.silence.liveConnection.streaming.open";
const BACKOFF = "xstate.after.backoff.liveConnection.reconnecting";

type ModelEvent = LiveConnectionEvent | { type: typeof OPENING_SILENCE } | { type: typeof OPEN_SILENCE } | { type: typeof BACKOFF };

interface Connection {
  input: StreamInput;
  sendBack: (event: StreamEvent) => void;
  closed: boolean;
}

interface System {
  actor: ReturnType<typeof start>;
  clock: SimulatedClock;
  connections: Connection[];
  emitted: LiveConnectionEmitted[];
}

const unusedApi = createApiClient({
  baseUrl: "http://localhost",
  fetch: () => Promise.reject(new Error("the model's stream is a stand-in")),
  getToken: () => null,
  onUnauthorized: () => {},
});

function start(connections: Connection[], clock: SimulatedClock, emitted: LiveConnectionEmitted[], startsOffline = false) {
  const stream = fromCallback<StreamEvent, StreamInput>(({ input, sendBack }) => {
    const connection = { input, sendBack, closed: false };
    connections.push(connection);
    return () => {
      connection.closed = true;
    };
  });
  const { network } = createLiveConnectionActors(unusedApi);
  const logic = liveConnectionMachine.provide({ actors: { stream, network }, guards: { browserOffline: () => startsOffline } });
  const actor = createActor(logic, { clock });
  actor.on("*", (event) => emitted.push(event));
  // Its network watcher listens on the window every test shares.
  onTestFinished(() => {
    actor.stop();
  });
  return actor.start();
}

function setUp(startsOffline = false): System {
  const connections: Connection[] = [];
  const clock = new SimulatedClock();
  const emitted: LiveConnectionEmitted[] = [];
  return { actor: start(connections, clock, emitted, startsOffline), clock, connections, emitted };
}

const open = (connections: Connection[]) => connections.filter((connection) => !connection.closed);

function current({ connections }: System): Connection {
  const [connection, ...others] = open(connections);
  if (!connection || others.length > 0) throw new Error(`expected one open connection, found ${open(connections).length}`);
  return connection;
}

const THREAD: LiveThreadEvent = {
  kind: "answers",
  idObserver: 1234,
  idPollingStation: 5310,
  ngoId: 2,
  at: "2026-11-22T08:00:00Z",
  actor: null,
  thread: null,
  forms: [{ code: "A", flaggedCount: 1 }],
};

const events: ModelEvent[] = [
  { type: "stream.opened" },
  { type: "stream.received" },
  { type: "stream.thread", lastEventId: "812", event: THREAD },
  { type: "stream.reset", lastEventId: null },
  { type: "stream.ended" },
  { type: "stream.failed", status: 0 },
  { type: "stream.failed", status: 401 },
  { type: "stream.failed", status: 400 },
  { type: "network.offline" },
  { type: "network.online" },
  { type: OPENING_SILENCE },
  { type: OPEN_SILENCE },
  { type: BACKOFF },
];

type Options = ModelTestOptions<typeof liveConnectionMachine, ModelEvent, System>;

/** Lets `ms` pass, proving that nothing happens one millisecond earlier. */
function wait(system: System, ms: number) {
  const before = JSON.stringify(system.actor.getSnapshot().value);
  system.clock.increment(ms - 1);
  expect(JSON.stringify(system.actor.getSnapshot().value)).toBe(before);
  system.clock.increment(1);
}

/** Sends what the server would, and returns what reached the listeners meanwhile. */
function serverSends(system: System, event: StreamEvent): LiveConnectionEmitted[] {
  const before = system.emitted.length;
  current(system).sendBack(event);
  return system.emitted.slice(before);
}

const eventExecutors: Options["eventExecutors"] = {
  "stream.opened": (system, event) => {
    const { interrupted, lastEventId } = system.actor.getSnapshot().context;
    const delivered = serverSends(system, event);
    // Only a reconnect with nothing to resume from can have missed events.
    expect(delivered).toEqual(interrupted && lastEventId === null ? [{ type: "reset" }, { type: "connected" }] : [{ type: "connected" }]);
  },
  "stream.received": (system, event) => {
    expect(serverSends(system, event)).toEqual([]);
  },
  "stream.thread": (system, event) => {
    expect(serverSends(system, event)).toEqual([{ type: "thread", id: 812, event: THREAD }]);
  },
  "stream.reset": (system, event) => {
    expect(serverSends(system, event)).toEqual([{ type: "reset" }]);
  },
  "stream.ended": (system, event) => {
    expect(serverSends(system, event)).toEqual([]);
  },
  "stream.failed": (system, event) => {
    expect(serverSends(system, event)).toEqual([]);
  },
  "network.offline": () => window.dispatchEvent(new Event("offline")),
  "network.online": () => window.dispatchEvent(new Event("online")),
  [OPENING_SILENCE]: (system) => wait(system, SILENCE_LIMIT_MS),
  [OPEN_SILENCE]: (system) => wait(system, SILENCE_LIMIT_MS),
  [BACKOFF]: (system) => wait(system, backoffDelay(system.actor.getSnapshot().context.retries)),
};

type LiveSnapshot = SnapshotFrom<typeof liveConnectionMachine>;

/** What the model tells apart (the graph keeps one snapshot per node, whatever its exact back-off exponent). */
const facts = ({ context }: LiveSnapshot) => ({ lastEventId: context.lastEventId, interrupted: context.interrupted, retried: context.retries > 0 });

function expectModel(system: System, model: LiveSnapshot, status: string, openConnections: number) {
  const snapshot = system.actor.getSnapshot();
  expect(facts(snapshot)).toEqual(facts(model));
  expect(selectLiveStatus(snapshot)).toBe(status);
  expect(open(system.connections)).toHaveLength(openConnections);
}

const stateAssertions: Options["stateAssertions"] = {
  "streaming.opening": (system, model) => {
    expectModel(system, model, model.context.interrupted ? "reconnecting" : "connecting", 1);
    expect(current(system).input).toEqual({ lastEventId: model.context.lastEventId });
  },
  "streaming.open": (system, model) => expectModel(system, model, "live", 1),
  reconnecting: (system, model) => expectModel(system, model, "reconnecting", 0),
  offline: (system, model) => expectModel(system, model, "offline", 0),
  unauthorized: (system, model) => {
    expectModel(system, model, "offline", 0);
    const attempts = system.connections.length;
    system.clock.increment(10 * 60_000);
    window.dispatchEvent(new Event("online"));
    expect(system.connections).toHaveLength(attempts);
  },
};

const reachedStates = new Set<string>();
const reachedEvents = new Set<string>();

describe(`${liveConnectionMachine.id} model`, () => {
  const paths = testEveryShortestPath({
    machine: liveConnectionMachine,
    events,
    setUp: () => setUp(),
    eventExecutors,
    stateAssertions,
    // The back-off's exponent grows without end; whether it is zero is what changes the paths.
    distinguish: facts,
    describeEvent: (event) => (event.type === "stream.failed" ? `stream.failed(${event.status})` : event.type.replace("liveConnection.", "")),
  });
  for (const path of paths) {
    reachedStates.add(JSON.stringify(path.state.value));
    for (const step of path.steps) reachedEvents.add(step.event.type);
  }
});

describe(`${liveConnectionMachine.id} model coverage`, () => {
  it("reaches every state through every event", () => {
    expect(reachedStates).toEqual(
      new Set(['{"streaming":"opening"}', '{"streaming":"open"}', '"reconnecting"', '"offline"', '"unauthorized"']),
    );
    expect(reachedEvents).toEqual(new Set(["xstate.init", ...events.map((event) => event.type)]));
  });
});

describe(`${liveConnectionMachine.id} timing`, () => {
  it("waits 1 s, then doubling up to 30 s between failed attempts, and starts from 1 s again after a success", () => {
    const system = setUp();
    const waits: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      current(system).sendBack({ type: "stream.failed", status: 503 });
      const attempts = system.connections.length;
      const started = system.clock.now();
      while (system.connections.length === attempts) system.clock.increment(500);
      waits.push(system.clock.now() - started);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);

    current(system).sendBack({ type: "stream.opened" });
    current(system).sendBack({ type: "stream.ended" });
    wait(system, 1_000);
    expect(selectLiveStatus(system.actor.getSnapshot())).toBe("reconnecting");
    expect(open(system.connections)).toHaveLength(1);
  });

  it("keeps a stream that sends a keep-alive every 15 s, and drops one silent for 45 s", () => {
    const system = setUp();
    current(system).sendBack({ type: "stream.opened" });
    const first = current(system);
    for (let beat = 0; beat < 10; beat++) {
      system.clock.increment(15_000);
      first.sendBack({ type: "stream.received" });
    }
    expect(current(system)).toBe(first);
    wait(system, SILENCE_LIMIT_MS);
    expect(first.closed).toBe(true);
    expect(selectLiveStatus(system.actor.getSnapshot())).toBe("reconnecting");
  });

  it("starts offline without connecting when the browser is offline, and connects as soon as it is back", () => {
    const system = setUp(true);
    expect(selectLiveStatus(system.actor.getSnapshot())).toBe("offline");
    expect(system.connections).toEqual([]);
    window.dispatchEvent(new Event("online"));
    expect(current(system).input).toEqual({ lastEventId: null });
  });

  it("resumes from the last event received after a drop", () => {
    const system = setUp();
    current(system).sendBack({ type: "stream.opened" });
    current(system).sendBack({ type: "stream.thread", lastEventId: "812", event: THREAD });
    current(system).sendBack({ type: "stream.thread", lastEventId: "813", event: THREAD });
    current(system).sendBack({ type: "stream.failed", status: 0 });
    wait(system, 1_000);
    expect(current(system).input).toEqual({ lastEventId: "813" });
    expect(serverSends(system, { type: "stream.opened" })).toEqual([{ type: "connected" }]);
  });
});
