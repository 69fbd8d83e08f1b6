import { describe, expect, it, onTestFinished, vi } from "vitest";
import { createActor, SimulatedClock, type EventObject, type SnapshotFrom } from "xstate";
import { createApiClient } from "../../src/api/client";
import { createLiveConnectionActors } from "../../src/shared/live/live-connection.actors";
import {
  liveConnectionMachine,
  SILENCE_LIMIT_MS,
  type LiveConnectionEmitted,
  type LiveConnectionEvent,
} from "../../src/shared/live/live-connection.machine";
import { selectLiveStatus } from "../../src/shared/live/live-connection.selectors";
import type { LiveStatus, LiveThreadEvent } from "../../src/shared/live/live-events";
import { reachedBy, testEveryMaximalPath } from "../support/maximal-paths";
import type { ModelTestOptions } from "../support/model";

/*
 * The live connection's statechart replayed on a real actor with its real effects: the stream actor reads
 * GET /api/v1/live through the real API client, whose fetch is the test playing the server (each request waits for
 * the path to say what the server does: answer with an event stream, refuse, drop, send a keep-alive, an event or a
 * reset), and the network watcher is the real one, driven by window's online/offline events. Time is a simulated
 * clock.
 *
 * The oracle is not the machine: the executors note what the server sent and what happened to the connection (the
 * last event id, a drop, a refused Last-Event-ID, failed attempts since the last success), and each state checks
 * the status the header shows, the connections open (never more than one, none while waiting) and the
 * Last-Event-ID the reconnect sent, against those notes; each executor checks what reached the connection's listeners.
 */

const OPENING_SILENCE = "xstate.after.silence.liveConnection.streaming.opening";
const OPEN_SILENCE = "xstate.after.silence.liveConnection.streaming.open";
const BACKOFF = "xstate.after.backoff.liveConnection.reconnecting";

type ModelEvent = LiveConnectionEvent | { type: typeof OPENING_SILENCE } | { type: typeof OPEN_SILENCE } | { type: typeof BACKOFF };

/** One GET /api/v1/live as the server sees it. */
interface Connection {
  request: Request;
  answer: (response: Response) => void;
  fail: (error: Error) => void;
  /** The event stream, once answered with one. */
  stream?: ReadableStreamDefaultController<Uint8Array>;
}

/** What the test expects, noted from what the server sent and what became of the connections. */
interface Expected {
  /** The id of the last event the server sent (null after a reset without one, or a refused Last-Event-ID). */
  lastEventId: string | null;
  /** A connection dropped, or the browser went offline: events may have been missed. */
  interrupted: boolean;
  /** Reconnect attempts since the last connection opened (or the browser came back online). */
  attempts: number;
}

interface System {
  actor: ReturnType<typeof createActor<typeof liveConnectionMachine>>;
  clock: SimulatedClock;
  connections: Connection[];
  emitted: LiveConnectionEmitted[];
  /** Resolved when the machine receives an event of the type. */
  arrivals: { type: string; arrived: () => void }[];
  expected: Expected;
}

const abortError = () => Object.assign(new Error("The request was cancelled."), { name: "AbortError" });

function playServer(connections: Connection[]) {
  return (request: Request) =>
    new Promise<Response>((resolve, reject) => {
      const connection: Connection = { request, answer: resolve, fail: reject };
      request.signal.addEventListener("abort", () => {
        reject(abortError());
        connection.stream?.error(abortError());
      });
      connections.push(connection);
    });
}

function setUp({ startsOffline = false } = {}): System {
  const connections: Connection[] = [];
  const api = createApiClient({ baseUrl: "http://localhost", fetch: playServer(connections), getToken: () => "a-token", onUnauthorized: () => {} });
  const logic = liveConnectionMachine.provide({ actors: createLiveConnectionActors(api), guards: { browserOffline: () => startsOffline } });
  const clock = new SimulatedClock();
  const arrivals: System["arrivals"] = [];
  const actor = createActor(logic, {
    clock,
    inspect: (inspection) => {
      if (inspection.type !== "@xstate.event" || inspection.actorRef !== actor) return;
      for (const waiting of arrivals.filter(({ type }) => type === inspection.event.type)) {
        arrivals.splice(arrivals.indexOf(waiting), 1);
        waiting.arrived();
      }
    },
  });
  const emitted: LiveConnectionEmitted[] = [];
  actor.on("*", (event) => emitted.push(event));
  // Its network watcher listens on the window every test shares.
  onTestFinished(() => {
    actor.stop();
  });
  actor.start();
  return { actor, clock, connections, emitted, arrivals, expected: { lastEventId: null, interrupted: false, attempts: 0 } };
}

const open = ({ connections }: System) => connections.filter((connection) => !connection.request.signal.aborted);

/** The one connection the client has open, once its request was sent. */
async function current(system: System): Promise<Connection> {
  await vi.waitFor(() => expect(open(system).length).toBe(1));
  return open(system)[0]!;
}

/** Does what the server does, and returns what reached the listeners once the machine heard of it. */
async function serverDoes(system: System, reported: EventObject["type"], act: () => void): Promise<LiveConnectionEmitted[]> {
  const before = system.emitted.length;
  const arrived = new Promise<void>((resolve) => system.arrivals.push({ type: reported, arrived: resolve }));
  act();
  await arrived;
  return system.emitted.slice(before);
}

const encoder = new TextEncoder();
const send = (connection: Connection, text: string) => connection.stream!.enqueue(encoder.encode(text));
const eventStream = (connection: Connection) =>
  new Response(new ReadableStream<Uint8Array>({ start: (controller) => void (connection.stream = controller) }), {
    headers: { "content-type": "text/event-stream" },
  });
const refusal = (status: number) =>
  Response.json({ type: "urn:problem:refused", title: "refused", status, code: "refused" }, { status, headers: { "content-type": "application/problem+json" } });

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
const THREAD_ID = "812";

/** Lets `ms` pass, proving that nothing happens one millisecond earlier. */
function wait(system: System, ms: number) {
  const before = JSON.stringify(system.actor.getSnapshot().value);
  system.clock.increment(ms - 1);
  expect(JSON.stringify(system.actor.getSnapshot().value)).toBe(before);
  system.clock.increment(1);
}

/** The wait before the next attempt: 1 s, doubling with every failed attempt, at most 30 s. */
const backoff = (attempts: number) => Math.min(1_000 * 2 ** attempts, 30_000);

type Options = ModelTestOptions<typeof liveConnectionMachine, ModelEvent, System>;

const dropped = ({ expected }: System) => {
  expected.interrupted = true;
};

const eventExecutors: Options["eventExecutors"] = {
  "stream.opened": async (system) => {
    const connection = await current(system);
    const { interrupted, lastEventId } = system.expected;
    const delivered = await serverDoes(system, "stream.opened", () => connection.answer(eventStream(connection)));
    // Only a reconnect with nothing to resume from can have missed events.
    expect(delivered).toEqual(interrupted && lastEventId === null ? [{ type: "reset" }, { type: "connected" }] : [{ type: "connected" }]);
    system.expected.attempts = 0;
  },
  "stream.received": async (system) => {
    const connection = await current(system);
    expect(await serverDoes(system, "stream.received", () => send(connection, ": keep-alive\n\n"))).toEqual([]);
  },
  "stream.thread": async (system) => {
    const connection = await current(system);
    const delivered = await serverDoes(system, "stream.thread", () => send(connection, `id: ${THREAD_ID}\nevent: thread\ndata: ${JSON.stringify(THREAD)}\n\n`));
    expect(delivered).toEqual([{ type: "thread", id: Number(THREAD_ID), event: THREAD }]);
    system.expected.lastEventId = THREAD_ID;
  },
  "stream.reset": async (system) => {
    const connection = await current(system);
    expect(await serverDoes(system, "stream.reset", () => send(connection, "id:\nevent: reset\ndata: {}\n\n"))).toEqual([{ type: "reset" }]);
    system.expected.lastEventId = null;
  },
  "stream.ended": async (system) => {
    const connection = await current(system);
    expect(await serverDoes(system, "stream.ended", () => connection.stream!.close())).toEqual([]);
    dropped(system);
  },
  "stream.failed": async (system, { status }) => {
    const connection = await current(system);
    const act =
      status !== 0
        ? () => connection.answer(refusal(status))
        : connection.stream
          ? () => connection.stream!.error(new TypeError("network error"))
          : () => connection.fail(new TypeError("Failed to fetch"));
    expect(await serverDoes(system, "stream.failed", act)).toEqual([]);
    dropped(system);
    // Last-Event-ID refused: the next attempt starts afresh.
    if (status === 400) system.expected.lastEventId = null;
  },
  "network.offline": async (system) => {
    expect(await serverDoes(system, "network.offline", () => window.dispatchEvent(new Event("offline")))).toEqual([]);
    dropped(system);
  },
  "network.online": async (system) => {
    expect(await serverDoes(system, "network.online", () => window.dispatchEvent(new Event("online")))).toEqual([]);
    system.expected.attempts = 0;
  },
  [OPENING_SILENCE]: (system) => {
    wait(system, SILENCE_LIMIT_MS);
    dropped(system);
  },
  [OPEN_SILENCE]: (system) => {
    wait(system, SILENCE_LIMIT_MS);
    dropped(system);
  },
  [BACKOFF]: (system) => {
    wait(system, backoff(system.expected.attempts));
    system.expected.attempts += 1;
  },
};

async function expectStatus(system: System, status: LiveStatus, connections: 0 | 1) {
  expect(selectLiveStatus(system.actor.getSnapshot())).toBe(status);
  await vi.waitFor(() => expect(open(system)).toHaveLength(connections));
}

const stateAssertions: Options["stateAssertions"] = {
  "streaming.opening": async (system) => {
    await expectStatus(system, system.expected.interrupted ? "reconnecting" : "connecting", 1);
    // resumes after the last event the server sent, if it did
    expect((await current(system)).request.headers.get("Last-Event-ID")).toBe(system.expected.lastEventId);
  },
  "streaming.open": (system) => expectStatus(system, "live", 1),
  reconnecting: (system) => expectStatus(system, "reconnecting", 0),
  offline: (system) => expectStatus(system, "offline", 0),
  unauthorized: async (system) => {
    await expectStatus(system, "offline", 0);
    const attempts = system.connections.length;
    system.clock.increment(10 * 60_000);
    window.dispatchEvent(new Event("online"));
    expect(system.connections).toHaveLength(attempts);
  },
};

type LiveSnapshot = SnapshotFrom<typeof liveConnectionMachine>;

/**
 * What the stream can report depends on how far it got: a request is answered or refused, an open stream sends,
 * ends or breaks (a refusal with a status comes only as an answer).
 */
function events(snapshot: LiveSnapshot): ModelEvent[] {
  const network: ModelEvent[] = [{ type: "network.offline" }, { type: "network.online" }];
  const timers: ModelEvent[] = [{ type: OPENING_SILENCE }, { type: OPEN_SILENCE }, { type: BACKOFF }];
  if (snapshot.matches({ streaming: "opening" })) {
    return [{ type: "stream.opened" }, { type: "stream.failed", status: 0 }, { type: "stream.failed", status: 401 }, { type: "stream.failed", status: 400 }, ...network, ...timers];
  }
  const stream: ModelEvent[] = [
    { type: "stream.received" },
    { type: "stream.thread", lastEventId: THREAD_ID, event: THREAD },
    { type: "stream.reset", lastEventId: null },
    { type: "stream.ended" },
    { type: "stream.failed", status: 0 },
  ];
  return [...(snapshot.matches({ streaming: "open" }) ? stream : []), ...network, ...timers];
}

/**
 * What tells nodes apart: what a reconnect resumes from and whether one happened. The back-off's exponent is left out
 * (it grows without end): the timing tests below walk it.
 */
const facts = ({ context }: LiveSnapshot) => [context.lastEventId, context.interrupted];

let reached: ReturnType<typeof reachedBy>;

describe(`${liveConnectionMachine.id} model`, () => {
  const paths = testEveryMaximalPath({
    machine: liveConnectionMachine,
    events,
    setUp: () => setUp(),
    eventExecutors,
    stateAssertions,
    distinguish: facts,
    describeEvent: (event) => (event.type === "stream.failed" ? `stream.failed(${event.status})` : event.type.replace("liveConnection.", "")),
  });
  reached = reachedBy(paths);

  it("replays 25 paths", () => {
    expect(paths).toHaveLength(25);
  });
});

describe(`${liveConnectionMachine.id} model coverage`, () => {
  it("reaches every state through every event", () => {
    expect(reached.states).toEqual(
      new Set(['{"streaming":"opening"}', '{"streaming":"open"}', '"reconnecting"', '"offline"', '"unauthorized"']),
    );
    expect(reached.events).toEqual(
      new Set([
        "xstate.init",
        "stream.opened",
        "stream.received",
        "stream.thread",
        "stream.reset",
        "stream.ended",
        "stream.failed",
        "network.offline",
        "network.online",
        OPENING_SILENCE,
        OPEN_SILENCE,
        BACKOFF,
      ]),
    );
  });
});

describe(`${liveConnectionMachine.id} timing`, () => {
  const failAttempt = async (system: System) => {
    const connection = await current(system);
    await serverDoes(system, "stream.failed", () => connection.fail(new TypeError("Failed to fetch")));
  };

  it("waits 1 s, then doubling up to 30 s between failed attempts, and starts from 1 s again after a success", async () => {
    const system = setUp();
    const waits: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      await failAttempt(system);
      const attempts = system.connections.length;
      const started = system.clock.now();
      while (system.actor.getSnapshot().matches("reconnecting")) system.clock.increment(500);
      waits.push(system.clock.now() - started);
      await vi.waitFor(() => expect(system.connections.length).toBe(attempts + 1));
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);

    const connection = await current(system);
    await serverDoes(system, "stream.opened", () => connection.answer(eventStream(connection)));
    await serverDoes(system, "stream.ended", () => connection.stream!.close());
    wait(system, 1_000);
    expect(selectLiveStatus(system.actor.getSnapshot())).toBe("reconnecting");
    await current(system);
  });

  it("keeps a stream that sends a keep-alive every 15 s, and drops one silent for 45 s", async () => {
    const system = setUp();
    const first = await current(system);
    await serverDoes(system, "stream.opened", () => first.answer(eventStream(first)));
    for (let beat = 0; beat < 10; beat++) {
      system.clock.increment(15_000);
      await serverDoes(system, "stream.received", () => send(first, ": keep-alive\n\n"));
    }
    expect(await current(system)).toBe(first);
    wait(system, SILENCE_LIMIT_MS);
    expect(first.request.signal.aborted).toBe(true);
    expect(selectLiveStatus(system.actor.getSnapshot())).toBe("reconnecting");
  });

  it("starts offline without connecting when the browser is offline, and connects as soon as it is back", async () => {
    const system = setUp({ startsOffline: true });
    expect(selectLiveStatus(system.actor.getSnapshot())).toBe("offline");
    expect(system.connections).toEqual([]);
    window.dispatchEvent(new Event("online"));
    expect((await current(system)).request.headers.has("Last-Event-ID")).toBe(false);
  });

  it("resumes from the last event received after a drop", async () => {
    const system = setUp();
    const first = await current(system);
    await serverDoes(system, "stream.opened", () => first.answer(eventStream(first)));
    await serverDoes(system, "stream.thread", () => send(first, `id: 812\nevent: thread\ndata: ${JSON.stringify(THREAD)}\n\n`));
    await serverDoes(system, "stream.thread", () => send(first, `id: 813\nevent: thread\ndata: ${JSON.stringify(THREAD)}\n\n`));
    await serverDoes(system, "stream.failed", () => first.stream!.error(new TypeError("network error")));
    wait(system, 1_000);
    const second = await current(system);
    expect(second.request.headers.get("Last-Event-ID")).toBe("813");
    expect(await serverDoes(system, "stream.opened", () => second.answer(eventStream(second)))).toEqual([{ type: "connected" }]);
  });
});
