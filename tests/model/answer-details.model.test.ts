import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor, type DoneActorEvent, type ErrorActorEvent, type SnapshotFrom } from "xstate";
import { detailsMachine, type DetailsEvent } from "../../src/features/answers/details/details.machine";
import type { AnsweredForms, FullForm, Note, StationFacts, Thread } from "../../src/features/answers/details/details.types";
import { testEveryShortestPath, type ModelTestOptions } from "../support/model";

/*
 * The answer details pane's statechart replayed on a real actor whose loads wait for the path to say how they end.
 * Each state asserts what the pane holds (answers, tabs, notes, station facts and their own error flag, the selected
 * form) and what is in flight: one call per running load for the thread shown, and every call of a state left
 * behind (another thread, a failure) aborted.
 */

type ModelEvent =
  | DetailsEvent
  | DoneActorEvent<AnsweredForms, "answers">
  | ErrorActorEvent<{ status: number }, "answers">
  | DoneActorEvent<Note[], "notes">
  | ErrorActorEvent<{ status: number }, "notes">
  | DoneActorEvent<StationFacts | null, "station">
  | ErrorActorEvent<{ status: number }, "station">
  | DoneActorEvent<FullForm, "form">
  | ErrorActorEvent<{ status: number }, "form">;

type LoadId = "answers" | "notes" | "station" | "form";

interface Call {
  id: LoadId;
  input: unknown;
  signal: AbortSignal;
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
  settled?: true;
}

interface System {
  actor: ReturnType<typeof start>;
  calls: Call[];
  /** Full forms handed to the forms store, by id, in order. */
  storedForms: number[];
}

const THREAD_A: Thread = { observerId: 3, pollingStationId: 40 };
const THREAD_B: Thread = { observerId: 5, pollingStationId: 41 };

function start(system: Omit<System, "actor">) {
  function pending<Output, Input>(id: LoadId) {
    return fromPromise<Output, Input>(
      ({ input, signal }) =>
        new Promise<Output>((resolve, reject) =>
          system.calls.push({ id, input, signal, resolve: (output) => resolve(output as Output), reject }),
        ),
    );
  }
  const logic = detailsMachine.provide({
    actors: {
      loadAnswers: pending<AnsweredForms, Thread>("answers"),
      loadNotes: pending<Note[], Thread>("notes"),
      loadStation: pending<StationFacts | null, Thread>("station"),
      loadForm: pending<FullForm, { formId: number }>("form"),
    },
    actions: { formLoaded: (_, { form }) => system.storedForms.push(form.id) },
  });
  return createActor(logic, { input: THREAD_A }).start();
}

const open = (system: System, id?: LoadId) => system.calls.filter((call) => !call.settled && !call.signal.aborted && (!id || call.id === id));

function takeOpen(system: System, id: LoadId): Call {
  const calls = open(system, id);
  if (calls.length !== 1) throw new Error(`expected one ${id} call in flight, found ${calls.length}`);
  calls[0]!.settled = true;
  return calls[0]!;
}

/** Settles the one call in flight and waits for the actor to take its answer. */
async function settle(system: System, id: LoadId, settleCall: (call: Call) => void) {
  const before = system.actor.getSnapshot();
  settleCall(takeOpen(system, id));
  await waitFor(system.actor, (snapshot) => snapshot !== before);
}

const question = (id: number, formId: number) => ({
  id,
  code: `Q${id}`,
  text: `Question ${id}`,
  questionType: 0 as const,
  formId,
  formCode: `F${formId}`,
  answers: [{ idOption: id * 10, text: "Yes", isFreeText: false, value: null, flagged: id === 2, formCode: `F${formId}` }],
});
const twoForms: AnsweredForms = {
  questions: [question(1, 1), question(2, 2)],
  forms: [{ id: 1, code: "F1", description: "Opening", currentVersion: 1, diaspora: false, draft: false, order: 1, questionCount: 1 }],
};
const nothingAnswered: AnsweredForms = { questions: [], forms: [] };
const notes: Note[] = [{ id: 7, text: "Door locked", questionId: 1, formId: 1, formCode: "F1", lastModified: "2026-11-22T06:00:00Z", attachmentPath: null, attachments: [] }];
const facts: StationFacts = {
  lastModified: "2026-11-22T18:00:00Z",
  observerArrivalTime: "2026-11-22T05:45:00Z",
  observerLeaveTime: null,
  urbanArea: true,
  isPollingStationPresidentFemale: null,
};
const fullForm = (id: number): FullForm => ({ ...twoForms.forms[0]!, id, code: `F${id}`, formSections: [] });
const failure = { status: 500 };

type DetailsSnapshot = SnapshotFrom<typeof detailsMachine>;

function events(snapshot: DetailsSnapshot): ModelEvent[] {
  const formId = snapshot.context.selectedFormId ?? 0;
  return [
    { type: "thread.change", thread: THREAD_B },
    { type: "details.retry" },
    { type: "form.select", formId: 1 },
    { type: "form.select", formId: 2 },
    { type: "form.retry" },
    { type: "xstate.done.actor.answers", actorId: "answers", output: twoForms },
    { type: "xstate.done.actor.answers", actorId: "answers", output: nothingAnswered },
    { type: "xstate.error.actor.answers", actorId: "answers", error: failure },
    { type: "xstate.done.actor.notes", actorId: "notes", output: notes },
    { type: "xstate.error.actor.notes", actorId: "notes", error: failure },
    { type: "xstate.done.actor.station", actorId: "station", output: facts },
    { type: "xstate.done.actor.station", actorId: "station", output: null },
    { type: "xstate.error.actor.station", actorId: "station", error: failure },
    { type: "xstate.done.actor.form", actorId: "form", output: fullForm(formId) },
    { type: "xstate.error.actor.form", actorId: "form", error: failure },
  ];
}

type Options = ModelTestOptions<typeof detailsMachine, ModelEvent, System>;

const send = ({ actor }: System, event: DetailsEvent) => actor.send(event);
const resolveWith = (id: LoadId) => (system: System, event: { output: unknown }) => settle(system, id, (call) => call.resolve(event.output));
const rejectWith = (id: LoadId) => (system: System, event: { error: unknown }) => settle(system, id, (call) => call.reject(event.error));

const eventExecutors: Options["eventExecutors"] = {
  "thread.change": send,
  "details.retry": send,
  "form.select": send,
  "form.retry": send,
  "xstate.done.actor.answers": resolveWith("answers"),
  "xstate.error.actor.answers": rejectWith("answers"),
  "xstate.done.actor.notes": resolveWith("notes"),
  "xstate.error.actor.notes": rejectWith("notes"),
  "xstate.done.actor.station": resolveWith("station"),
  "xstate.error.actor.station": rejectWith("station"),
  "xstate.done.actor.form": resolveWith("form"),
  "xstate.error.actor.form": rejectWith("form"),
};

/** The actor is where the model says, with the same facts. */
function sameAsModel(system: System, model: DetailsSnapshot) {
  const snapshot = system.actor.getSnapshot();
  expect(snapshot.value).toEqual(model.value);
  expect(snapshot.context).toEqual(model.context);
}

const stateAssertions: Record<string, (system: System, model: DetailsSnapshot) => unknown> = {
  loading: (system, model) => {
    sameAsModel(system, model);
    expect(system.actor.getSnapshot().hasTag("busy")).toBe(true);
    expect(open(system, "form")).toEqual([]);
    for (const id of ["answers", "notes", "station"] as const) {
      const running = model.matches({ loading: { [id]: "pending" } });
      // one call per running load, for the thread shown; the calls of a thread left behind were aborted
      expect(open(system, id).map((call) => call.input)).toEqual(running ? [model.context.thread] : []);
    }
  },
  loaded: (system, model) => {
    sameAsModel(system, model);
    expect(open(system).filter((call) => call.id !== "form")).toEqual([]);
    // the station facts' failure is only a flag: the answers are shown
    expect(model.context.error).toBeNull();
  },
  "loaded.noForms": (system, model) => {
    expect(model.context.questions).toEqual([]);
    expect(open(system, "form")).toEqual([]);
  },
  "loaded.loadingForm": (system, model) => {
    expect(open(system, "form").map((call) => call.input)).toEqual([{ formId: model.context.selectedFormId }]);
  },
  "loaded.formShown": (system, model) => {
    expect(system.storedForms.at(-1)).toBe(model.context.selectedFormId);
    expect(open(system, "form")).toEqual([]);
  },
  "loaded.formFailed": (system, model) => {
    expect(model.context.formError).toEqual({ code: "unexpected", status: 500 });
    expect(open(system, "form")).toEqual([]);
  },
  failed: (system, model) => {
    sameAsModel(system, model);
    expect(model.context.error).toEqual({ code: "unexpected", status: 500 });
    // a failure of the answers or the notes stops the other loads
    expect(open(system)).toEqual([]);
  },
};

const reachedStates = new Set<string>();

describe(`${detailsMachine.id} model`, () => {
  const paths = testEveryShortestPath({
    machine: detailsMachine,
    input: THREAD_A,
    events,
    setUp: () => {
      const parts = { calls: [], storedForms: [] };
      return { ...parts, actor: start(parts) };
    },
    eventExecutors,
    stateAssertions,
    // What a path must tell apart: where it is, which thread, what loaded and what failed (not the payloads' details).
    distinguish: ({ context }) => [
      context.thread.observerId,
      context.questions.length,
      context.notes.length,
      context.station === null ? null : "facts",
      context.stationError?.code ?? null,
      context.error?.code ?? null,
      context.selectedFormId,
      context.formError?.code ?? null,
    ],
  });
  for (const path of paths) reachedStates.add(JSON.stringify(path.state.value));
});

describe(`${detailsMachine.id} model coverage`, () => {
  it("reaches every resting state of the pane", () => {
    const leaves = [...reachedStates].map((value) => JSON.parse(value) as unknown);
    expect(leaves).toContainEqual("failed");
    expect(leaves).toContainEqual({ loaded: "noForms" });
    expect(leaves).toContainEqual({ loaded: "loadingForm" });
    expect(leaves).toContainEqual({ loaded: "formShown" });
    expect(leaves).toContainEqual({ loaded: "formFailed" });
    expect(leaves).toContainEqual({ loading: { answers: "settled", notes: "settled", station: "pending" } });
  });
});
