import { describe, expect } from "vitest";
import type { components } from "../../../openapi/schema.d.ts";
import { expectProblem, serverTests, type SignedInServer } from "../fixtures.ts";
import { createObserver, createReporters, type Reporters } from "../fixtures/reports-fixture.ts";
import { engines } from "../harness.ts";
import { openRound } from "../rounds/next-round.ts";

type MyStation = components["schemas"]["MyStation"];
type PollingStation = components["schemas"]["PollingStation"];

const tests = serverTests({ observers: 30 });
const ROUND = 3;

describe.each(engines)("listMyStations on %s", (engine) => {
  const it = tests[engine];
  let api = {} as SignedInServer;
  let r = {} as Reporters;

  const assign = async (observerId: number, stations: [string, number][], roundId = 1) => {
    const body = { stations: stations.map(([countyCode, pollingStationNumber]) => ({ countyCode, pollingStationNumber })) };
    const response = await api.send("PUT", `/api/v1/observer/${observerId}/stations?electionRoundId=${roundId}`, api.organizer, body);
    expect(response.status).toBe(200);
  };
  const arrive = async (token: string, [countyCode, pollingStationNumber]: [string, number], time: string, roundId = 1) => {
    const body = { countyCode, pollingStationNumber, observerArrivalTime: time };
    expect((await api.send("POST", `/api/v1/polling-station?electionRoundId=${roundId}`, token, body)).status).toBe(200);
  };
  const myStations = async (token: string, roundId = 1) => {
    const response = await api.get(`/api/v1/my/stations?electionRoundId=${roundId}`, token);
    expect(response.status).toBe(200);
    return ((await response.json()) as { stations: MyStation[] }).stations;
  };
  /** What the list says of the caller's part: the station by county and number, assigned, arrival and departure. */
  const visits = (stations: MyStation[]) =>
    stations.map(({ countyCode, pollingStationNumber, assigned, arrivedAt, leftAt }) => [`${countyCode} ${pollingStationNumber}`, assigned, arrivedAt, leftAt]);

  it.beforeAll(async ({ api: signedIn }) => {
    api = signedIn;
    r = await createReporters(api, "MYS", "07993500");
    await openRound(api.db(), ROUND);
    // Older than round 1, which stays every caller's current round.
    await api.db().updateTable("electionRound").set({ electionDay: "2020-01-01" }).where("id", "=", ROUND).execute();

    await assign(r.own.id, [["B", 2], ["AB", 20]]);
    await arrive(r.own.token, ["AB", 21], "2026-11-22T06:00:00Z");
    await arrive(r.own.token, ["B", 2], "2026-11-22T07:00:00Z");
    const leave = { countyCode: "B", pollingStationNumber: 2, observerLeaveTime: "2026-11-22T08:00:00Z" };
    expect((await api.send("PUT", "/api/v1/polling-station", r.own.token, leave)).status).toBe(200);
    await arrive(r.own.token, ["AB", 1], "2026-11-22T09:00:00Z");

    // NGO 2's observer at one of the same stations and one of its own; the own observer's next round.
    await assign(r.other.id, [["AB", 20], ["CJ", 1]]);
    await arrive(r.other.token, ["AB", 20], "2026-11-22T05:00:00Z");
    await assign(r.own.id, [["CJ", 2]], ROUND);
    await arrive(r.own.token, ["AB", 22], "2026-11-22T10:00:00Z", ROUND);
  });

  it("lists the assigned stations first, then those only visited, each by county code and number, with the caller's visit", async () => {
    expect(visits(await myStations(r.own.token))).toEqual([
      ["AB 20", true, null, null],
      ["B 2", true, "2026-11-22T07:00:00.000Z", "2026-11-22T08:00:00.000Z"],
      ["AB 1", false, "2026-11-22T09:00:00.000Z", null],
      ["AB 21", false, "2026-11-22T06:00:00.000Z", null],
    ]);
  });

  it("describes each station as the registry does", async () => {
    const [ab20] = await myStations(r.own.token);
    const registry = await api.get(`/api/v1/polling-stations/${ab20!.id}`, r.own.token);
    const station = (await registry.json()) as PollingStation;
    expect(ab20).toEqual({
      id: station.id,
      countyCode: "AB",
      countyName: station.countyName,
      pollingStationNumber: 20,
      locality: station.locality,
      institution: station.institution,
      address: station.address,
      status: "active",
      assigned: true,
      arrivedAt: null,
      leftAt: null,
    });
  });

  it("never shows another observer's assignments or visits, even of the same station", async () => {
    expect(visits(await myStations(r.other.token))).toEqual([
      ["AB 20", true, "2026-11-22T05:00:00.000Z", null],
      ["CJ 1", true, null, null],
    ]);
  });

  it("lists only the asked round's stations, with that round's ids", async () => {
    const stations = await myStations(r.own.token, ROUND);
    expect(visits(stations)).toEqual([
      ["CJ 2", true, null, null],
      ["AB 22", false, "2026-11-22T10:00:00.000Z", null],
    ]);
    const roundOfEach = await api.db().selectFrom("pollingStation").select("electionRoundId").distinct().where("id", "in", stations.map((s) => s.id)).execute();
    expect(roundOfEach).toEqual([{ electionRoundId: ROUND }]);
  });

  it("keeps a station retired since, with its status", async () => {
    const retiree = await createObserver(api, api.organizer, "0799350009");
    await assign(retiree.id, [["AB", 23]]);
    const [station] = await myStations(retiree.token);
    expect((await api.send("POST", `/api/v1/polling-stations/${station!.id}/retire`, api.organizer)).status).toBe(200);
    expect((await myStations(retiree.token)).map((s) => [s.id, s.status, s.assigned])).toEqual([[station!.id, "retired", true]]);
  });

  it("answers an empty list to an observer with no station", async () => {
    const newcomer = await createObserver(api, api.organizer, "0799350010");
    expect(await myStations(newcomer.token)).toEqual([]);
  });

  it("is the observers' alone: staff are refused with 403", async () => {
    await expectProblem(await api.get("/api/v1/my/stations", api.organizer), 403, "forbidden");
  });
});
