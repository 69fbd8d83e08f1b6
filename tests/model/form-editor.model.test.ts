import { describe, expect, it } from "vitest";
import { createActor, fromCallback, fromPromise, waitFor, type DoneActorEvent, type ErrorActorEvent, type SnapshotFrom } from "xstate";
import type { FormDocument } from "../../src/features/forms/editor/form-document";
import {
  formEditorMachine,
  type FormEditorEvent,
  type SavedForm,
  type SaveFormInput,
  type WorkingCopy,
  type WorkingCopyEvent,
} from "../../src/features/forms/editor/form-editor.machine";
import type { AnswerCounts } from "../../src/features/forms/editor/form-answer-counts";
import { selectDocument, selectIsBusy, selectIsConflict, selectIsDirty, selectStoredCopy } from "../../src/features/forms/editor/form-editor.selectors";
import { testEveryShortestPath, type ModelTestOptions } from "../support/model";

/*
 * The form editor's statechart replayed on a real actor whose load and save wait for the path to say how they end.
 * Each state asserts what the editor screen reads (busy, dirty, the conflict, the offered working copy) and what
 * the actor sent: the save's draft flag and base version, and the working copy kept or forgotten.
 */

const serverForm: FormDocument = {
  code: "B",
  description: "Form B",
  diaspora: false,
  sections: [{ key: "s11", id: 11, code: "B1", description: "Voting", questions: [] }],
};
const copy: WorkingCopy = { baseVersion: 3, document: { ...serverForm, description: "Form B (unsaved)" } };
const loaded: SavedForm = { id: 2, version: 3, published: true, document: serverForm };
const newer: SavedForm = { id: 2, version: 5, published: true, document: { ...serverForm, description: "Form B (theirs)" } };
const answerCounts: AnswerCounts = { question: () => 4, option: () => 2 };

type ModelEvent =
  | FormEditorEvent
  | DoneActorEvent<SavedForm, "load">
  | ErrorActorEvent<{ status: number; code: string }, "load">
  | DoneActorEvent<SavedForm, "save">
  | ErrorActorEvent<{ status: number; code: string }, "save">
  | DoneActorEvent<SavedForm, "adopt">
  | DoneActorEvent<AnswerCounts, "counts">
  | ErrorActorEvent<{ status: number; code: string }, "counts">;

interface Pending<Input, Output = SavedForm> {
  input: Input;
  resolve: (output: Output) => void;
  reject: (error: unknown) => void;
  settled?: true;
}

interface System {
  editor: ReturnType<typeof start>;
  loads: Pending<{ id: number }>[];
  saves: Pending<SaveFormInput>[];
  counts: Pending<{ id: number }, AnswerCounts>[];
  copyEvents: WorkingCopyEvent[];
}

function start(system: Omit<System, "editor">) {
  const logic = formEditorMachine.provide({
    actors: {
      loadForm: fromPromise<SavedForm, { id: number }>(({ input }) => new Promise((resolve, reject) => system.loads.push({ input, resolve, reject }))),
      saveForm: fromPromise<SavedForm, SaveFormInput>(({ input }) => new Promise((resolve, reject) => system.saves.push({ input, resolve, reject }))),
      workingCopy: fromCallback<WorkingCopyEvent, { formId: number | null }>(({ receive }) => receive((event) => system.copyEvents.push(event))),
      loadAnswerCounts: fromPromise<AnswerCounts, { id: number }>(
        ({ input }) => new Promise((resolve, reject) => system.counts.push({ input, resolve, reject })),
      ),
    },
  });
  return createActor(logic, { input: { formId: 2, blank: serverForm, stored: copy } }).start();
}

function pendingOf<Input, Output>(calls: Pending<Input, Output>[]): Pending<Input, Output> {
  const open = calls.filter((call) => !call.settled);
  if (open.length !== 1) throw new Error(`expected one call in flight, found ${open.length}`);
  open[0]!.settled = true;
  return open[0]!;
}

const idle = (system: System) => waitFor(system.editor, (snapshot) => !snapshot.hasTag("busy"));
const stale = { status: 409, code: "stale_version" };
const refused = { status: 400, code: "validation" };

const events: ModelEvent[] = [
  { type: "xstate.done.actor.load", actorId: "load", output: loaded },
  { type: "xstate.error.actor.load", actorId: "load", error: { status: 503, code: "unavailable" } },
  { type: "xstate.done.actor.save", actorId: "save", output: { ...loaded, version: 4 } },
  { type: "xstate.error.actor.save", actorId: "save", error: stale },
  { type: "xstate.error.actor.save", actorId: "save", error: refused },
  { type: "xstate.done.actor.adopt", actorId: "adopt", output: newer },
  { type: "xstate.done.actor.counts", actorId: "counts", output: answerCounts },
  { type: "xstate.error.actor.counts", actorId: "counts", error: { status: 503, code: "unavailable" } },
  { type: "edit.command", command: { type: "form.set", field: "description", value: "Form B, edited" } },
  { type: "edit.command", command: { type: "form.set", field: "code", value: " " } },
  { type: "edit.undo" },
  { type: "edit.redo" },
  { type: "copy.restore" },
  { type: "copy.discard" },
  { type: "edit.discard" },
  { type: "form.saveDraft" },
  { type: "form.publish" },
  { type: "review.confirm" },
  { type: "review.cancel" },
  { type: "unpublish.confirm" },
  { type: "unpublish.cancel" },
  { type: "conflict.reload" },
  { type: "conflict.keepMine" },
  { type: "load.retry" },
];

type Options = ModelTestOptions<typeof formEditorMachine, ModelEvent, System>;

const eventExecutors: Options["eventExecutors"] = {
  "xstate.done.actor.load": async (system, { output }) => {
    pendingOf(system.loads).resolve(output);
    await idle(system);
  },
  "xstate.error.actor.load": async (system, { error }) => {
    pendingOf(system.loads).reject(error);
    await idle(system);
  },
  "xstate.done.actor.save": async (system, { output }) => {
    const save = pendingOf(system.saves);
    save.resolve({ ...output, document: save.input.document });
    await idle(system);
  },
  "xstate.error.actor.save": async (system, { error }) => {
    pendingOf(system.saves).reject(error);
    await idle(system);
  },
  "xstate.done.actor.adopt": async (system, { output }) => {
    pendingOf(system.loads).resolve(output);
    await idle(system);
  },
  "xstate.done.actor.counts": async (system, { output }) => {
    pendingOf(system.counts).resolve(output);
    await idle(system);
  },
  "xstate.error.actor.counts": async (system, { error }) => {
    pendingOf(system.counts).reject(error);
    await idle(system);
  },
  "edit.command": ({ editor }, event) => editor.send(event),
  "edit.undo": ({ editor }, event) => editor.send(event),
  "edit.redo": ({ editor }, event) => editor.send(event),
  "copy.restore": ({ editor }, event) => editor.send(event),
  "copy.discard": ({ editor }, event) => editor.send(event),
  "edit.discard": ({ editor }, event) => editor.send(event),
  "form.saveDraft": ({ editor }, event) => editor.send(event),
  "form.publish": ({ editor }, event) => editor.send(event),
  "review.confirm": ({ editor }, event) => editor.send(event),
  "review.cancel": ({ editor }, event) => editor.send(event),
  "unpublish.confirm": ({ editor }, event) => editor.send(event),
  "unpublish.cancel": ({ editor }, event) => editor.send(event),
  "conflict.reload": ({ editor }, event) => editor.send(event),
  "conflict.keepMine": ({ editor }, event) => editor.send(event),
  "load.retry": ({ editor }, event) => editor.send(event),
};

type EditorSnapshot = SnapshotFrom<typeof formEditorMachine>;
const open = <Input, Output>(calls: Pending<Input, Output>[]) => calls.filter((call) => !call.settled);

const stateAssertions: Record<string, (system: System, model: EditorSnapshot) => unknown> = {
  loading: (system) => {
    expect(selectIsBusy(system.editor.getSnapshot())).toBe(true);
    expect(open(system.loads)).toHaveLength(1);
  },
  failed: (system) => {
    expect(system.editor.getSnapshot().context.error).toMatchObject({ status: 503 });
    expect(open(system.loads)).toHaveLength(0);
  },
  editing: (system, model) => {
    const snapshot = system.editor.getSnapshot();
    expect(selectIsBusy(snapshot)).toBe(false);
    expect(selectDocument(snapshot)).toEqual(model.context.history.present);
    expect(selectIsDirty(snapshot)).toBe(JSON.stringify(model.context.history.present) !== JSON.stringify(model.context.saved));
    expect(selectStoredCopy(snapshot)).toEqual(model.context.stored);
    // the working copy follows the form shown: kept while it differs from the server's, forgotten otherwise
    const last = system.copyEvents.at(-1);
    if (last) expect(last.type).toBe(selectIsDirty(snapshot) ? "copy.keep" : "copy.forget");
    // a refused attempt shows the problems, and sends nothing
    expect(snapshot.context.showProblems).toBe(model.context.showProblems);
    expect(open(system.saves)).toHaveLength(0);
  },
  confirmingUnpublish: (system) => {
    expect(selectIsBusy(system.editor.getSnapshot())).toBe(false);
    expect(open(system.saves)).toHaveLength(0);
  },
  "reviewing.counting": (system) => {
    expect(selectIsBusy(system.editor.getSnapshot())).toBe(true);
    expect(open(system.counts).map((call) => call.input)).toEqual([{ id: 2 }]);
  },
  "reviewing.ready": (system, model) => {
    expect(selectIsBusy(system.editor.getSnapshot())).toBe(false);
    expect(system.editor.getSnapshot().context.answerCounts).toBe(model.context.answerCounts);
    expect(open(system.saves)).toHaveLength(0);
  },
  saving: (system, model) => {
    const [save] = open(system.saves);
    expect(save?.input).toMatchObject({ id: 2, baseVersion: model.context.version, draft: !model.context.publishing });
    expect(save?.input.document).toEqual(model.context.history.present);
  },
  conflict: (system, model) => {
    expect(selectIsConflict(system.editor.getSnapshot())).toBe(true);
    expect(system.editor.getSnapshot().context.error).toMatchObject({ status: 409, code: "stale_version" });
    expect(selectDocument(system.editor.getSnapshot())).toEqual(model.context.history.present);
  },
  adoptingVersion: (system) => {
    expect(selectIsBusy(system.editor.getSnapshot())).toBe(true);
    expect(open(system.loads)).toHaveLength(1);
  },
};

const reachedStates = new Set<string>();

describe(`${formEditorMachine.id} model`, () => {
  const paths = testEveryShortestPath({
    machine: formEditorMachine,
    input: { formId: 2, blank: serverForm, stored: copy },
    events,
    // The facts the screen shows, not the whole history (which grows with every edit).
    distinguish: (snapshot) => ({
      shown: selectDocument(snapshot).description,
      code: selectDocument(snapshot).code,
      saved: snapshot.context.saved.description,
      dirty: selectIsDirty(snapshot),
      stored: snapshot.context.stored !== null,
      undo: snapshot.context.history.past.length > 0,
      redo: snapshot.context.history.future.length > 0,
      version: snapshot.context.version,
      error: snapshot.context.error?.code ?? null,
      problems: snapshot.context.showProblems,
      published: snapshot.context.published,
    }),
    setUp: () => {
      const parts = { loads: [], saves: [], counts: [], copyEvents: [] };
      return { ...parts, editor: start(parts) };
    },
    eventExecutors,
    stateAssertions,
  });
  for (const path of paths) reachedStates.add(JSON.stringify(path.state.value));
});

describe(`${formEditorMachine.id} model coverage`, () => {
  it("reaches every state of the editor", () => {
    expect(reachedStates).toEqual(
      new Set([
        '"loading"',
        '"failed"',
        '"editing"',
        '"confirmingUnpublish"',
        '{"reviewing":"counting"}',
        '{"reviewing":"ready"}',
        '"saving"',
        '"conflict"',
        '"adoptingVersion"',
      ]),
    );
  });
});
