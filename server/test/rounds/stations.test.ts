import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { components } from "../../../openapi/schema.d.ts";
import { expectProblem, signedIn, type SignedInServer } from "../fixtures.ts";
import { createObserver } from "../fixtures/reports-fixture.ts";
import { engines } from "../harness.ts";
import { openRound, type TestRound } from "./next-round.ts";

type Page = components["schemas"]["PollingStationPage"];
type PollingStation = components["schemas"]["PollingStation"];
type County = components["schemas"]["County"];
type Coverage = components["schemas"]["Coverage"];
type CoverageStations = components["schemas"]["CoverageStationPage"];
type StationObserver = components["schemas"]["StationObserver"];
type ObserverStation = { id: number; countyCode: string; pollingStationNumber: number; arrivedAt: string | null };

/**
 * The stations cluster in election rounds (issue 27): each round has its registry, with its own version and ETag,
 * and the assignments, visits and coverage of its own stations. Round 3 (2 is the demo's archived round) starts as a copy of round 1's registry; every
 * write here goes into round 3, and round 1's numbers, taken before, stay exactly as they were.
 */
describe.each(engines)("the stations of each election round on %s", (engine) => {
  let api = {} as SignedInServer;
  let observer = { id: 0, phone: "", token: "" };
  let roundTwo = {} as TestRound;
  /** Round 1's ids of AB 1 to AB 6. */
  const ab: Record<number, number> = {};
  let roundOneBefore = {} as Awaited<ReturnType<typeof roundOneNumbers>>;

  const inRound = (path: string, round: number) => `${path}${path.includes("?") ? "&" : "?"}electionRoundId=${round}`;
  const read = async <T>(path: string, round: number, token = api.organizer): Promise<T> => {
    const response = await api.get(inRound(path, round), token);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as T;
  };
  const station = (number: number) => ({ countyCode: "AB", pollingStationNumber: number });
  const arrive = (round: number, number: number) =>
    api.send("POST", inRound("/api/v1/polling-station", round), observer.token, { ...station(number), observerArrivalTime: "2026-11-22T06:00:00Z" });
  const stationsOf = (observerId: number, round: number) => read<{ stations: ObserverStation[] }>(`/api/v1/observer/${observerId}/stations`, round);
  const importObservers = (round: number, csv: string, dryRun = false) => {
    const form = new FormData();
    form.set("file", new File([csv], "observatori.csv", { type: "text/csv" }));
    form.set("dryRun", String(dryRun));
    return api.server.request(inRound("/api/v1/observer/import", round), { method: "POST", token: api.organizer, body: form });
  };
  const exportedRow = async (round: number, phone: string) => {
    const response = await api.get(inRound(`/api/v1/observer/export?Number=${phone}`, round), api.organizer);
    expect(response.status).toBe(200);
    const [header, row] = (await response.text()).replace(/^\uFEFF/, "").trim().split(/\r?\n/);
    const names = header!.split(",");
    const cells = row!.split(",");
    return Object.fromEntries(names.map((name, index) => [name, cells[index]]));
  };

  /** What round 1 shows: its registry's size, version and ETag, its counties, its coverage, its AB 4 and the observer's stations. */
  async function roundOneNumbers() {
    const list = await api.get(inRound("/api/v1/polling-stations?pageSize=1", 1), api.organizer);
    const { totalItems, version } = (await list.json()) as Page;
    return {
      totalItems,
      version,
      etag: list.headers.get("etag"),
      counties: await read<County[]>("/api/v1/polling-station", 1),
      // Without the time of the query, which moves on.
      coverage: (({ asOf: _asOf, ...board }: Coverage) => board)(await read<Coverage>("/api/v1/coverage", 1)),
      observed: (await read<CoverageStations>("/api/v1/coverage/stations?county=AB&measure=observed&pageSize=100", 1)).data.map((s) => s.idPollingStation),
      stationAB4: await read<PollingStation>(`/api/v1/polling-stations/${ab[4]}`, 1),
      assignments: (await stationsOf(observer.id, 1)).stations.map((s) => s.id),
    };
  }

  beforeAll(async () => {
    api = await signedIn(engine, { observers: 5 });
    const rows = await api
      .db()
      .selectFrom("pollingStation as s")
      .innerJoin("county as c", "c.id", "s.countyId")
      .select(["s.id", "s.number"])
      .where("c.code", "=", "AB")
      .where("s.number", "<=", 6)
      .where("s.electionRoundId", "=", 1)
      .execute();
    for (const row of rows) ab[row.number] = row.id;
    roundTwo = await openRound(api.db(), 3);
    observer = await createObserver(api, api.organizer, "0799200001");
    // Round 1's own work, before this suite writes into round 3: the observer assigned to AB 4 and arrived there.
    expect((await api.send("PUT", inRound(`/api/v1/observer/${observer.id}/stations`, 1), api.organizer, { stations: [station(4)] })).status).toBe(200);
    const firstArrival = await arrive(1, 4);
    expect(firstArrival.status, await firstArrival.clone().text()).toBe(200);
    roundOneBefore = await roundOneNumbers();
  }, 120_000);
  afterAll(() => api.server?.close());

  it("lists and reads each round's registry, and answers a station id of the other round with a 404", async () => {
    const copyOfAB1 = roundTwo.stationFor(ab[1]!);
    expect((await read<Page>("/api/v1/polling-stations?county=AB&number=1", 1)).data.map((s) => s.id)).toEqual([ab[1]]);
    expect((await read<Page>("/api/v1/polling-stations?county=AB&number=1", 3)).data.map((s) => s.id)).toEqual([copyOfAB1]);
    expect((await read<PollingStation>(`/api/v1/polling-stations/${copyOfAB1}`, 3)).number).toBe(1);

    await expectProblem(await api.get(inRound(`/api/v1/polling-stations/${ab[1]}`, 3), api.organizer), 404, "not_found");
    await expectProblem(await api.get(inRound(`/api/v1/polling-stations/${copyOfAB1}`, 1), api.organizer), 404, "not_found");
    await expectProblem(await api.get(inRound(`/api/v1/polling-stations/${ab[1]}/observers`, 3), api.organizer), 404, "not_found");
    const facts = { countyCode: "AB", number: 1, locality: "Alba Iulia" };
    await expectProblem(await api.send("PUT", inRound(`/api/v1/polling-stations/${ab[1]}`, 3), api.organizer, facts), 404, "not_found");
    await expectProblem(await api.send("POST", inRound(`/api/v1/polling-stations/${ab[1]}/retire`, 3), api.organizer), 404, "not_found");
  });

  it("creates, changes and retires stations in the round asked for, its counties counting them there only", async () => {
    for (const number of [9001, 9002]) {
      const created = await api.send("POST", inRound("/api/v1/polling-stations", 3), api.organizer, { countyCode: "AB", number });
      expect(created.status).toBe(201);
    }
    // The key is (round, county, number): round 1 has no AB 9001, round 3 has it once.
    await expectProblem(await api.send("POST", inRound("/api/v1/polling-stations", 3), api.organizer, { countyCode: "AB", number: 9001 }), 409, "station_exists");
    expect((await read<Page>("/api/v1/polling-stations?county=AB&number=9001", 1)).totalItems).toBe(0);

    const copyOfAB2 = roundTwo.stationFor(ab[2]!);
    const changed = await api.send("PUT", inRound(`/api/v1/polling-stations/${copyOfAB2}`, 3), api.organizer, { countyCode: "AB", number: 2, locality: "Runda nouă" });
    expect(changed.status).toBe(200);
    expect((await read<Page>("/api/v1/polling-stations?search=runda%20noua", 3)).data.map((s) => s.id)).toEqual([copyOfAB2]);
    expect((await read<Page>("/api/v1/polling-stations?search=runda%20noua", 1)).totalItems).toBe(0);
    const retired = await api.send("POST", inRound(`/api/v1/polling-stations/${roundTwo.stationFor(ab[1]!)}/retire`, 3), api.organizer);
    expect(((await retired.json()) as PollingStation).status).toBe("retired");
    expect((await read<PollingStation>(`/api/v1/polling-stations/${ab[1]}`, 1)).status).toBe("active");

    const limitOf = (counties: County[]) => counties.find((county) => county.code === "AB")!.limit;
    expect(limitOf(await read<County[]>("/api/v1/polling-station", 3))).toBe(limitOf(roundOneBefore.counties) + 1);
    expect((await read<Page>("/api/v1/polling-stations?pageSize=1", 3)).totalItems).toBe(roundOneBefore.totalItems + 2);
  });

  it("imports a list into the round asked for, compared with that round's registry alone", async () => {
    const form = new FormData();
    form.set("file", new File(["county,number,locality\nAB,3,Sebeș (runda 2)\n"], "sectii.csv", { type: "text/csv" }));
    const response = await api.server.request(inRound("/api/v1/polling-stations/import?retireMissing=false", 3), { method: "POST", token: api.organizer, body: form });
    expect(response.status, await response.clone().text()).toBe(200);
    const result = (await response.json()) as components["schemas"]["PollingStationImportResult"];
    expect(result).toMatchObject({ added: 0, changed: 1, retired: 0 });
    expect(result.version).toBe((await read<Page>("/api/v1/polling-stations?pageSize=1", 3)).version);
    expect((await read<PollingStation>(`/api/v1/polling-stations/${roundTwo.stationFor(ab[3]!)}`, 3)).locality).toBe("Sebeș (runda 2)");
    expect((await read<PollingStation>(`/api/v1/polling-stations/${ab[3]}`, 1)).locality).not.toBe("Sebeș (runda 2)");

    const exported = await api.get(inRound("/api/v1/polling-stations/export", 3), api.organizer);
    const { version } = await read<Page>("/api/v1/polling-stations?pageSize=1", 3);
    expect(exported.headers.get("etag")).toBe(`"${version}"`);
    const text = await exported.text();
    expect(text).toContain("AB,9001,");
    expect(text).toContain("Sebeș (runda 2)");
  });

  it("keeps a version and an ETag per round: one round's ETag never matches another round's list", async () => {
    const list = (round: number, etag?: string) =>
      api.server.request(inRound("/api/v1/polling-stations?pageSize=1", round), { token: observer.token, headers: etag ? { "if-none-match": etag } : {} });
    const two = await list(3);
    const etagOfTwo = two.headers.get("etag")!;
    expect(etagOfTwo).not.toBe(roundOneBefore.etag);
    expect((await list(3, roundOneBefore.etag!)).status).toBe(200);
    expect((await list(1, etagOfTwo)).status).toBe(200);
    expect((await list(3, etagOfTwo)).status).toBe(304);

    expect((await api.send("POST", inRound("/api/v1/polling-stations", 3), api.organizer, { countyCode: "AB", number: 9003 })).status).toBe(201);
    const afterWrite = await list(3, etagOfTwo);
    expect(afterWrite.status).toBe(200);
    expect(afterWrite.headers.get("etag")).not.toBe(etagOfTwo);
    // Round 1 did not change: its phones keep their copy.
    expect((await list(1, roundOneBefore.etag!)).status).toBe(304);
  });

  it("assigns observers in the round asked for, leaving their stations in the other round as they were", async () => {
    const set = await api.send("PUT", inRound(`/api/v1/observer/${observer.id}/stations`, 3), api.organizer, { stations: [station(3)] });
    expect(set.status).toBe(200);
    expect(((await set.json()) as { stations: ObserverStation[] }).stations.map((s) => s.id)).toEqual([roundTwo.stationFor(ab[3]!)]);
    const added = await api.send("POST", inRound("/api/v1/observer/stations", 3), api.organizer, { observerIds: [observer.id], stations: [station(6)] });
    expect(((await added.json()) as { added: number }).added).toBe(1);
    expect((await stationsOf(observer.id, 3)).stations.map((s) => s.id)).toEqual([roundTwo.stationFor(ab[3]!), roundTwo.stationFor(ab[6]!)]);
    expect((await stationsOf(observer.id, 1)).stations.map((s) => s.id)).toEqual([ab[4]]);
    // AB 9001 is round 3's only.
    const unknown = await api.send("PUT", inRound(`/api/v1/observer/${observer.id}/stations`, 1), api.organizer, { stations: [station(9001)] });
    await expectProblem(unknown, 404, "not_found");
  });

  it("records visits at the round's stations, read back in that round only", async () => {
    const arrival = await arrive(3, 3);
    expect(arrival.status).toBe(200);
    expect(((await arrival.json()) as { pollingStationId: number }).pollingStationId).toBe(roundTwo.stationFor(ab[3]!));
    expect((await arrive(3, 6)).status).toBe(200);
    // No arrival at AB 3 in round 1: nothing to leave there.
    const leaving = { ...station(3), observerLeaveTime: "2026-11-22T07:00:00Z" };
    await expectProblem(await api.send("PUT", inRound("/api/v1/polling-station", 1), observer.token, leaving), 404, "not_found");

    const info = (round: number, stationId: number) =>
      api.get(inRound(`/api/v1/answers/pollingStationInfo?ObserverId=${observer.id}&PollingStationId=${stationId}`, round), api.organizer);
    expect((await info(3, roundTwo.stationFor(ab[3]!))).status).toBe(200);
    await expectProblem(await info(1, roundTwo.stationFor(ab[3]!)), 404, "not_found");
    expect((await info(1, ab[3]!)).status).toBe(204);

    const here = await read<{ observers: StationObserver[] }>(`/api/v1/polling-stations/${roundTwo.stationFor(ab[3]!)}/observers`, 3);
    expect(here.observers).toEqual([expect.objectContaining({ id: observer.id, assigned: true, arrivedAt: "2026-11-22T06:00:00.000Z" })]);
    const there = await read<{ observers: StationObserver[] }>(`/api/v1/polling-stations/${ab[3]}/observers`, 1);
    expect(there.observers.map((o) => o.id)).not.toContain(observer.id);
  });

  it("counts coverage over the round's stations, reports and assignments", async () => {
    const { totals } = await read<Coverage>("/api/v1/coverage", 3);
    // Round 3: round 1's stations, three added and AB 1 retired; this suite's observer assigned to and arrived at two.
    expect(totals).toMatchObject({ stations: roundOneBefore.coverage.totals.stations + 2, assigned: 2, assignedNotArrived: 0, observed: 2, reporting: 0 });
    const observed = await read<CoverageStations>("/api/v1/coverage/stations?county=AB&measure=observed", 3);
    expect(observed.data.map((s) => s.idPollingStation)).toEqual([roundTwo.stationFor(ab[3]!), roundTwo.stationFor(ab[6]!)]);
    expect(observed.data[0]!.observers.map((o) => o.id)).toEqual([observer.id]);
    const unobserved = await read<CoverageStations>("/api/v1/coverage/stations?county=AB&measure=unobserved&pageSize=1", 3);
    expect(unobserved.data.map((s) => s.idPollingStation)).toEqual([roundTwo.stationFor(ab[2]!)]);
  });

  it("imports observers with their stations assigned in the round asked for, and exports each round's counts", async () => {
    const csv = "Phone,Pin,Name,Stations\n0799200101,1234,Ion Runda,AB 5|AB 9001\n";
    const refused = await importObservers(1, csv, true);
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as components["schemas"]["ImportProblem"]).rows).toEqual([expect.objectContaining({ field: "Stations", code: "not_found" })]);
    expect((await importObservers(3, csv)).status).toBe(200);
    // The roster is across rounds (listObservers takes no round).
    const [imported] = ((await (await api.get("/api/v1/observer?Number=0799200101", api.organizer)).json()) as { data: { id: number }[] }).data;
    const assignedInTwo = (await stationsOf(imported!.id, 3)).stations;
    expect(assignedInTwo.map((s) => `${s.countyCode} ${s.pollingStationNumber}`)).toEqual(["AB 5", "AB 9001"]);
    expect(assignedInTwo[0]!.id).toBe(roundTwo.stationFor(ab[5]!));
    expect((await stationsOf(imported!.id, 1)).stations).toEqual([]);

    expect(await exportedRow(1, observer.phone)).toMatchObject({ Id: String(observer.id), NumberOfPollingStations: "1", NumberOfNotes: "0" });
    expect(await exportedRow(3, observer.phone)).toMatchObject({ Id: String(observer.id), NumberOfPollingStations: "2", NumberOfNotes: "0" });
  });

  it("leaves round 1's registry, version, ETag, counties, coverage and assignments exactly as they were", async () => {
    expect(await roundOneNumbers()).toEqual(roundOneBefore);
  });
});
