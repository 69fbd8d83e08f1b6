import { sql } from "kysely";
import { describe, expect } from "vitest";
import type { components } from "../../../openapi/schema.d.ts";
import { expectProblem, serverTests, type SignedInServer } from "../fixtures.ts";
import { createReporters, stationId, type Reporters } from "../fixtures/reports-fixture.ts";
import { engines } from "../harness.ts";
import { openRound } from "../rounds/next-round.ts";

type StationRegistry = components["schemas"]["StationRegistry"];
type County = components["schemas"]["County"];

const tests = serverTests({ observers: 30 });
const ROUND = 3;

describe.each(engines)("getStationRegistry on %s", (engine) => {
  const it = tests[engine];
  let api = {} as SignedInServer;
  let r = {} as Reporters;

  const registry = (token: string, query = "", headers: Record<string, string> = {}) => api.server.request(`/api/v1/my/registry${query}`, { token, headers });
  const body = async (response: Response) => {
    expect(response.status).toBe(200);
    return (await response.json()) as StationRegistry;
  };
  /** The round's stations as the database holds them, in the registry's order: counties' display order, then number. */
  const storedStations = async (roundId: number) => {
    const { rows } = await sql<{ id: number; countyCode: string; number: number; locality: string | null; institution: string | null; address: string | null; status: string }>`
      SELECT s.id, c.code AS county_code, s.number, s.locality, s.institution, s.address, s.status
      FROM polling_station s JOIN county c ON c.id = s.county_id
      WHERE s.election_round_id = ${roundId} ORDER BY c.display_order, c.id, s.number`.execute(api.db());
    return rows;
  };

  it.beforeAll(async ({ api: signedIn }) => {
    api = signedIn;
    r = await createReporters(api, "REG", "07993600");
    await openRound(api.db(), ROUND);
    await api.db().updateTable("electionRound").set({ electionDay: "2020-01-01" }).where("id", "=", ROUND).execute();
    const retired = await stationId(api, "AB", 4);
    expect((await api.send("POST", `/api/v1/polling-stations/${retired}/retire`, api.organizer)).status).toBe(200);
  });

  it("answers every county in display order and every station of the round, the retired ones with their status", async () => {
    const answer = await body(await registry(r.own.token));
    const counties = (await (await api.get("/api/v1/polling-station", r.own.token)).json()) as County[];
    expect(answer.counties).toEqual(counties.map(({ code, name, diaspora }) => ({ code, name, diaspora })));
    expect(answer.stations).toEqual(await storedStations(1));
    expect(answer.stations.find((station) => station.countyCode === "AB" && station.number === 4)?.status).toBe("retired");
  });

  it("sends the registry's version as the body's version and the ETag, the same as listPollingStations", async () => {
    const response = await registry(r.own.token);
    const { version } = await body(response);
    const list = await api.get("/api/v1/polling-stations?pageSize=1", r.own.token);
    expect([response.headers.get("etag"), version]).toEqual([list.headers.get("etag"), ((await list.json()) as { version: string }).version]);
    expect(response.headers.get("etag")).toBe(`"${version}"`);
  });

  it("answers 304 with no body to the ETag it sent, and the new registry once a station changes", async () => {
    const etag = (await registry(r.own.token)).headers.get("etag")!;
    const unchanged = await registry(r.own.token, "", { "if-none-match": etag });
    expect([unchanged.status, unchanged.headers.get("etag"), await unchanged.text()]).toEqual([304, etag, ""]);

    const added = await api.send("POST", "/api/v1/polling-stations", api.organizer, { countyCode: "AB", number: 9001, locality: "Nouă" });
    expect(added.status).toBe(201);
    const changed = await registry(r.own.token, "", { "if-none-match": etag });
    const answer = await body(changed);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(answer.stations.filter((station) => station.number === 9001)).toEqual([
      { id: ((await added.json()) as { id: number }).id, countyCode: "AB", number: 9001, locality: "Nouă", institution: null, address: null, status: "active" },
    ]);
  });

  it("answers the asked round's registry only, whose ETag the current round's does not match", async () => {
    const current = (await registry(r.own.token)).headers.get("etag")!;
    const response = await registry(r.own.token, `?electionRoundId=${ROUND}`, { "if-none-match": current });
    const answer = await body(response);
    expect(answer.stations).toEqual(await storedStations(ROUND));
    expect(answer.stations.map((station) => station.id)).not.toContain(await stationId(api, "AB", 1));
  });

  it("is the same for every observer: NGO 2's gets the same answer", async () => {
    expect(await body(await registry(r.other.token))).toEqual(await body(await registry(r.own.token)));
  });

  it("is the observers' alone: staff are refused with 403", async () => {
    await expectProblem(await registry(api.organizer), 403, "forbidden");
  });
});
