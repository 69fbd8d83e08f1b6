import { describe, expect } from "vitest";
import type { components } from "../../../openapi/schema.d.ts";
import { expectProblem, serverTests, type SignedInServer } from "../fixtures.ts";
import { createObserver, stationId } from "../fixtures/reports-fixture.ts";
import { engines } from "../harness.ts";

type ObserverStations = components["schemas"]["ObserverStations"];

const tests = serverTests({ observers: 10 });

const at = (countyCode: string, pollingStationNumber: number) => ({ countyCode, pollingStationNumber });

describe.each(engines)("observers' station assignments on %s", (engine) => {
  const it = tests[engine];
  let api = {} as SignedInServer;
  let own = { id: 0, token: "" };
  let other = { id: 0, token: "" };

  it.beforeAll(async ({ api: signedIn }) => {
    api = signedIn;
    own = await createObserver(api, api.organizer, "0799410001");
    other = await createObserver(api, api.ngo2Admin, "0799410002");
  });

  const stationsOf = async (observerId: number, token = api.organizer) => {
    const response = await api.get(`/api/v1/observer/${observerId}/stations`, token);
    expect(response.status).toBe(200);
    return ((await response.json()) as ObserverStations).stations;
  };
  const set = (observerId: number, stations: object[], token = api.organizer) =>
    api.send("PUT", `/api/v1/observer/${observerId}/stations`, token, { stations });

  it("sets an observer's stations, in county and number order, with their place and the observer's arrival", async () => {
    expect(await stationsOf(own.id)).toEqual([]);
    const saved = await set(own.id, [at("CJ", 16), at("AB", 2), at("CJ", 16)]);
    expect(saved.status).toBe(200);
    const arrival = await api.send("POST", "/api/v1/polling-station", own.token, { ...at("CJ", 16), observerArrivalTime: "2026-11-22T06:00:00Z" });
    expect(arrival.status).toBe(200);

    const stations = await stationsOf(own.id);
    expect(stations.map((s) => [s.countyCode, s.pollingStationNumber, s.status, s.arrivedAt])).toEqual([
      ["AB", 2, "active", null],
      ["CJ", 16, "active", "2026-11-22T06:00:00.000Z"],
    ]);
    expect(stations[1]!.locality).toEqual(expect.any(String));
  });

  it("replaces the list, and an empty one unassigns; each change is in the activity log once", async () => {
    await set(own.id, [at("AB", 2), at("CJ", 16)]);
    const logBefore = await api.db().selectFrom("auditEntry").select("id").where("subjectId", "=", own.id).execute();
    expect((await set(own.id, [at("AB", 2), at("CJ", 16)])).status).toBe(200);
    expect(await api.db().selectFrom("auditEntry").select("id").where("subjectId", "=", own.id).execute()).toHaveLength(logBefore.length);

    expect((await set(own.id, [at("B", 7)])).status).toBe(200);
    expect((await stationsOf(own.id)).map((s) => `${s.countyCode} ${s.pollingStationNumber}`)).toEqual(["B 7"]);
    const [entry] = await api.db().selectFrom("auditEntry").selectAll().where("subjectId", "=", own.id).orderBy("id", "desc").limit(1).execute();
    expect(entry).toMatchObject({ action: "observer.updated", changes: [{ field: "stations", from: "AB 2, CJ 16", to: "B 7" }] });

    expect((await set(own.id, [])).status).toBe(200);
    expect(await stationsOf(own.id)).toEqual([]);
  });

  it("refuses a station not in the registry (404) and a retired one (422), naming the field, and saves nothing", async () => {
    await set(own.id, [at("AB", 2)]);
    const unknown = await expectProblem(await set(own.id, [at("AB", 3), at("CJ", 99_999)]), 404, "not_found");
    expect(unknown.errors).toEqual({ "stations[1].pollingStationNumber": [expect.objectContaining({ code: "not_found" })] });

    const ab5 = await stationId(api, "AB", 5);
    await api.db().updateTable("pollingStation").set({ status: "retired" }).where("id", "=", ab5).execute();
    try {
      const retired = await expectProblem(await set(own.id, [at("AB", 5)]), 422, "station_retired");
      expect(retired.errors).toEqual({ "stations[0].pollingStationNumber": [expect.objectContaining({ code: "retired" })] });
      expect((await stationsOf(own.id)).map((s) => s.pollingStationNumber)).toEqual([2]);

      // One the observer already had may be listed again after it was retired: the list is saved unchanged.
      await api.db().updateTable("pollingStation").set({ status: "active" }).where("id", "=", ab5).execute();
      await set(own.id, [at("AB", 2), at("AB", 5)]);
      await api.db().updateTable("pollingStation").set({ status: "retired" }).where("id", "=", ab5).execute();
      expect((await set(own.id, [at("AB", 2), at("AB", 5)])).status).toBe(200);
      expect((await stationsOf(own.id)).map((s) => [s.pollingStationNumber, s.status])).toEqual([[2, "active"], [5, "retired"]]);
    } finally {
      await api.db().updateTable("pollingStation").set({ status: "active" }).where("id", "=", ab5).execute();
    }
  });

  it("assigns several observers at once, adding or replacing, all or nothing", async () => {
    await set(own.id, [at("AB", 2)]);
    const bulk = (body: object, token = api.organizer) => api.send("POST", "/api/v1/observer/stations", token, body);

    const added = await bulk({ observerIds: [own.id, other.id, own.id], stations: [at("AB", 2), at("AB", 4)] });
    expect(await added.json()).toEqual({ observers: 2, stations: 2, added: 3 });
    expect((await stationsOf(other.id)).map((s) => s.pollingStationNumber)).toEqual([2, 4]);

    const replaced = await bulk({ observerIds: [own.id, other.id], stations: [at("AB", 6)], mode: "replace" });
    expect(await replaced.json()).toEqual({ observers: 2, stations: 1, added: 2 });
    expect((await stationsOf(own.id)).map((s) => s.pollingStationNumber)).toEqual([6]);

    const missing = await expectProblem(await bulk({ observerIds: [own.id, 999_999], stations: [at("AB", 8)] }), 404, "not_found");
    expect(Object.keys(missing.errors ?? {})).toEqual(["observerIds[1]"]);
    expect((await stationsOf(own.id)).map((s) => s.pollingStationNumber)).toEqual([6]);
  });

  it("lets a notification target the observers assigned to chosen stations, arrived or not", async () => {
    await set(own.id, [at("AB", 11), at("CJ", 16)]);
    const targeted = async (query: string) =>
      ((await (await api.get(`/api/v1/observer/active?${query}`, api.organizer)).json()) as { id: number; pollingStations: string[] }[]).find(
        (observer) => observer.id === own.id,
      );
    expect(await targeted("countyCodes=AB&assigned=true")).toMatchObject({ pollingStations: ["AB 11"] });
    expect(await targeted("countyCodes=AB&countyCodes=CJ&fromPollingStationNumber=12&assigned=true")).toMatchObject({ pollingStations: ["CJ 16"] });
    expect(await targeted("countyCodes=AB&fromPollingStationNumber=12&assigned=true")).toBeUndefined();
    // Present, not assigned: the observer arrived at CJ 16 only.
    expect(await targeted("countyCodes=AB")).toBeUndefined();
  });

  it("keeps an NGO admin to its own observers: another NGO's is a 404 and is left as it was", async () => {
    await set(own.id, [at("AB", 6)]);
    await expectProblem(await api.get(`/api/v1/observer/${own.id}/stations`, api.ngo2Admin), 404, "not_found");
    await expectProblem(await set(own.id, [at("AB", 9)], api.ngo2Admin), 404, "not_found");
    await expectProblem(await api.send("POST", "/api/v1/observer/stations", api.ngo2Admin, { observerIds: [other.id, own.id], stations: [at("AB", 9)] }), 404, "not_found");
    expect((await stationsOf(own.id)).map((s) => s.pollingStationNumber)).toEqual([6]);
    expect((await set(other.id, [at("AB", 9)], api.ngo2Admin)).status).toBe(200);
  });
});
