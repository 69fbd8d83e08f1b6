import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { ApiError, type FieldError } from "../../../api/problem";
import { observerStationsMachine, type SaveStationsInput, type StationsLoad } from "./observer-stations.machine";
import type { AssignedStation, County } from "./station-ref";

interface Pending<Input, Output> {
  input: Input;
  signal: AbortSignal;
  resolve: (output: Output) => void;
  reject: (error: unknown) => void;
}

const counties: County[] = [
  { id: 13, code: "CJ", name: "Cluj", limit: 20, diaspora: false, order: 13 },
  { id: 43, code: "B", name: "București", limit: 30, diaspora: false, order: 42 },
];

function station(id: number, countyCode: string, pollingStationNumber: number, extra: Partial<AssignedStation> = {}): AssignedStation {
  return { id, countyCode, pollingStationNumber, locality: "Cluj-Napoca", institution: null, address: null, status: "active", arrivedAt: null, ...extra };
}

const CJ_15 = station(115, "CJ", 15);
const CJ_16 = station(116, "CJ", 16);
const B_3 = station(203, "B", 3, { status: "retired" });

const refusal = (status: number, code: string, field: string, fieldCode: FieldError["code"]) =>
  new ApiError({ status, code, title: code, fieldErrors: { [field]: [{ code: fieldCode, message: fieldCode }] } });

/** A stations section whose loads and saves the test answers by hand. */
function startSection(observerId = 7) {
  const loads: Pending<{ observerId: number }, StationsLoad>[] = [];
  const saves: Pending<SaveStationsInput, AssignedStation[]>[] = [];
  const logic = observerStationsMachine.provide({
    actors: {
      loadStations: fromPromise<StationsLoad, { observerId: number }>(
        ({ input, signal }) => new Promise((resolve, reject) => loads.push({ input, signal, resolve, reject })),
      ),
      saveStations: fromPromise<AssignedStation[], SaveStationsInput>(
        ({ input, signal }) => new Promise((resolve, reject) => saves.push({ input, signal, resolve, reject })),
      ),
    },
  });
  const section = createActor(logic, { input: { observerId } }).start();
  return { section, loads, saves };
}

async function startReady(stations: AssignedStation[] = [CJ_15, B_3]) {
  const started = startSection();
  started.loads[0]?.resolve({ stations, counties });
  await waitFor(started.section, (snapshot) => snapshot.matches({ ready: "idle" }));
  return started;
}

function typeStation(section: ReturnType<typeof startSection>["section"], countyCode: string | null, number: string) {
  section.send({ type: "county.change", countyCode });
  section.send({ type: "number.change", value: number });
}

describe(observerStationsMachine.id, () => {
  it("loads the observer's stations and the counties, busy until they are there", async () => {
    const { section, loads } = startSection(7);
    expect(section.getSnapshot().value).toBe("loading");
    expect(section.getSnapshot().hasTag("busy")).toBe(true);
    expect(loads.map((load) => load.input)).toEqual([{ observerId: 7 }]);
    loads[0]?.resolve({ stations: [CJ_15], counties });
    await waitFor(section, (snapshot) => snapshot.matches({ ready: "idle" }));
    expect(section.getSnapshot().context).toMatchObject({ stations: [CJ_15], counties, loadError: null });
    expect(section.getSnapshot().hasTag("busy")).toBe(false);
  });

  it("fails a load with its code and loads again on load.retry", async () => {
    const { section, loads } = startSection();
    loads[0]?.reject(new ApiError({ status: 0, code: "network_error", title: "Network error" }));
    await waitFor(section, (snapshot) => snapshot.matches("failed"));
    expect(section.getSnapshot().context.loadError).toEqual({ code: "network" });
    section.send({ type: "load.retry" });
    expect(section.getSnapshot().value).toBe("loading");
    expect(loads).toHaveLength(2);
  });

  it("adds the draft's station by sending the whole list with it, then shows the server's list, keeping the county for the next number", async () => {
    const { section, saves } = await startReady();
    typeStation(section, "CJ", " 16 ");
    section.send({ type: "station.add" });
    expect(section.getSnapshot().value).toBe("saving");
    expect(saves.map((save) => save.input)).toEqual([
      {
        observerId: 7,
        stations: [
          { countyCode: "CJ", pollingStationNumber: 15 },
          { countyCode: "B", pollingStationNumber: 3 },
          { countyCode: "CJ", pollingStationNumber: 16 },
        ],
      },
    ]);
    saves[0]?.resolve([B_3, CJ_15, CJ_16]);
    await waitFor(section, (snapshot) => snapshot.matches({ ready: "idle" }));
    expect(section.getSnapshot().context).toMatchObject({
      stations: [B_3, CJ_15, CJ_16],
      draft: { countyCode: "CJ", number: "" },
      saved: { kind: "add", station: { countyCode: "CJ", pollingStationNumber: 16 } },
      refusal: null,
      saveError: null,
    });
  });

  it("sends nothing for an incomplete, malformed or already assigned station", async () => {
    const { section, saves } = await startReady();
    section.send({ type: "station.add" });
    typeStation(section, null, "16");
    section.send({ type: "station.add" });
    typeStation(section, "CJ", "16a");
    section.send({ type: "station.add" });
    typeStation(section, "CJ", "15");
    section.send({ type: "station.add" });
    expect(saves).toEqual([]);
    expect(section.getSnapshot().value).toEqual({ ready: "idle" });
  });

  it("takes no other change while a save runs: a double click saves once and the draft waits", async () => {
    const { section, saves } = await startReady();
    typeStation(section, "CJ", "16");
    section.send({ type: "station.add" });
    section.send({ type: "station.add" });
    section.send({ type: "station.remove", stationId: CJ_15.id });
    section.send({ type: "number.change", value: "17" });
    section.send({ type: "county.change", countyCode: "B" });
    expect(saves).toHaveLength(1);
    expect(section.getSnapshot().context.draft).toEqual({ countyCode: "CJ", number: "16" });
  });

  it("removes a station by sending the list without it, and ignores one the observer does not have", async () => {
    const { section, saves } = await startReady();
    section.send({ type: "station.remove", stationId: 999 });
    expect(saves).toEqual([]);
    section.send({ type: "station.remove", stationId: CJ_15.id });
    expect(saves.map((save) => save.input)).toEqual([{ observerId: 7, stations: [{ countyCode: "B", pollingStationNumber: 3 }] }]);
    saves[0]?.resolve([B_3]);
    await waitFor(section, (snapshot) => snapshot.matches({ ready: "idle" }));
    expect(section.getSnapshot().context).toMatchObject({
      stations: [B_3],
      saved: { kind: "remove", station: { countyCode: "CJ", pollingStationNumber: 15 }, stationId: CJ_15.id },
    });
  });

  it.each([
    [404, "not_found", "not_found"],
    [422, "station_retired", "retired"],
  ] as const)("says a %i refusal of the added station on the add control and keeps the draft until it changes", async (status, code, fieldCode) => {
    const { section, saves } = await startReady();
    typeStation(section, "CJ", "99");
    section.send({ type: "station.add" });
    saves[0]?.reject(refusal(status, code, "stations[2].pollingStationNumber", fieldCode));
    await waitFor(section, (snapshot) => snapshot.matches({ ready: "idle" }));
    expect(section.getSnapshot().context).toMatchObject({ refusal: fieldCode, saveError: null, saved: null, stations: [CJ_15, B_3] });
    expect(section.getSnapshot().context.draft).toEqual({ countyCode: "CJ", number: "99" });
    expect(section.getSnapshot().can({ type: "save.retry" })).toBe(false);
    section.send({ type: "number.change", value: "9" });
    expect(section.getSnapshot().context.refusal).toBeNull();
  });

  it("offers to try again after a failure of the network, with the same list", async () => {
    const { section, saves } = await startReady();
    section.send({ type: "station.remove", stationId: B_3.id });
    saves[0]?.reject(new ApiError({ status: 0, code: "network_error", title: "Network error" }));
    await waitFor(section, (snapshot) => snapshot.matches({ ready: "saveFailed" }));
    expect(section.getSnapshot().context.saveError).toEqual({ status: 0, code: "network_error", fieldErrors: {} });
    expect(section.getSnapshot().context.stations).toEqual([CJ_15, B_3]);
    section.send({ type: "save.retry" });
    expect(section.getSnapshot().value).toBe("saving");
    expect(section.getSnapshot().context.saveError).toBeNull();
    expect(saves.map((save) => save.input.stations)).toEqual([[{ countyCode: "CJ", pollingStationNumber: 15 }], [{ countyCode: "CJ", pollingStationNumber: 15 }]]);
  });

  it("does not offer to try again a refusal that is not about the added station", async () => {
    const { section, saves } = await startReady();
    section.send({ type: "station.remove", stationId: CJ_15.id });
    saves[0]?.reject(refusal(422, "station_retired", "stations[0].pollingStationNumber", "retired"));
    await waitFor(section, (snapshot) => snapshot.matches({ ready: "saveFailed" }));
    expect(section.getSnapshot().context.refusal).toBeNull();
    section.send({ type: "save.retry" });
    expect(saves).toHaveLength(1);
    section.send({ type: "station.remove", stationId: B_3.id });
    expect(section.getSnapshot().context.saveError).toBeNull();
    expect(saves).toHaveLength(2);
  });

  it("aborts the save when the section goes away", async () => {
    const { section, saves } = await startReady();
    section.send({ type: "station.remove", stationId: CJ_15.id });
    section.stop();
    expect(saves[0]?.signal.aborted).toBe(true);
  });
});
