import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { ApiError } from "../../../api/problem";
import { observerAssignMachine, type AssignOutcome, type AssignRequest } from "./observer-assign.machine";
import type { County } from "./station-ref";

interface Pending<Input, Output> {
  input: Input;
  signal: AbortSignal;
  resolve: (output: Output) => void;
  reject: (error: unknown) => void;
}

const counties: County[] = [{ id: 13, code: "CJ", name: "Cluj", limit: 20, diaspora: false, order: 13 }];
const CJ = (pollingStationNumber: number) => ({ countyCode: "CJ", pollingStationNumber });

/** The assignment dialog's actor, its counties and assignments answered by the test. */
function startAssign() {
  const loads: Pending<unknown, County[]>[] = [];
  const assignments: Pending<AssignRequest, AssignOutcome>[] = [];
  const effects: AssignOutcome[] = [];
  const logic = observerAssignMachine.provide({
    actors: {
      loadCounties: fromPromise<County[]>(({ input, signal }) => new Promise((resolve, reject) => loads.push({ input, signal, resolve, reject }))),
      assign: fromPromise<AssignOutcome, AssignRequest>(
        ({ input, signal }) => new Promise((resolve, reject) => assignments.push({ input, signal, resolve, reject })),
      ),
    },
    actions: { onAssigned: (_, { outcome }) => effects.push(outcome) },
  });
  const dialog = createActor(logic).start();
  return { dialog, loads, assignments, effects };
}

type Dialog = ReturnType<typeof startAssign>["dialog"];

async function openWith(observerIds = [3, 5]) {
  const started = startAssign();
  started.dialog.send({ type: "assign.open", observerIds });
  started.loads.at(-1)?.resolve(counties);
  await waitFor(started.dialog, (snapshot) => snapshot.matches({ open: { editing: "idle" } }));
  return started;
}

function choose(dialog: Dialog, ...numbers: string[]) {
  dialog.send({ type: "county.change", countyCode: "CJ" });
  for (const number of numbers) {
    dialog.send({ type: "number.change", value: number });
    dialog.send({ type: "station.add" });
  }
}

describe(observerAssignMachine.id, () => {
  it("stays closed for no observers, and opens on the chosen ones, loading the counties first", async () => {
    const { dialog, loads } = startAssign();
    dialog.send({ type: "assign.open", observerIds: [] });
    expect(dialog.getSnapshot().value).toBe("closed");
    dialog.send({ type: "assign.open", observerIds: [3, 5] });
    expect(dialog.getSnapshot().value).toEqual({ open: "loading" });
    expect(dialog.getSnapshot().hasTag("open")).toBe(true);
    loads[0]?.resolve(counties);
    await waitFor(dialog, (snapshot) => snapshot.matches({ open: "editing" }));
    expect(dialog.getSnapshot().context).toMatchObject({ observerIds: [3, 5], counties, chosen: [], mode: "add" });
  });

  it("offers to load the counties again after a failure, and closes on cancel", async () => {
    const { dialog, loads } = startAssign();
    dialog.send({ type: "assign.open", observerIds: [3] });
    loads[0]?.reject(new ApiError({ status: 503, code: "unavailable", title: "Unavailable" }));
    await waitFor(dialog, (snapshot) => snapshot.matches({ open: "failed" }));
    expect(dialog.getSnapshot().context.loadError).toEqual({ code: "unexpected", status: 503 });
    dialog.send({ type: "load.retry" });
    expect(loads).toHaveLength(2);
    dialog.send({ type: "assign.cancel" });
    expect(dialog.getSnapshot().value).toBe("closed");
    expect(loads[1]?.signal.aborted).toBe(true);
  });

  it("chooses stations in the browser, once each, keeping the county and clearing the number", async () => {
    const { dialog, assignments } = await openWith();
    choose(dialog, "15", "16", "15", "x");
    expect(dialog.getSnapshot().context.chosen).toEqual([CJ(15), CJ(16)]);
    expect(dialog.getSnapshot().context.draft).toEqual({ countyCode: "CJ", number: "x" });
    dialog.send({ type: "station.remove", station: CJ(15) });
    expect(dialog.getSnapshot().context.chosen).toEqual([CJ(16)]);
    expect(assignments).toEqual([]);
  });

  it("takes Assign only with a station chosen, sends the observers, stations and mode once, and cannot close meanwhile", async () => {
    const { dialog, assignments } = await openWith([3, 5]);
    dialog.send({ type: "assign.submit" });
    expect(assignments).toEqual([]);
    choose(dialog, "15");
    dialog.send({ type: "mode.change", mode: "replace" });
    dialog.send({ type: "assign.submit" });
    dialog.send({ type: "assign.submit" });
    dialog.send({ type: "assign.cancel" });
    dialog.send({ type: "station.remove", station: CJ(15) });
    expect(dialog.getSnapshot().value).toEqual({ open: "assigning" });
    expect(dialog.getSnapshot().hasTag("busy")).toBe(true);
    expect(assignments.map((assignment) => assignment.input)).toEqual([{ observerIds: [3, 5], stations: [CJ(15)], mode: "replace" }]);
  });

  it("closes and reports the outcome once the server has assigned", async () => {
    const { dialog, assignments, effects } = await openWith();
    choose(dialog, "15");
    dialog.send({ type: "assign.submit" });
    assignments[0]?.resolve({ observers: 2, stations: 1, added: 2 });
    await waitFor(dialog, (snapshot) => snapshot.matches("closed"));
    expect(effects).toEqual([{ observers: 2, stations: 1, added: 2 }]);
  });

  it("marks the chosen stations the server refused, and forgets a refusal with its station", async () => {
    const { dialog, assignments, effects } = await openWith();
    choose(dialog, "15", "16", "99");
    dialog.send({ type: "assign.submit" });
    assignments[0]?.reject(
      new ApiError({
        status: 404,
        code: "not_found",
        title: "not_found",
        fieldErrors: { "stations[2].pollingStationNumber": [{ code: "not_found", message: "no" }] },
      }),
    );
    await waitFor(dialog, (snapshot) => snapshot.matches({ open: { editing: "idle" } }));
    expect(dialog.getSnapshot().context.refusals).toEqual([{ station: CJ(99), problem: "not_found" }]);
    expect(dialog.getSnapshot().context.error).toBeNull();
    expect(effects).toEqual([]);
    dialog.send({ type: "station.remove", station: CJ(99) });
    expect(dialog.getSnapshot().context.refusals).toEqual([]);
  });

  it("says that chosen observers are gone without offering to try again", async () => {
    const { dialog, assignments } = await openWith();
    choose(dialog, "15");
    dialog.send({ type: "assign.submit" });
    const gone = new ApiError({ status: 404, code: "not_found", title: "not_found", fieldErrors: { "observerIds[1]": [{ code: "not_found", message: "no" }] } });
    assignments[0]?.reject(gone);
    await waitFor(dialog, (snapshot) => snapshot.matches({ open: { editing: "failed" } }));
    expect(dialog.getSnapshot().context.error).toEqual({ status: 404, code: "not_found", fieldErrors: { "observerIds[1]": ["not_found"] } });
    dialog.send({ type: "assign.retry" });
    expect(assignments).toHaveLength(1);
  });

  it("sends the same assignment again after a failure of the server", async () => {
    const { dialog, assignments } = await openWith();
    choose(dialog, "15");
    dialog.send({ type: "assign.submit" });
    assignments[0]?.reject(new ApiError({ status: 500, code: "internal", title: "internal" }));
    await waitFor(dialog, (snapshot) => snapshot.matches({ open: { editing: "failed" } }));
    dialog.send({ type: "assign.retry" });
    expect(dialog.getSnapshot().value).toEqual({ open: "assigning" });
    expect(dialog.getSnapshot().context.error).toBeNull();
    expect(assignments.map((assignment) => assignment.input)).toEqual([assignments[0]?.input, assignments[0]?.input]);
  });

  it("starts each opening with an empty form", async () => {
    const { dialog, loads } = await openWith([3]);
    choose(dialog, "15");
    dialog.send({ type: "mode.change", mode: "replace" });
    dialog.send({ type: "assign.cancel" });
    dialog.send({ type: "assign.open", observerIds: [4] });
    loads.at(-1)?.resolve(counties);
    await waitFor(dialog, (snapshot) => snapshot.matches({ open: "editing" }));
    expect(dialog.getSnapshot().context).toMatchObject({ observerIds: [4], chosen: [], mode: "add", draft: { countyCode: null, number: "" }, refusals: [], error: null });
  });
});
