import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { components } from "../../../openapi/schema.d.ts";
import { expectProblem, type SignedInServer } from "../fixtures.ts";
import { createReporters, type Reporters } from "../fixtures/reports-fixture.ts";
import { addStation, startRegistryServer } from "../fixtures/registry-fixture.ts";
import { engines } from "../harness.ts";

type StationObservers = components["schemas"]["StationObservers"];

interface Observer {
  id: number;
  phone: string;
  token: string;
}

const CJ_1 = { countyCode: "CJ", pollingStationNumber: 1 };

/**
 * listPollingStationObservers on a production start: who is assigned to a station or reported there, with NGO
 * scope. Observers are named so that Romanian order differs from byte order (Ș sorts before T, after S).
 */
describe.each(engines)("a polling station's observers on %s", (engine) => {
  let api = {} as SignedInServer;
  let r = {} as Reporters;
  const stations: Record<string, number> = {};
  const people: Record<string, Observer> = {};

  const observer = async (name: string, phone: string, admin: string): Promise<Observer> => {
    const created = await api.send("POST", "/api/v1/observer", admin, { name, phone, pin: "2468" });
    expect(created.status).toBe(201);
    const signIn = await api.server.request("/api/v2/access/observer", { method: "POST", json: { phone, pin: "2468" } });
    expect(signIn.status).toBe(200);
    return { id: ((await created.json()) as { id: number }).id, phone, token: ((await signIn.json()) as { access_token: string }).access_token };
  };
  const assign = async (who: Observer, ...at: (typeof CJ_1)[]) =>
    expect((await api.send("PUT", `/api/v1/observer/${who.id}/stations`, api.organizer, { stations: at })).status).toBe(200);
  const arrive = async (who: Observer, observerArrivalTime: string) =>
    expect((await api.send("POST", "/api/v1/polling-station", who.token, { ...CJ_1, observerArrivalTime })).status).toBe(200);
  const leave = async (who: Observer, observerLeaveTime: string) =>
    expect((await api.send("PUT", "/api/v1/polling-station", who.token, { ...CJ_1, observerLeaveTime })).status).toBe(200);
  const answer = async (who: Observer) => {
    const answers = [{ questionId: r.single.id, ...CJ_1, options: [{ optionId: r.single.yes }] }];
    expect((await api.send("POST", "/api/v1/answers", who.token, { answers })).status).toBe(204);
  };
  const note = async (who: Observer) => {
    const form = new FormData();
    form.set("countyCode", CJ_1.countyCode);
    form.set("pollingStationNumber", String(CJ_1.pollingStationNumber));
    form.set("text", "Coadă lungă");
    expect((await api.server.request("/api/v2/note", { method: "POST", token: who.token, body: form })).status).toBe(201);
  };

  const observersOf = async (station: number, token = api.organizer) => {
    const response = await api.get(`/api/v1/polling-stations/${station}/observers`, token);
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as StationObservers).observers;
  };

  beforeAll(async () => {
    api = await startRegistryServer(engine);
    stations["CJ 1"] = (await addStation(api, { countyCode: "CJ", number: 1, locality: "Cluj-Napoca" })).id;
    stations["CJ 2"] = (await addStation(api, { countyCode: "CJ", number: 2, locality: "Florești" })).id;
    r = await createReporters(api, "STO", "07995000");
    people.teodora = await observer("Teodora Lupu", "0799510001", api.organizer);
    people.serban = await observer("Șerban Stan", "0799510002", api.organizer);
    people.ana = await observer("Ana Pop", "0799510003", api.organizer);
    people.carmen = await observer("Carmen Dobre", "0799510004", api.organizer);
    people.bogdan = await observer("Bogdan Ilie", "0799520001", api.ngo2Admin);
    people.elsewhere = await observer("Dan Elsewhere", "0799510005", api.organizer);
    people.gone = await observer("Gone Observer", "0799510006", api.organizer);

    await assign(people.teodora, CJ_1);
    await assign(people.serban, CJ_1);
    await assign(people.ana, CJ_1);
    await arrive(people.ana, "2026-11-22T06:00:00Z");
    await leave(people.ana, "2026-11-22T14:30:00Z");
    await answer(people.ana);
    // Not assigned here: an arrival (NGO 2) and a note alone (NGO 1) are accepted and listed as such.
    await arrive(people.bogdan, "2026-11-22T06:15:00Z");
    await note(people.carmen);
    await assign(people.elsewhere, { countyCode: "CJ", pollingStationNumber: 2 });
    await assign(people.gone, CJ_1);
    await arrive(people.gone, "2026-11-22T05:55:00Z");
    expect((await api.send("DELETE", `/api/v1/observer?id=${people.gone.id}`, api.organizer)).status).toBe(204);
  }, 120_000);
  afterAll(() => api.server?.close());

  it("lists the assigned observers first, then the others who reported there, each by Romanian name order; never a deleted one", async () => {
    const listed = await observersOf(stations["CJ 1"]!);
    expect(listed.map((row) => [row.name, row.assigned])).toEqual([
      ["Ana Pop", true],
      ["Șerban Stan", true],
      ["Teodora Lupu", true],
      ["Bogdan Ilie", false],
      ["Carmen Dobre", false],
    ]);
    expect(listed[0]).toEqual({
      id: people.ana!.id,
      name: "Ana Pop",
      phone: "0799510003",
      ngoId: 1,
      ngo: "Code for Romania",
      assigned: true,
      arrivedAt: "2026-11-22T06:00:00.000Z",
      leftAt: "2026-11-22T14:30:00.000Z",
      reported: true,
    });
  });

  it("tells an assigned observer who has not come yet, an unassigned arrival and a note alone apart", async () => {
    const byName = new Map((await observersOf(stations["CJ 1"]!)).map((row) => [row.name, row]));
    expect(byName.get("Șerban Stan")).toMatchObject({ assigned: true, arrivedAt: null, leftAt: null, reported: false });
    expect(byName.get("Bogdan Ilie")).toEqual({
      id: people.bogdan!.id,
      name: "Bogdan Ilie",
      phone: "0799520001",
      ngoId: 2,
      ngo: "Observatorii",
      assigned: false,
      arrivedAt: "2026-11-22T06:15:00.000Z",
      leftAt: null,
      reported: false,
    });
    expect(byName.get("Carmen Dobre")).toMatchObject({ assigned: false, arrivedAt: null, reported: true });
  });

  it("shows an NGO admin its own NGO's observers only, and a station without any of them as an empty list", async () => {
    expect((await observersOf(stations["CJ 1"]!, api.ngo2Admin)).map((row) => row.name)).toEqual(["Bogdan Ilie"]);
    expect(await observersOf(stations["CJ 2"]!, api.ngo2Admin)).toEqual([]);
    expect((await observersOf(stations["CJ 2"]!)).map((row) => [row.name, row.assigned, row.arrivedAt])).toEqual([["Dan Elsewhere", true, null]]);
  });

  it("answers 404 for an id no station has, and 403 to an observer", async () => {
    await expectProblem(await api.get("/api/v1/polling-stations/999999/observers", api.organizer), 404, "not_found");
    await expectProblem(await api.get("/api/v1/polling-stations/999999/observers", api.ngo2Admin), 404, "not_found");
    await expectProblem(await api.get(`/api/v1/polling-stations/${stations["CJ 1"]}/observers`, people.ana!.token), 403, "forbidden");
  });
});
