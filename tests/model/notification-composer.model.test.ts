import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor, type DoneActorEvent, type ErrorActorEvent, type SnapshotFrom } from "xstate";
import {
  notificationComposerMachine,
  type Candidate,
  type ComposerEvent,
  type SearchCriteria,
  type SendRequest,
  type SendResult,
} from "../../src/features/notifications/notification-composer.machine";
import * as composer from "../../src/features/notifications/notification-composer.selectors";
import { testEveryShortestPath, type ModelTestOptions } from "../support/model";

/*
 * The composer statechart replayed on a real actor whose requests the path answers: every state asserts what the view
 * reads (draft, criteria, cards, selection, the three numbers, the alert) and which requests are in flight, so a path
 * also proves that a county change abandons a search, that a send is never asked twice while it runs, and that a
 * retry carries the Idempotency-Key of the first attempt.
 */

type ModelEvent =
  | ComposerEvent
  | DoneActorEvent<Candidate[], "loadChosen">
  | ErrorActorEvent<{ status: number }, "loadChosen">
  | DoneActorEvent<Candidate[], "search">
  | ErrorActorEvent<{ status: number }, "search">
  | DoneActorEvent<SendResult, "send">
  | ErrorActorEvent<{ status: number }, "send">;

interface Pending<Input, Output> {
  input: Input;
  resolve: (output: Output) => void;
  reject: (error: unknown) => void;
  signal: AbortSignal;
  settled?: true;
}

interface System {
  actor: ReturnType<typeof start>;
  chosen: Pending<{ ids: number[] }, Candidate[]>[];
  searches: Pending<SearchCriteria, Candidate[]>[];
  sends: Pending<SendRequest, SendResult>[];
}

const ANA: Candidate = { id: 1, name: "Ana Pop", phone: "0722000001", lastSeen: null, pollingStations: null, reachable: true };
const BOGDAN: Candidate = { id: 2, name: "Bogdan Ionescu", phone: "0722000002", lastSeen: null, pollingStations: ["CJ 16"], reachable: false };
const CLUJ_ANA: Candidate = { ...ANA, pollingStations: ["CJ 15"] };
const RESULT: SendResult = { id: 31, recipients: 2, reachable: 1, notReachable: 1, provider: "outbox" };

function pendingOf<Input, Output>(into: Pending<Input, Output>[]) {
  return fromPromise<Output, Input>(({ input, signal }) => new Promise((resolve, reject) => into.push({ input, resolve, reject, signal })));
}

function start(system: Omit<System, "actor">) {
  const actors = { loadChosen: pendingOf(system.chosen), search: pendingOf(system.searches), send: pendingOf(system.sends) };
  return createActor(notificationComposerMachine.provide({ actors }), { input: { observerIds: [1] } }).start();
}

const inFlight = <Input, Output>(pending: Pending<Input, Output>[]) => pending.filter((request) => !request.signal.aborted && !request.settled);

function settleOne<Input, Output>(pending: Pending<Input, Output>[]): Pending<Input, Output> {
  const [request, ...others] = inFlight(pending);
  if (!request || others.length > 0) throw new Error(`expected one request in flight, found ${inFlight(pending).length}`);
  request.settled = true;
  return request;
}

const idle = (system: System) => waitFor(system.actor, (snapshot) => !snapshot.hasTag("busy") && !snapshot.hasTag("searching"));

const FAILURES = { network: { status: 0 }, refused: { status: 403 }, server: { status: 503 } };

const allEvents: ModelEvent[] = [
  { type: "xstate.done.actor.loadChosen", actorId: "loadChosen", output: [ANA] },
  { type: "xstate.error.actor.loadChosen", actorId: "loadChosen", error: FAILURES.network },
  { type: "draft.change", field: "title", value: "Station 15 is closed" },
  { type: "draft.change", field: "message", value: "Go to station 16." },
  { type: "county.change", countyCode: "CJ" },
  { type: "search.submit" },
  { type: "search.reset" },
  { type: "xstate.done.actor.search", actorId: "search", output: [CLUJ_ANA, BOGDAN] },
  { type: "xstate.error.actor.search", actorId: "search", error: FAILURES.server },
  { type: "selection.selectAll" },
  { type: "selection.clear" },
  { type: "send.selected" },
  { type: "send.all" },
  { type: "send.confirm" },
  { type: "send.cancel" },
  { type: "xstate.done.actor.send", actorId: "send", output: RESULT },
  { type: "xstate.error.actor.send", actorId: "send", error: FAILURES.network },
  { type: "xstate.error.actor.send", actorId: "send", error: FAILURES.refused },
  { type: "send.retry" },
  { type: "compose.edit" },
  { type: "compose.new" },
];

/**
 * The draft is written title first, then message, and one county is chosen once: the other orders reach no state
 * these do not, and would multiply the paths by the contexts they make.
 */
function events({ context }: SnapshotFrom<typeof notificationComposerMachine>): ModelEvent[] {
  return allEvents.filter((event) => {
    if (event.type === "draft.change") return event.field === "title" ? context.draft.title === "" : context.draft.title !== "" && context.draft.message === "";
    if (event.type === "county.change") return context.criteria.countyCode === null;
    return true;
  });
}

type Options = ModelTestOptions<typeof notificationComposerMachine, ModelEvent, System>;
type ComposerSnapshot = SnapshotFrom<typeof notificationComposerMachine>;

/** The key of the send in flight before a retry: the retried request must carry it again. */
const lastKey = new WeakMap<System, string>();

const eventExecutors: Options["eventExecutors"] = {
  "xstate.done.actor.loadChosen": async (system, { output }) => {
    settleOne(system.chosen).resolve(output);
    await idle(system);
  },
  "xstate.error.actor.loadChosen": async (system, { error }) => {
    settleOne(system.chosen).reject(error);
    await idle(system);
  },
  "xstate.done.actor.search": async (system, { output }) => {
    settleOne(system.searches).resolve(output);
    await idle(system);
  },
  "xstate.error.actor.search": async (system, { error }) => {
    settleOne(system.searches).reject(error);
    await idle(system);
  },
  "xstate.done.actor.send": async (system, { output }) => {
    settleOne(system.sends).resolve(output);
    await idle(system);
  },
  "xstate.error.actor.send": async (system, { error }) => {
    const send = settleOne(system.sends);
    lastKey.set(system, send.input.idempotencyKey);
    send.reject(error);
    await idle(system);
  },
  "draft.change": ({ actor }, event) => actor.send(event),
  "county.change": ({ actor }, event) => actor.send(event),
  "stations.change": ({ actor }, event) => actor.send(event),
  "search.submit": ({ actor }, event) => actor.send(event),
  "search.reset": ({ actor }, event) => actor.send(event),
  "selection.toggle": ({ actor }, event) => actor.send(event),
  "selection.selectAll": ({ actor }, event) => actor.send(event),
  "selection.clear": ({ actor }, event) => actor.send(event),
  "send.selected": ({ actor }, event) => actor.send(event),
  "send.all": ({ actor }, event) => actor.send(event),
  "send.confirm": (system, event) => {
    system.actor.send(event);
    // A second confirm (a double click) while the first runs asks nothing more.
    system.actor.send(event);
  },
  "send.cancel": ({ actor }, event) => actor.send(event),
  "send.retry": (system, event) => {
    system.actor.send(event);
    expect(inFlight(system.sends).map((send) => send.input.idempotencyKey)).toEqual([lastKey.get(system)]);
  },
  "compose.edit": ({ actor }, event) => actor.send(event),
  "compose.new": ({ actor }, event) => actor.send(event),
};

/** What the view reads, the same on the system as in the model (the key aside: it is random, only its presence counts). */
function assertView({ actor }: System, model: ComposerSnapshot) {
  const snapshot = actor.getSnapshot();
  expect(composer.selectDraft(snapshot)).toEqual(model.context.draft);
  expect(composer.selectCriteria(snapshot)).toEqual(model.context.criteria);
  expect(composer.selectFound(snapshot)).toEqual(model.context.found);
  expect(composer.selectSelection(snapshot)).toEqual(model.context.selection);
  expect(composer.selectSelectedReach(snapshot)).toEqual(composer.selectSelectedReach(model));
  expect(composer.selectIsIncomplete(snapshot)).toBe(composer.selectIsIncomplete(model));
  expect(composer.selectCanSendSelected(snapshot)).toBe(composer.selectCanSendSelected(model));
  expect(snapshot.context.idempotencyKey !== null).toBe(model.context.idempotencyKey !== null);
  return snapshot;
}

const stateAssertions: Options["stateAssertions"] = {
  loadingChosen: (system, model) => {
    assertView(system, model);
    expect(inFlight(system.chosen).map((request) => request.input)).toEqual([{ ids: [1] }]);
  },
  editing: (system, model) => {
    const snapshot = assertView(system, model);
    expect(snapshot.matches("editing")).toBe(true);
    expect(composer.selectLoadError(snapshot)).toEqual(model.context.loadError);
    expect(inFlight(system.sends)).toEqual([]);
  },
  "editing.search.searching": (system, model) => {
    expect(inFlight(system.searches).map((request) => request.input)).toEqual([model.context.criteria]);
  },
  "editing.search.idle": (system) => {
    expect(inFlight(system.searches)).toEqual([]);
  },
  "editing.search.failed": (system) => {
    expect(inFlight(system.searches)).toEqual([]);
    expect(composer.selectLoadError(system.actor.getSnapshot())).toEqual({ code: "unexpected", status: 503 });
  },
  confirming: (system, model) => {
    const snapshot = assertView(system, model);
    expect(composer.selectIsConfirming(snapshot)).toBe(true);
    expect(snapshot.context.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    expect(inFlight(system.sends)).toEqual([]);
  },
  sending: (system, model) => {
    const snapshot = assertView(system, model);
    const { draft, audience, selection, idempotencyKey } = snapshot.context;
    expect(inFlight(system.sends).map((send) => send.input)).toEqual([
      { title: draft.title.trim(), message: draft.message.trim(), audience, recipients: audience === "all" ? [] : selection, idempotencyKey },
    ]);
  },
  sent: (system, model) => {
    const snapshot = assertView(system, model);
    expect(composer.selectResult(snapshot)).toEqual(RESULT);
  },
  failed: (system, model) => {
    const snapshot = assertView(system, model);
    expect(composer.selectSendError(snapshot)).toEqual(model.context.sendError);
    expect(composer.selectCanRetry(snapshot)).toBe(composer.selectCanRetry(model));
  },
};

describe(notificationComposerMachine.id, () => {
  const paths = testEveryShortestPath({
    machine: notificationComposerMachine,
    input: { observerIds: [1] },
    events,
    coverage: "states",
    // Everything but the key, which is random: only whether there is one tells states apart.
    distinguish: ({ context }: ComposerSnapshot) => ({ ...context, idempotencyKey: context.idempotencyKey !== null }),
    setUp: () => {
      const system = { chosen: [], searches: [], sends: [] };
      return { ...system, actor: start(system) };
    },
    eventExecutors,
    stateAssertions,
    describeEvent: (event) => ("field" in event ? `${event.type}(${event.field})` : event.type),
  });

  it("has paths to every state, a refused and a retried send among them", () => {
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    expect([...reached].sort()).toEqual(
      [
        "confirming",
        "failed",
        "loadingChosen",
        "sending",
        "sent",
        ...["idle", "searching", "failed"].flatMap((search) =>
          ["unchecked", "incomplete"].map((validation) => ({ editing: { search, validation } })),
        ),
      ]
        .map((value) => JSON.stringify(value))
        .sort(),
    );
    const endings = paths.map((path) => path.steps.map((step) => step.event.type).join(" "));
    expect(endings.some((events) => / xstate\.error\.actor\.send send\.retry xstate\.done\.actor\.send$/.test(events))).toBe(true);
    expect(paths.some((path) => path.state.matches("failed") && path.state.context.sendError?.status === 403)).toBe(true);
  });
});
