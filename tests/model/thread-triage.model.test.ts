import { describe, expect, it } from "vitest";
import {
  createActor,
  fromPromise,
  SimulatedClock,
  waitFor,
  type DoneActorEvent,
  type ErrorActorEvent,
  type SnapshotFrom,
} from "xstate";
import {
  threadTriageMachine,
  type ThreadTriageEvent,
} from "../../src/features/answers/details/triage/thread-triage.machine";
import type { LoadedTriage, ThreadClaim, ThreadReview, TimelineEntry } from "../../src/features/answers/details/triage/triage.types";
import { testEveryShortestPath, type ModelTestOptions } from "../support/model";

/*
 * The triage panel's statechart replayed on a real actor whose calls wait for the path to say how they end, with a
 * simulated clock for the 30 s heartbeat. Each region is explored on its own (with the loads and reloads that feed
 * it), so the paths stay few while every state and transition of the region is taken. Each state asserts that the
 * actor is where the model is, with the same context, and what is in flight: one call per running request, with
 * the right arguments (takeOver, the draft's idempotency key), and nothing left running by a state left behind.
 */

const HEARTBEAT = "xstate.after.heartbeat.thread-triage.ready.claim.held.waiting";

type CallId = "load" | "reload" | "claim" | "renew" | "release" | "setState" | "comment";
type Failure = { status: number; code: string | null; claim?: ThreadClaim | null };

type ModelEvent =
  | ThreadTriageEvent
  | { type: typeof HEARTBEAT }
  | DoneActorEvent<LoadedTriage, "load">
  | ErrorActorEvent<Failure, "load">
  | DoneActorEvent<LoadedTriage, "reload">
  | ErrorActorEvent<Failure, "reload">
  | DoneActorEvent<ThreadClaim, "claim">
  | ErrorActorEvent<Failure, "claim">
  | DoneActorEvent<ThreadClaim, "renew">
  | ErrorActorEvent<Failure, "renew">
  | DoneActorEvent<undefined, "release">
  | ErrorActorEvent<Failure, "release">
  | DoneActorEvent<ThreadReview, "setState">
  | ErrorActorEvent<Failure, "setState">
  | DoneActorEvent<TimelineEntry, "comment">
  | ErrorActorEvent<Failure, "comment">;

interface Call {
  id: CallId;
  input: unknown;
  signal: AbortSignal;
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
  settled?: true;
}

interface System {
  actor: ReturnType<typeof start>;
  clock: SimulatedClock;
  calls: Call[];
  /** Threads whose claim was released fire-and-forget (the panel went away). */
  abandoned: unknown[];
  focusRequests: number;
}

const THREAD = { observerId: 3, pollingStationId: 40 };
const RECEIVED_AT = Date.parse("2026-11-22T08:00:00Z");
const mineClaim: ThreadClaim = { holderId: 7, holder: "ana", since: "2026-11-22T07:58:00Z", expiresAt: "2026-11-22T07:59:30Z", mine: true };
const ionsClaim: ThreadClaim = { holderId: 9, holder: "ion", since: "2026-11-22T07:57:00Z", expiresAt: "2026-11-22T07:58:30Z", mine: false };
const review = (state: ThreadReview["state"], note: string | null = null): ThreadReview => ({
  state,
  resolutionNote: note,
  changedAt: state === "new" ? null : "2026-11-22T08:00:00Z",
  changedBy: state === "new" ? null : "ana",
});
const answers: TimelineEntry = {
  id: "answers-A-1",
  kind: "answers",
  at: "2026-11-22T07:50:00Z",
  actor: { kind: "observer", name: "Ana Pop" },
  formCode: "A",
  questionCount: 4,
  flaggedCount: 2,
};
const comment: TimelineEntry = { id: "event-82", kind: "comment", at: "2026-11-22T08:01:00Z", actor: { kind: "staff", name: "ana" }, text: "Lawyer on the way" };
/** A load's answer; the server's clock is 2 minutes ahead of the browser's. */
const loaded = (claim: ThreadClaim | null, state: ThreadReview["state"] = "new", timeline: TimelineEntry[] = [answers]): LoadedTriage => ({
  triage: { idObserver: THREAD.observerId, idPollingStation: THREAD.pollingStationId, review: review(state), claim, timeline, serverTime: "2026-11-22T08:02:00Z" },
  receivedAt: RECEIVED_AT,
});
const serverError: Failure = { status: 500, code: null };
const networkError: Failure = { status: 0, code: "network_error" };

function start(system: Omit<System, "actor">) {
  const pending = <Output, Input>() =>
    fromPromise<Output, Input>(
      ({ input, signal, self }) =>
        new Promise<Output>((resolve, reject) =>
          system.calls.push({ id: self.id as CallId, input, signal, resolve: (output) => resolve(output as Output), reject }),
        ),
    );
  const logic = threadTriageMachine.provide({
    actors: {
      loadTriage: pending(),
      claimThread: pending(),
      renewClaim: pending(),
      releaseClaim: pending(),
      setState: pending(),
      addComment: pending(),
    },
    actions: { abandonClaim: (_, { thread }) => system.abandoned.push(thread) },
  });
  const actor = createActor(logic, { input: THREAD, clock: system.clock });
  actor.on("comment.focusRequested", () => {
    system.focusRequests += 1;
  });
  return actor.start();
}

const open = (system: System, id?: CallId) => system.calls.filter((call) => !call.settled && !call.signal.aborted && (!id || call.id === id));

async function settle(system: System, id: CallId, settleCall: (call: Call) => void) {
  const calls = open(system, id);
  if (calls.length !== 1) throw new Error(`expected one ${id} call in flight, found ${calls.length}`);
  calls[0]!.settled = true;
  const before = system.actor.getSnapshot();
  settleCall(calls[0]!);
  await waitFor(system.actor, (snapshot) => snapshot !== before);
}

type TriageSnapshot = SnapshotFrom<typeof threadTriageMachine>;
type Options = ModelTestOptions<typeof threadTriageMachine, ModelEvent, System>;

const send = ({ actor }: System, event: ThreadTriageEvent) => actor.send(event);
const resolveWith = (id: CallId) => (system: System, event: { output: unknown }) => settle(system, id, (call) => call.resolve(event.output));
const rejectWith = (id: CallId) => (system: System, event: { error: unknown }) => settle(system, id, (call) => call.reject(event.error));

const eventExecutors: Options["eventExecutors"] = {
  "triage.refresh": send,
  "triage.retry": send,
  "triage.claim": send,
  "triage.takeOver": send,
  "takeOver.confirm": send,
  "takeOver.cancel": send,
  "triage.release": send,
  "triage.setState": send,
  "triage.undo": send,
  "triage.comment.focus": send,
  "resolution.start": send,
  "resolution.edit": send,
  "resolution.cancel": send,
  "comment.edit": send,
  "comment.send": send,
  "panel.close": send,
  [HEARTBEAT]: ({ clock }: System) => clock.increment(30_000),
  "xstate.done.actor.load": resolveWith("load"),
  "xstate.error.actor.load": rejectWith("load"),
  "xstate.done.actor.reload": resolveWith("reload"),
  "xstate.error.actor.reload": rejectWith("reload"),
  "xstate.done.actor.claim": resolveWith("claim"),
  "xstate.error.actor.claim": rejectWith("claim"),
  "xstate.done.actor.renew": resolveWith("renew"),
  "xstate.error.actor.renew": rejectWith("renew"),
  "xstate.done.actor.release": resolveWith("release"),
  "xstate.error.actor.release": rejectWith("release"),
  "xstate.done.actor.setState": resolveWith("setState"),
  "xstate.error.actor.setState": rejectWith("setState"),
  "xstate.done.actor.comment": resolveWith("comment"),
  "xstate.error.actor.comment": rejectWith("comment"),
};

const done = <Id extends CallId>(id: Id, output: unknown) => ({ type: `xstate.done.actor.${id}`, actorId: id, output }) as ModelEvent;
const failed = <Id extends CallId>(id: Id, error: Failure) => ({ type: `xstate.error.actor.${id}`, actorId: id, error }) as ModelEvent;

/** The actor is where the model says, with the same facts. */
function sameAsModel(system: System, model: TriageSnapshot) {
  const snapshot = system.actor.getSnapshot();
  expect(snapshot.value).toEqual(model.value);
  expect(snapshot.context).toEqual(model.context);
}

const inFlight = (system: System, id: CallId) => open(system, id).map((call) => call.input);

/** What every state of every region must show: the model's state and context, and exactly the calls it runs. */
const stateAssertions: Record<string, (system: System, model: TriageSnapshot) => unknown> = {
  loading: (system, model) => {
    sameAsModel(system, model);
    expect(inFlight(system, "load")).toEqual([THREAD]);
  },
  failed: (system, model) => {
    sameAsModel(system, model);
    expect(model.context.loadError).toEqual({ code: "unexpected", status: 500 });
    expect(open(system)).toEqual([]);
  },
  ready: (system, model) => {
    sameAsModel(system, model);
    // the server's clock is 2 min ahead: ages are measured on it
    expect(model.context.clockOffsetMs).toBe(120_000);
    expect(inFlight(system, "load")).toEqual([]);
  },
  "ready.sync.idle": (system) => expect(inFlight(system, "reload")).toEqual([]),
  "ready.sync.reloading": (system) => expect(inFlight(system, "reload")).toEqual([THREAD]),
  "ready.claim.none": (system, model) => {
    expect(model.context.claim).toBeNull();
    expect(open(system).filter((call) => ["claim", "renew", "release"].includes(call.id))).toEqual([]);
  },
  "ready.claim.claiming": (system, model) => {
    expect(inFlight(system, "claim")).toEqual([{ thread: THREAD, takeOver: model.context.takingOver }]);
  },
  "ready.claim.held": (system, model) => {
    expect(model.context.claim?.mine).toBe(true);
    expect(inFlight(system, "claim")).toEqual([]);
  },
  "ready.claim.held.waiting": (system) => expect(inFlight(system, "renew")).toEqual([]),
  "ready.claim.held.renewing": (system) => expect(inFlight(system, "renew")).toEqual([THREAD]),
  "ready.claim.lost": (system, model) => {
    expect(model.context.claim?.mine ?? false).toBe(false);
    expect(open(system).filter((call) => ["claim", "renew", "release"].includes(call.id))).toEqual([]);
  },
  "ready.claim.heldByOther": (system, model) => {
    expect(model.context.claim).toEqual(ionsClaim);
    expect(open(system).filter((call) => ["claim", "renew", "release"].includes(call.id))).toEqual([]);
  },
  "ready.claim.releasing": (system) => expect(inFlight(system, "release")).toEqual([THREAD]),
  "ready.state.idle": (system, model) => {
    expect(model.context.stateChange).toBeNull();
    expect(inFlight(system, "setState")).toEqual([]);
  },
  "ready.state.resolving": (system) => expect(inFlight(system, "setState")).toEqual([]),
  "ready.state.saving": (system, model) => {
    const { state, note } = model.context.stateChange!;
    expect(inFlight(system, "setState")).toEqual([{ thread: THREAD, request: { state, note } }]);
  },
  "ready.comment.editing": (system, model) => {
    expect(model.context.commentKey).toBeNull();
    expect(inFlight(system, "comment")).toEqual([]);
  },
  "ready.comment.sending": (system, model) => {
    // one call, with the key made for this draft (the first send's), whatever a second send brought
    expect(inFlight(system, "comment")).toEqual([{ thread: THREAD, text: model.context.commentDraft, idempotencyKey: model.context.commentKey }]);
  },
  "ready.comment.failed": (system, model) => {
    expect(model.context.commentDraft).not.toBe("");
    expect(model.context.commentKey).not.toBeNull();
    expect(inFlight(system, "comment")).toEqual([]);
  },
};

function setUp(): System {
  const system = { clock: new SimulatedClock(), calls: [], abandoned: [], focusRequests: 0 } as Omit<System, "actor"> & Partial<System>;
  system.actor = start(system);
  return system as System;
}

const regionFacts = ({ context }: TriageSnapshot) => [
  context.claim === null ? null : context.claim.mine ? "mine" : context.claim.holder,
  context.claimError?.status ?? null,
  context.takingOver,
  context.review?.state ?? null,
  context.review?.resolutionNote ?? null,
  context.undoTo,
  context.stateChange,
  context.stateError?.status ?? null,
  context.resolutionDraft !== "",
  context.commentDraft,
  context.commentKey,
  context.commentError?.status ?? null,
  context.timeline.length,
  context.loadError?.code ?? null,
];

const reached = new Set<string>();

function explore(name: string, events: (snapshot: TriageSnapshot) => ModelEvent[]) {
  describe(`${threadTriageMachine.id} model: ${name}`, () => {
    const paths = testEveryShortestPath({
      machine: threadTriageMachine,
      input: THREAD,
      events,
      setUp,
      eventExecutors,
      stateAssertions,
      distinguish: regionFacts,
      describeEvent: (event) => ("state" in event ? `${event.type}(${event.state})` : event.type),
    });
    for (const path of paths) reached.add(JSON.stringify(path.state.value));
  });
}

const loads: ModelEvent[] = [done("load", loaded(null)), failed("load", serverError), { type: "triage.retry" }];

explore("claim", () => [
  ...loads,
  done("load", loaded(ionsClaim)),
  { type: "triage.claim" },
  { type: "triage.takeOver" },
  { type: "takeOver.confirm" },
  { type: "takeOver.cancel" },
  { type: "triage.release" },
  { type: HEARTBEAT },
  done("claim", mineClaim),
  failed("claim", { status: 409, code: "claim_held", claim: ionsClaim }),
  failed("claim", serverError),
  done("renew", mineClaim),
  failed("renew", { status: 409, code: "claim_lost", claim: ionsClaim }),
  failed("renew", { status: 409, code: "claim_lost", claim: null }),
  failed("renew", networkError),
  done("release", undefined),
  failed("release", serverError),
  done("reload", loaded(ionsClaim)),
  done("reload", loaded(null)),
]);

explore("review state", (snapshot) => {
  const change = snapshot.context.stateChange;
  return [
    ...loads,
    { type: "triage.setState", state: "in_progress" },
    { type: "triage.setState", state: "new" },
    { type: "resolution.start" },
    { type: "resolution.edit", note: "Called the observer" },
    { type: "resolution.cancel" },
    { type: "triage.setState", state: "resolved", note: snapshot.context.resolutionDraft },
    { type: "triage.undo" },
    done("setState", review(change?.state ?? "new", change?.state === "resolved" ? change.note || null : null)),
    failed("setState", serverError),
  ];
});

explore("comment", (snapshot) => [
  ...loads,
  { type: "comment.edit", text: "Lawyer on the way" },
  { type: "comment.edit", text: "" },
  { type: "comment.send", key: "key-first-send" },
  { type: "comment.send", key: "key-second-send" },
  { type: "triage.comment.focus" },
  { type: "triage.refresh" },
  done("reload", loaded(null, "new", snapshot.context.timeline.some((entry) => entry.id === comment.id) ? [answers, comment] : [answers])),
  done("comment", comment),
  failed("comment", networkError),
]);

describe(`${threadTriageMachine.id} model coverage`, () => {
  it("reaches every state of every region", () => {
    const values = [...reached].join("\n");
    for (const leaf of ['"failed"', '"none"', '"claiming"', '"waiting"', '"renewing"', '"lost"', '"offered"', '"confirming"', '"releasing"']) {
      expect(values).toContain(leaf);
    }
    for (const leaf of ['"resolving"', '"saving"', '"sending"', '"reloading"']) expect(values).toContain(leaf);
    expect(values).toContain('"comment":"failed"');
  });
});

describe(`${threadTriageMachine.id} behaviour`, () => {
  async function ready(claim: ThreadClaim | null = null) {
    const system = setUp();
    await settle(system, "load", (call) => call.resolve(loaded(claim)));
    return system;
  }

  it("releases a held claim fire-and-forget when the panel closes, and nothing when it holds none", async () => {
    const free = await ready();
    free.actor.send({ type: "panel.close" });
    expect(free.abandoned).toEqual([]);

    const holding = await ready(mineClaim);
    expect(holding.actor.getSnapshot().matches({ ready: { claim: "held" } })).toBe(true);
    holding.actor.send({ type: "panel.close" });
    expect(holding.abandoned).toEqual([THREAD]);
  });

  it("asks the view to focus the comment box, whatever the other regions do", async () => {
    const system = await ready(ionsClaim);
    system.actor.send({ type: "triage.comment.focus" });
    expect(system.focusRequests).toBe(1);
    expect(system.actor.getSnapshot().context.commentDraft).toBe("");
  });

  it("renews every 30 s while held and stops renewing once the claim is lost", async () => {
    const system = await ready(mineClaim);
    system.clock.increment(29_999);
    expect(inFlight(system, "renew")).toEqual([]);
    system.clock.increment(1);
    await settle(system, "renew", (call) => call.resolve(mineClaim));
    system.clock.increment(30_000);
    await settle(system, "renew", (call) => call.reject({ status: 409, code: "claim_lost", claim: ionsClaim }));
    expect(system.actor.getSnapshot().context.claim).toEqual(ionsClaim);
    system.clock.increment(120_000);
    expect(inFlight(system, "renew")).toEqual([]);
  });

  it("keeps a draft comment and its key through a refresh, and sends the same key again after a failure", async () => {
    const system = await ready();
    system.actor.send({ type: "comment.edit", text: "Lawyer on the way" });
    system.actor.send({ type: "comment.send", key: "key-1" });
    system.actor.send({ type: "comment.send", key: "key-2" });
    expect(inFlight(system, "comment")).toEqual([{ thread: THREAD, text: "Lawyer on the way", idempotencyKey: "key-1" }]);
    await settle(system, "comment", (call) => call.reject(networkError));
    system.actor.send({ type: "triage.refresh" });
    await settle(system, "reload", (call) => call.resolve(loaded(null)));
    expect(system.actor.getSnapshot().context.commentDraft).toBe("Lawyer on the way");
    system.actor.send({ type: "comment.send", key: "key-3" });
    expect(inFlight(system, "comment")).toEqual([{ thread: THREAD, text: "Lawyer on the way", idempotencyKey: "key-1" }]);
  });

  it("undoes back to the state before the panel's last change, once", async () => {
    const system = await ready();
    system.actor.send({ type: "triage.setState", state: "in_progress" });
    await settle(system, "setState", (call) => call.resolve(review("in_progress")));
    system.actor.send({ type: "triage.undo" });
    expect(inFlight(system, "setState")).toEqual([{ thread: THREAD, request: { state: "new", note: "" } }]);
    await settle(system, "setState", (call) => call.resolve(review("new")));
    expect(system.actor.getSnapshot().context.undoTo).toBeNull();
    system.actor.send({ type: "triage.undo" });
    expect(inFlight(system, "setState")).toEqual([]);
  });
});
