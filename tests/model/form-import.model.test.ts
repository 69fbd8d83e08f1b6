import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor, type DoneActorEvent, type ErrorActorEvent, type SnapshotFrom } from "xstate";
import { formImportMachine, type FormFile, type FormFileFill, type FormImportEvent } from "../../src/features/forms/list/form-import.machine";
import { testEveryShortestPath, type ModelTestOptions } from "../support/model";

type Imported = { id: number; filledIn: FormFileFill[] };

/*
 * The form import dialog's statechart replayed on a real actor whose file reading and import wait for the path to
 * say how they end. Each state asserts what the dialog shows (open or not, busy, the code, why it failed) and what
 * the import sent: the file as read with the code the user chose.
 */

type ModelEvent =
  | FormImportEvent
  | DoneActorEvent<FormFile | null, "read">
  | DoneActorEvent<Imported, "import">
  | ErrorActorEvent<{ status: number; code: string }, "import">;

interface Pending<Input, Output> {
  input: Input;
  resolve: (output: Output) => void;
  reject: (error: unknown) => void;
  settled?: true;
}

interface System {
  actor: ReturnType<typeof start>;
  reads: Pending<unknown, FormFile | null>[];
  imports: Pending<{ body: Record<string, unknown> }, Imported>[];
  imported: Imported[];
}

function start(system: Omit<System, "actor">) {
  const logic = formImportMachine.provide({
    actors: {
      readFile: fromPromise<FormFile | null, { file: Blob & { name: string } }>(
        ({ input }) => new Promise((resolve, reject) => system.reads.push({ input, resolve, reject })),
      ),
      importForm: fromPromise<Imported, { body: Record<string, unknown> }>(
        ({ input }) => new Promise((resolve, reject) => system.imports.push({ input, resolve, reject })),
      ),
    },
    actions: { onImported: (_, imported) => system.imported.push(imported) },
  });
  return createActor(logic).start();
}

function pendingOf<Input, Output>(calls: Pending<Input, Output>[]): Pending<Input, Output> {
  const open = calls.filter((call) => !call.settled);
  if (open.length !== 1) throw new Error(`expected one call in flight, found ${open.length}`);
  open[0]!.settled = true;
  return open[0]!;
}
const open = <Input, Output>(calls: Pending<Input, Output>[]) => calls.filter((call) => !call.settled);
const idle = (system: System) => waitFor(system.actor, (snapshot) => !snapshot.hasTag("busy"));

const formFile: FormFile = { name: "form-B.json", body: { code: "B", description: "Votarea", formSections: [] } };
const chosen = new File(["{}"], "form-B.json");
const imported: Imported = { id: 7, filledIn: [{ code: "diaspora_absent", message: "diaspora not in the file: national form." }] };

const events: ModelEvent[] = [
  { type: "import.open" },
  { type: "import.close" },
  { type: "file.chosen", file: chosen },
  { type: "xstate.done.actor.read", actorId: "read", output: formFile },
  { type: "xstate.done.actor.read", actorId: "read", output: null },
  { type: "code.change", code: "B2" },
  { type: "code.change", code: " " },
  { type: "import.send" },
  { type: "xstate.done.actor.import", actorId: "import", output: imported },
  { type: "xstate.error.actor.import", actorId: "import", error: { status: 409, code: "duplicate_form_code" } },
];

type Options = ModelTestOptions<typeof formImportMachine, ModelEvent, System>;

const send = ({ actor }: System, event: FormImportEvent) => actor.send(event);
const eventExecutors: Options["eventExecutors"] = {
  "import.open": send,
  "import.close": send,
  "file.chosen": send,
  "code.change": send,
  "import.send": send,
  "xstate.done.actor.read": async (system, { output }) => {
    pendingOf(system.reads).resolve(output);
    await idle(system);
  },
  "xstate.done.actor.import": async (system, { output }) => {
    pendingOf(system.imports).resolve(output);
    await idle(system);
  },
  "xstate.error.actor.import": async (system, { error }) => {
    const call = pendingOf(system.imports);
    Object.assign(call, { failed: true });
    call.reject(error);
    await idle(system);
  },
};

type ImportSnapshot = SnapshotFrom<typeof formImportMachine>;

const stateAssertions: Record<string, (system: System, model: ImportSnapshot) => unknown> = {
  closed: (system) => {
    expect(open(system.imports)).toHaveLength(0);
    // every import that succeeded was announced with the new form's id and what it filled in, and only those
    expect(system.imported).toEqual(system.imports.filter((call) => call.settled && !("failed" in call)).map(() => imported));
  },
  choosing: (system, model) => {
    const { context } = system.actor.getSnapshot();
    expect(context.code).toBe(model.context.code);
    expect(context.file).toEqual(model.context.file);
    expect(context.unreadable).toBe(model.context.unreadable);
    expect(context.error?.code ?? null).toBe(model.context.error?.code ?? null);
    expect(system.actor.getSnapshot().can({ type: "import.send" })).toBe(context.file !== null && context.code.trim() !== "");
  },
  reading: (system) => {
    expect(system.actor.getSnapshot().hasTag("busy")).toBe(true);
    expect(open(system.reads)).toHaveLength(1);
  },
  importing: (system, model) => {
    expect(open(system.imports).map((call) => call.input.body)).toEqual([{ ...model.context.file?.body, code: model.context.code.trim() }]);
  },
};

const reachedStates = new Set<string>();

describe(`${formImportMachine.id} model`, () => {
  const paths = testEveryShortestPath({
    machine: formImportMachine,
    events,
    setUp: () => {
      const parts = { reads: [], imports: [], imported: [] };
      return { ...parts, actor: start(parts) };
    },
    eventExecutors,
    stateAssertions,
  });
  for (const path of paths) reachedStates.add(JSON.stringify(path.state.value));
});

describe(`${formImportMachine.id} model coverage`, () => {
  it("reaches every state of the import dialog", () => {
    expect(reachedStates).toEqual(new Set(['"closed"', '"choosing"', '"reading"', '"importing"']));
  });
});
