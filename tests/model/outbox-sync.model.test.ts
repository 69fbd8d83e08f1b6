import "fake-indexeddb/auto";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { createActor, SimulatedClock, type SnapshotFrom } from "xstate";
import { createApiClient } from "../../src/api/client";
import { unsentCount, type OutboxItem } from "../../src/observer-app/outbox/outbox-item";
import { enqueue, loadOutbox } from "../../src/observer-app/outbox/outbox-store";
import { createOutboxSyncActors } from "../../src/observer-app/outbox/outbox-sync.actors";
import { outboxSyncMachine, type OutboxSyncEvent, type SendPass } from "../../src/observer-app/outbox/outbox-sync.machine";
import { openObserverDb, type ObserverDb } from "../../src/observer-app/storage/observer-db";
import { reachedBy, testEveryMaximalPath } from "../support/maximal-paths";
import type { ModelTestOptions } from "../support/model";

/*
 * The observers' app's sender replayed on a real actor with its real effects: the outbox in IndexedDB (fake-indexeddb),
 * the sender that marks and sends its items through the real API client, whose fetch is the test playing the server
 * (each request waits for the path to say what the server answers), and the real wake-up signals (the window's
 * online/offline and visibility events). The pull after a pass is the test's to end; time is a simulated clock.
 *
 * The oracle is not the machine: the executors note what the phone queued and what the server answered, and each
 * state checks against those notes the requests in flight (their Idempotency-Key the item's id, the same on every
 * try), the items' states and tries in IndexedDB, the pull in progress, and that nothing is sent before its time.
 * A pass's end the sender reaches by itself (an empty outbox) is awaited, not caused.
 */

const BACKOFF = "xstate.after.backoff.outbox-sync.sync.waiting";
const SYNC_INTERVAL = "xstate.after.syncInterval.outbox-sync.sync.idle";
const LOADED = "xstate.done.actor.loadOutbox";
const PASSED = "xstate.done.actor.sendNext";
const PULLED = "xstate.done.actor.refresh";
const PULL_FAILED = "xstate.error.actor.refresh";

type ModelEvent =
  | OutboxSyncEvent
  | { type: typeof LOADED; output: OutboxItem[] }
  | { type: typeof PASSED; output: SendPass }
  | { type: typeof PULLED }
  | { type: typeof PULL_FAILED; error: unknown }
  | { type: typeof BACKOFF }
  | { type: typeof SYNC_INTERVAL };

/** One request as the played server holds it. */
interface Held {
  request: Request;
  answer: (response: Response) => void;
}

interface System {
  actor: ReturnType<typeof createActor<typeof outboxSyncMachine>>;
  clock: SimulatedClock;
  db: ObserverDb;
  held: Held[];
  /** Every request the server was sent, answered or not. */
  requests: Request[];
  /** The pulls asked for and not ended, each with its end. */
  pulls: { done: () => void; fail: () => void }[];
  /** How many events of each type the real actor received. */
  received: Map<string, number>;
  /** How many the path has sent of each type the sender reaches by itself. */
  awaited: Map<string, number>;
  session: boolean;
  /** The test's notes: the item queued and not yet on the server, and the failed tries in a row. */
  expected: { unsentId: string | null; attempts: number; failures: number };
}

let databases = 0;

/** Waits for what the real actor does next: IndexedDB and the played server answer within milliseconds. */
const soon = (check: () => void) => vi.waitFor(check, { interval: 2, timeout: 2_000 });

async function setUp(): Promise<System> {
  const db = await openObserverDb(`outbox-sync-model-${++databases}`);
  const held: Held[] = [];
  const requests: Request[] = [];
  const system = { db, held, requests, pulls: [], received: new Map(), awaited: new Map(), session: true } as unknown as System;
  const played = (request: Request) =>
    new Promise<Response>((resolve) => {
      requests.push(request);
      held.push({ request, answer: resolve });
    });
  const api = createApiClient({
    baseUrl: "http://localhost",
    fetch: played,
    getToken: () => (system.session ? "a-token" : null),
    // As observer-services does: a refused token is dropped at once.
    onUnauthorized: () => void (system.session = false),
  });
  const refresh = () => new Promise<void>((done, fail) => system.pulls.push({ done, fail: () => fail(new Error("the pull failed")) }));
  const logic = outboxSyncMachine.provide({ actors: createOutboxSyncActors({ api, db, hasSession: () => system.session, refresh }) });
  system.clock = new SimulatedClock();
  system.expected = { unsentId: null, attempts: 0, failures: 0 };
  system.actor = createActor(logic, {
    clock: system.clock,
    inspect: (inspection) => {
      if (inspection.type !== "@xstate.event" || inspection.actorRef !== system.actor) return;
      system.received.set(inspection.event.type, (system.received.get(inspection.event.type) ?? 0) + 1);
    },
  });
  onTestFinished(() => {
    system.actor.stop();
    db.close();
  });
  system.actor.start();
  return system;
}

/** Waits until the real actor has received the path's next event of a type the sender sends itself. */
async function reached(system: System, type: string) {
  const count = (system.awaited.get(type) ?? 0) + 1;
  system.awaited.set(type, count);
  await soon(() => expect(system.received.get(type) ?? 0).toBeGreaterThanOrEqual(count));
}

/** Sends an event to the real actor and waits until it has it. */
async function told(system: System, type: string, act: () => void) {
  const before = system.received.get(type) ?? 0;
  act();
  await soon(() => expect(system.received.get(type) ?? 0).toBe(before + 1));
}

const answered = (status: number) =>
  status < 300
    ? Response.json({}, { status })
    : Response.json({ type: "urn:problem:test", title: "answered by the test", status, code: "test" }, { status, headers: { "content-type": "application/problem+json" } });

/** The server answers the one request in flight, which carries the queued item's id as its key. */
async function serverAnswers(system: System, status: number) {
  await soon(() => expect(system.held).toHaveLength(1));
  const { request, answer } = system.held.shift()!;
  expect(request.headers.get("Idempotency-Key")).toBe(system.expected.unsentId);
  answer(answered(status));
  await reached(system, PASSED);
}

/** Lets `ms` pass, proving that nothing is sent one millisecond earlier. */
function wait(system: System, ms: number) {
  const sent = system.requests.length;
  system.clock.increment(ms - 1);
  expect(system.requests).toHaveLength(sent);
  expect(system.held).toHaveLength(0);
  system.clock.increment(1);
}

const itemInDb = async ({ db, expected }: System) => (await loadOutbox(db)).find((item) => item.id === expected.unsentId);

/** An item the model knows as waiting to be sent; its contents are the real outbox's. */
const QUEUED = { state: "queued" } as OutboxItem;

type Options = ModelTestOptions<typeof outboxSyncMachine, ModelEvent, System>;
type SyncSnapshot = SnapshotFrom<typeof outboxSyncMachine>;

const eventExecutors: Options["eventExecutors"] = {
  [LOADED]: (system) => reached(system, LOADED),
  "outbox.changed": async (system) => {
    const item = await enqueue(
      system.db,
      {
        roundId: 1,
        dedupeKey: `answers:15:${system.requests.length}:${Date.now()}`,
        urgent: false,
        summary: { station: { countyCode: "CJ", number: 15 }, formCode: "A", answerCount: 1 },
        payload: { kind: "answers", body: { answers: [{ questionId: 1, countyCode: "CJ", pollingStationNumber: 15, options: [{ optionId: 1 }] }] } },
      },
      new Date(system.clock.now()),
    );
    system.expected.unsentId = item.id;
    system.expected.attempts = 0;
    const items = await loadOutbox(system.db);
    await told(system, "outbox.changed", () => system.actor.send({ type: "outbox.changed", items }));
  },
  [PASSED]: async (system, { output }) => {
    switch (output.outcome.kind) {
      case "empty": {
        const sent = system.requests.length;
        await reached(system, PASSED);
        expect(system.requests).toHaveLength(sent);
        system.expected.failures = 0;
        return;
      }
      case "sent":
        await serverAnswers(system, 201);
        system.expected.unsentId = null;
        system.expected.failures = 0;
        return;
      case "retry":
        await serverAnswers(system, 503);
        system.expected.attempts += 1;
        system.expected.failures += 1;
        return;
      case "unauthorized":
        await serverAnswers(system, 401);
        system.expected.attempts += 1;
        return;
      case "refused":
        throw new Error("the model offers no refusal");
    }
  },
  [PULLED]: async (system) => {
    await soon(() => expect(system.pulls).toHaveLength(1));
    system.pulls.shift()!.done();
    await reached(system, PULLED);
  },
  [PULL_FAILED]: async (system) => {
    await soon(() => expect(system.pulls).toHaveLength(1));
    system.pulls.shift()!.fail();
    await reached(system, PULL_FAILED);
  },
  "network.offline": (system) => told(system, "network.offline", () => window.dispatchEvent(new Event("offline"))),
  "network.online": (system) => told(system, "network.online", () => window.dispatchEvent(new Event("online"))),
  "app.visible": (system) => told(system, "app.visible", () => document.dispatchEvent(new Event("visibilitychange"))),
  // A push's message from the service worker and a new sign-in come to the sender as these events.
  "sync.now": (system) => told(system, "sync.now", () => system.actor.send({ type: "sync.now" })),
  "session.renewed": (system) =>
    told(system, "session.renewed", () => {
      system.session = true;
      system.actor.send({ type: "session.renewed" });
    }),
  // 2 s after the first failed try, doubling, at most a minute.
  [BACKOFF]: (system) => wait(system, Math.min(60, 2 ** system.expected.failures) * 1000),
  [SYNC_INTERVAL]: (system) => wait(system, 60_000),
};

/** The real actor is in `state` (its own steps run after the events: awaited). */
const isIn = (system: System, state: Parameters<SyncSnapshot["matches"]>[0]) => soon(() => expect(system.actor.getSnapshot().matches(state)).toBe(true));

/** Nothing in flight, and the queued item (if any) waits in IndexedDB with the tries made. */
async function resting(system: System) {
  expect(system.held).toHaveLength(0);
  const item = await itemInDb(system);
  if (system.expected.unsentId) expect([item?.state, item?.attempts]).toEqual(["queued", system.expected.attempts]);
  expect(unsentCount(await loadOutbox(system.db))).toBe(system.expected.unsentId ? 1 : 0);
}

const stateAssertions: Options["stateAssertions"] = {
  "connection.online": (system) => isIn(system, { connection: "online" }),
  "connection.offline": (system) => isIn(system, { connection: "offline" }),
  "sync.loading": (system) => expect(system.requests).toHaveLength(0),
  "sync.sending": async (system) => {
    if (!system.expected.unsentId) return;
    // The queued item is on its way, marked as such on the phone, under its own id as the key.
    await soon(() => expect(system.held).toHaveLength(1));
    expect(system.held[0]!.request.headers.get("Idempotency-Key")).toBe(system.expected.unsentId);
    expect((await itemInDb(system))?.state).toBe("sending");
  },
  "sync.refreshing": async (system) => {
    await isIn(system, { sync: "refreshing" });
    await soon(() => expect(system.pulls).toHaveLength(1));
    expect(system.held).toHaveLength(0);
  },
  "sync.idle": async (system) => {
    await isIn(system, { sync: "idle" });
    expect(system.pulls).toHaveLength(0);
    await resting(system);
  },
  "sync.waiting": async (system) => {
    await isIn(system, { sync: "waiting" });
    await resting(system);
  },
  "sync.signedOut": async (system) => {
    await isIn(system, { sync: "signedOut" });
    await resting(system);
    // Neither time nor a return to the app brings the sender back: only a new sign-in does.
    const sent = system.requests.length;
    system.clock.increment(10 * 60_000);
    await told(system, "app.visible", () => document.dispatchEvent(new Event("visibilitychange")));
    expect(system.requests).toHaveLength(sent);
    expect(system.actor.getSnapshot().matches({ sync: "signedOut" })).toBe(true);
  },
};

/**
 * What the sender can meet depends on the outbox: with an item queued, the server keeps it, asks to try later or
 * refuses the session; with none, a pass ends by itself. One item at a time: more add paths, not kinds of steps.
 */
function events(snapshot: SyncSnapshot): ModelEvent[] {
  const queued = unsentCount(snapshot.context.items) > 0;
  const pass = (kind: "sent" | "retry" | "unauthorized" | "empty"): ModelEvent => ({
    type: PASSED,
    output: {
      outcome: kind === "retry" ? { kind, afterSeconds: null } : { kind },
      items: kind === "retry" || kind === "unauthorized" ? [QUEUED] : [],
    },
  });
  return [
    { type: LOADED, output: [] },
    ...(queued ? [pass("sent"), pass("retry"), pass("unauthorized")] : [pass("empty"), { type: "outbox.changed" as const, items: [QUEUED] }]),
    { type: PULLED },
    { type: PULL_FAILED, error: new Error("the pull failed") },
    // The network goes where it changes what the sender does next (while it rests); in flight, the answer decides.
    ...(snapshot.matches({ sync: "idle" }) || snapshot.matches({ sync: "waiting" }) ? [{ type: "network.offline" } as const] : []),
    { type: "network.online" },
    { type: "app.visible" },
    { type: "sync.now" },
    { type: "session.renewed" },
    { type: BACKOFF },
    { type: SYNC_INTERVAL },
  ];
}

/** What tells nodes apart: an item waiting, and a pull asked for during a pull (failed tries in a row grow without end). */
const facts = ({ context }: SyncSnapshot) => [unsentCount(context.items) > 0, context.pullAgain];

const describeEvent = (event: ModelEvent) => (event.type === PASSED ? `pass(${event.output.outcome.kind})` : event.type.replace(/^xstate\.(after|done\.actor|error\.actor)\./, "$1 "));

let reach: ReturnType<typeof reachedBy>;

describe(`${outboxSyncMachine.id} model`, () => {
  const paths = testEveryMaximalPath({ machine: outboxSyncMachine, events, setUp, eventExecutors, stateAssertions, distinguish: facts, describeEvent });
  reach = reachedBy(paths);

  it("replays 72 paths", () => {
    expect(paths).toHaveLength(72);
  });
});

describe(`${outboxSyncMachine.id} model coverage`, () => {
  it("reaches every state of the sender, online and offline, through every event", () => {
    const sync = ["loading", "sending", "refreshing", "idle", "waiting", "signedOut"];
    const states = ["online", "offline"].flatMap((connection) => sync.map((state) => JSON.stringify({ connection, sync: state })));
    // The network goes only while the sender rests (see events): the outbox is read before anything could go.
    expect(reach.states).toEqual(new Set(states.filter((state) => state !== '{"connection":"offline","sync":"loading"}')));
    expect(reach.events).toEqual(
      new Set(["xstate.init", LOADED, "outbox.changed", PASSED, PULLED, PULL_FAILED, "network.offline", "network.online", "app.visible", "sync.now", "session.renewed", BACKOFF, SYNC_INTERVAL]),
    );
  });
});
