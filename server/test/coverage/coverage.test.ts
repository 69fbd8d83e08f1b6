import { sql } from "kysely";
import { describe, expect } from "vitest";
import type { components } from "../../../openapi/schema.d.ts";
import { expectProblem, serverTests, type SignedInServer } from "../fixtures.ts";
import { engines } from "../harness.ts";
import { DEMO_COUNTIES } from "../../src/demo/content/counties.ts";
import { arrive, buildWorld, createNgo, createObserver, type World } from "../fixtures/statistics-fixture.ts";

type Coverage = components["schemas"]["Coverage"];
type StationPage = components["schemas"]["CoverageStationPage"];
type Measure = components["schemas"]["CoverageMeasure"];

const tests = serverTests({ observers: 30 });

/** Each observer's presence at each station as the three tables say it, to compare with what the triggers keep. */
const PRESENCE_FROM_SOURCES = sql`
  SELECT k.observer_id, k.polling_station_id, coalesce(i.observer_arrival_time IS NOT NULL, false) AS arrived,
    n.last_modified IS NOT NULL AS noted, coalesce(x.form_ids, '{}') AS form_ids, coalesce(x.flagged_count, 0) AS flagged_count,
    greatest(x.last_modified, n.last_modified, i.last_modified) AS last_activity, s.election_round_id
  FROM (
    SELECT observer_id, polling_station_id FROM answer_tally UNION SELECT observer_id, polling_station_id FROM note
    UNION SELECT observer_id, polling_station_id FROM polling_station_info
  ) k
  JOIN polling_station s ON s.id = k.polling_station_id
  LEFT JOIN polling_station_info i ON i.observer_id = k.observer_id AND i.polling_station_id = k.polling_station_id
  LEFT JOIN (SELECT observer_id, polling_station_id, max(last_modified) AS last_modified FROM note GROUP BY 1, 2) n
    ON n.observer_id = k.observer_id AND n.polling_station_id = k.polling_station_id
  LEFT JOIN (
    SELECT observer_id, polling_station_id, array_agg(form_id ORDER BY form_id) AS form_ids, sum(flagged_count)::int AS flagged_count,
      max(last_modified) AS last_modified
    FROM answer_tally GROUP BY 1, 2
  ) x ON x.observer_id = k.observer_id AND x.polling_station_id = k.polling_station_id
  ORDER BY 1, 2`;

const zero = { assigned: 0, assignedNotArrived: 0, observed: 0, opened: 0, reporting: 0, counted: 0, silent: 0, irregularities: 0 };
/*
 * statistics-fixture.ts as NGO "Statistica" sees it: AB 1 (o1, o2: A and C, 4 flagged), AB 2 (o1: A, two hours
 * ago), AB 3 (o1 arrived two hours ago, nothing else), AB 10 (o2: C, 1 flagged), CJ 5 (o2: C, 2 flagged; o3's A
 * does not count, o3 is deleted), CJ 7 (a note of o2).
 */
const ab = { stations: 440, assigned: 0, assignedNotArrived: 0, observed: 4, opened: 2, reporting: 3, counted: 2, silent: 2, irregularities: 5 };
const cj = { stations: 664, assigned: 0, assignedNotArrived: 0, observed: 2, opened: 0, reporting: 1, counted: 1, silent: 0, irregularities: 2 };
const stationNumbers: Record<string, Partial<Record<Measure, number[]>>> = {
  AB: { observed: [1, 2, 3, 10], opened: [1, 2], reporting: [1, 2, 10], counted: [1, 10], silent: [2, 3] },
  CJ: { observed: [5, 7], opened: [], reporting: [5], counted: [5], silent: [] },
};

describe.each(engines)("coverage on %s", (engine) => {
  const it = tests[engine];
  let api = {} as SignedInServer;
  let w = {} as World;

  it.beforeAll(async ({ api: signedIn }) => {
    api = signedIn;
    w = await buildWorld(api);
  });

  const coverage = async (query = "", token = w.x.admin) => {
    const response = await api.get(`/api/v1/coverage?${query}`, token);
    expect(response.status).toBe(200);
    return (await response.json()) as Coverage;
  };
  const stations = async (query: string, token = w.x.admin) => {
    const response = await api.get(`/api/v1/coverage/stations?${query}`, token);
    expect(response.status).toBe(200);
    return (await response.json()) as StationPage;
  };

  it("counts each county's stations by the contract's definitions, every county in display order", async () => {
    const before = Date.now();
    const board = await coverage();
    expect(Math.abs(Date.parse(board.asOf) - before)).toBeLessThan(5000);
    expect(board.silentMinutes).toBe(30);
    expect(board.counties).toEqual(
      DEMO_COUNTIES.map((county) => ({
        countyCode: county.code,
        countyName: county.name,
        ...(county.code === "AB" ? ab : county.code === "CJ" ? cj : { stations: county.limit, ...zero }),
      })),
    );
    const stationsTotal = DEMO_COUNTIES.reduce((sum, county) => sum + county.limit, 0);
    expect(board.totals).toEqual({ stations: stationsTotal, assigned: 0, assignedNotArrived: 0, observed: 6, opened: 2, reporting: 4, counted: 3, silent: 2, irregularities: 7 });
  });

  it("measures silence against the minutes asked for", async () => {
    const board = await coverage("silentMinutes=180");
    expect(board.totals.silent).toBe(0);
  });

  it.for(["AB", "CJ"])("lists the stations behind each number of %s, with their counted observers", async (county) => {
    for (const [measure, numbers] of Object.entries(stationNumbers[county]!)) {
      const page = await stations(`county=${county}&measure=${measure}&pageSize=1000`);
      expect(page.data.map((s) => s.pollingStationNumber), measure).toEqual(numbers);
      expect(page.totalItems).toBe(numbers.length);
    }
    const observed = await stations(`county=${county}&measure=observed`);
    const names = observed.data.map((s) => [s.pollingStationName, s.observers.map((o) => o.id)]);
    expect(names).toEqual(
      county === "AB"
        ? [["AB 1", [w.o1.id, w.o2.id]], ["AB 2", [w.o1.id]], ["AB 3", [w.o1.id]], ["AB 10", [w.o2.id]]]
        : [["CJ 5", [w.o2.id]], ["CJ 7", [w.o2.id]]],
    );
    const [first, phone] = county === "AB" ? [w.o1, "0799200001"] : [w.o2, "0799200002"];
    expect(observed.data[0]!.countyCode).toBe(county);
    expect(observed.data[0]!.observers[0]).toEqual({ id: first.id, name: `Observator ${phone}`, phone });
    expect(observed.data.every((s) => s.lastActivity !== null)).toBe(true);
  });

  it("lists the unobserved stations page by page, as many as the board leaves out", async () => {
    const first = await stations("county=AB&measure=unobserved&pageSize=5");
    expect(first.data.map((s) => s.pollingStationNumber)).toEqual([4, 5, 6, 7, 8]);
    expect([first.totalItems, first.totalPages]).toEqual([ab.stations - ab.observed, Math.ceil((ab.stations - ab.observed) / 5)]);
    expect(first.data[0]).toMatchObject({ pollingStationName: "AB 4", lastActivity: null, observers: [], address: "Str. Mihai Viteazul nr. 62" });
    const beyond = await stations("county=AB&measure=unobserved&pageSize=1000&page=2");
    expect([beyond.data.length, beyond.totalItems, beyond.totalPages]).toEqual([0, 436, 1]);
  });

  it("counts the active stations with an assigned observer, and those where none of them arrived, in the caller's scope", async () => {
    const at = (countyCode: string, pollingStationNumber: number) => ({ countyCode, pollingStationNumber });
    const assign = async (observerId: number, token: string, ...refs: ReturnType<typeof at>[]) =>
      expect((await api.send("PUT", `/api/v1/observer/${observerId}/stations`, token, { stations: refs })).status).toBe(200);
    const other = await createNgo(api, "Alta");
    const o5 = await createObserver(api, other, "0799200005");
    type Figures = Record<"AB" | "BV" | "CJ" | "totals", number[]>;
    const figures = async (token: string): Promise<Figures> => {
      const board = await coverage("", token);
      const pick = (code: string) => {
        const county = board.counties.find((c) => c.countyCode === code)!;
        return [county.assigned, county.assignedNotArrived];
      };
      return { AB: pick("AB"), BV: pick("BV"), CJ: pick("CJ"), totals: [board.totals.assigned, board.totals.assignedNotArrived] };
    };
    // The organizer also sees the demo's own assignments: its figures are compared as what this test added to them.
    const demoFigures = await figures(api.organizer);
    // AB 1 (o1 and o2 answered there), AB 3 (o1 arrived) and BV 1 count as arrived once o1 arrives there. AB 2: o1
    // answered there but only o2 is assigned. AB 6 is retired. AB 7 belongs to another NGO's observer, AB 8 to the
    // deleted o3 and AB 9 to o4 of the inactive NGO (both written directly: the API refuses them).
    await assign(w.o1.id, w.x.admin, at("AB", 1), at("AB", 3), at("AB", 4), at("BV", 1));
    await assign(w.o2.id, w.x.admin, at("AB", 1), at("AB", 2), at("AB", 6), at("CJ", 5));
    await assign(o5.id, other.admin, at("AB", 7));
    const [ab6, ab8, ab9] = await api
      .db()
      .selectFrom("pollingStation as s")
      .innerJoin("county as c", "c.id", "s.countyId")
      .select("s.id")
      .where("s.electionRoundId", "=", 1)
      .where("c.code", "=", "AB")
      .where("s.number", "in", [6, 8, 9])
      .orderBy("s.number")
      .execute();
    await api
      .db()
      .insertInto("stationAssignment")
      .values([
        { observerId: w.o3.id, pollingStationId: ab8!.id },
        { observerId: w.o4.id, pollingStationId: ab9!.id },
      ])
      .execute();
    await api.db().updateTable("pollingStation").set({ status: "retired" }).where("id", "=", ab6!.id).execute();

    expect(await figures(w.x.admin)).toEqual({ AB: [4, 2], BV: [1, 1], CJ: [1, 0], totals: [6, 3] });
    expect(await figures(other.admin)).toEqual({ AB: [1, 1], BV: [0, 0], CJ: [0, 0], totals: [1, 1] });
    const added = (after: Figures, before: Figures) =>
      Object.fromEntries(Object.entries(after).map(([key, [assigned, waiting]]) => [key, [assigned! - before[key as keyof Figures][0]!, waiting! - before[key as keyof Figures][1]!]]));
    expect(added(await figures(api.organizer), demoFigures)).toEqual({ AB: [5, 3], BV: [1, 1], CJ: [1, 0], totals: [7, 4] });

    // Behind these numbers, each station's observers are its assigned ones: o1 answered at AB 2, o2 is to be called.
    const listed = async (measure: Measure, token: string) =>
      (await stations(`county=AB&measure=${measure}&pageSize=1000`, token)).data.map((s) => [s.pollingStationName, s.observers.map((o) => o.id)]);
    expect(await listed("assigned", w.x.admin)).toEqual([["AB 1", [w.o1.id, w.o2.id]], ["AB 2", [w.o2.id]], ["AB 3", [w.o1.id]], ["AB 4", [w.o1.id]]]);
    expect(await listed("assignedNotArrived", w.x.admin)).toEqual([["AB 2", [w.o2.id]], ["AB 4", [w.o1.id]]]);
    expect(await listed("assignedNotArrived", api.organizer)).toEqual([["AB 2", [w.o2.id]], ["AB 4", [w.o1.id]], ["AB 7", [o5.id]]]);
    expect(await listed("assignedNotArrived", other.admin)).toEqual([["AB 7", [o5.id]]]);
    const ab7 = (await stations("county=AB&measure=assigned&pageSize=1000", other.admin)).data[0]!;
    expect(ab7.observers).toEqual([{ id: o5.id, name: "Observator 0799200005", phone: "0799200005" }]);

    // An arrival takes BV 1 off the not-arrived list and leaves it assigned.
    await arrive(api, w.o1, "BV 1");
    expect((await figures(w.x.admin)).BV).toEqual([1, 0]);
    expect((await stations("county=BV&measure=assignedNotArrived", w.x.admin)).totalItems).toBe(0);
  });

  it("gives an organizer every active NGO's counted observers, and each cell equals its station list's total", async () => {
    for (const token of [api.organizer, api.ngo2Admin, w.x.admin]) {
      const board = await coverage("silentMinutes=45", token);
      for (const county of board.counties.filter((c) => c.observed > 0 || c.assigned > 0 || c.countyCode === "B")) {
        for (const measure of ["assigned", "assignedNotArrived", "observed", "opened", "reporting", "counted", "silent"] as const) {
          const page = await stations(`county=${county.countyCode}&measure=${measure}&silentMinutes=45&pageSize=1`, token);
          expect(page.totalItems, `${county.countyCode} ${measure}`).toBe(county[measure]);
        }
        const unobserved = await stations(`county=${county.countyCode}&measure=unobserved&silentMinutes=45&pageSize=1`, token);
        expect(unobserved.totalItems).toBe(county.stations - county.observed);
      }
    }
    // The inactive NGO's observer o4 answered at AB 1 only; the organizer does not see it among AB 1's observers.
    const ab1 = (await stations("county=AB&measure=observed&pageSize=1000", api.organizer)).data.find((s) => s.pollingStationNumber === 1)!;
    expect(ab1.observers.map((o) => o.id)).not.toContain(w.o4.id);
    expect(ab1.observers.map((o) => o.id)).toEqual(expect.arrayContaining([w.o1.id, w.o2.id]));
  });

  it.each([
    ["silentMinutes 0", "/api/v1/coverage?silentMinutes=0", 400, "validation"],
    ["silentMinutes 1441", "/api/v1/coverage?silentMinutes=1441", 400, "validation"],
    ["a station list without a measure", "/api/v1/coverage/stations?county=AB", 400, "validation"],
    ["an unknown measure", "/api/v1/coverage/stations?county=AB&measure=noisy", 400, "validation"],
    ["a malformed county", "/api/v1/coverage/stations?county=ab1&measure=observed", 400, "validation"],
    ["silentMinutes 1441 on the stations", "/api/v1/coverage/stations?county=AB&measure=silent&silentMinutes=1441", 400, "validation"],
    ["pageSize 0", "/api/v1/coverage/stations?county=AB&measure=observed&pageSize=0", 400, "validation"],
    ["pageSize 1001", "/api/v1/coverage/stations?county=AB&measure=observed&pageSize=1001", 400, "validation"],
    ["an unknown county", "/api/v1/coverage/stations?county=ZZ&measure=observed", 404, "not_found"],
  ])("refuses %s", async (_, path, status, code) => {
    await expectProblem(await api.get(path, api.organizer), status, code);
  });

  it("keeps each observer's presence in step with answers, notes and station facts as they change", async () => {
    const inStep = async () => {
      const kept = await sql`SELECT * FROM station_presence ORDER BY 1, 2`.execute(api.db());
      expect(kept.rows.length).toBeGreaterThan(20);
      expect(kept.rows).toEqual((await PRESENCE_FROM_SOURCES.execute(api.db())).rows);
    };
    await inStep();
    const ab10 = { countyCode: "AB", pollingStationNumber: 10 };
    // o2 withdraws its only answer at AB 10, leaves AB 3 after arriving there, and its note at CJ 7 is removed.
    expect((await api.send("POST", "/api/v1/answers", w.o2.token, { answers: [{ questionId: w.c1.id, ...ab10, options: [] }] })).status).toBe(204);
    const ab3 = { countyCode: "AB", pollingStationNumber: 3 };
    const now = api.server.clock.now.toISOString();
    expect((await api.send("POST", "/api/v1/polling-station", w.o2.token, { ...ab3, observerArrivalTime: now })).status).toBe(200);
    expect((await api.send("PUT", "/api/v1/polling-station", w.o2.token, { ...ab3, observerLeaveTime: now })).status).toBe(200);
    await api.db().deleteFrom("note").where("observerId", "=", w.o2.id).execute();
    await inStep();
    const board = await coverage();
    expect(board.counties.find((county) => county.countyCode === "AB")).toMatchObject({ observed: 3, reporting: 2, irregularities: 4 });
    expect(board.counties.find((county) => county.countyCode === "CJ")).toMatchObject({ observed: 1 });
  });

  it("is refused to observers and without a token", async () => {
    await expectProblem(await api.get("/api/v1/coverage", w.o1.token), 403, "forbidden");
    await expectProblem(await api.get("/api/v1/coverage/stations?county=AB&measure=observed"), 401, "unauthorized");
  });
});
