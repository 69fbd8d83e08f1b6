import { sql } from "kysely";
import { describe, expect } from "vitest";
import type { components } from "../../../openapi/schema.d.ts";
import { expectProblem, serverTests, type SignedInServer } from "../fixtures.ts";
import { editable, type Form } from "../forms-support.ts";
import { engines } from "../harness.ts";
import { answer, buildWorld, groupedFromAnswers, type World } from "../fixtures/statistics-fixture.ts";

type StatisticsPage = components["schemas"]["StatisticsPage"];
type Method = components["schemas"]["StatisticsMethod"];

const tests = serverTests({ observers: 30 });

/*
 * The world of statistics-fixture.ts, as NGO "Statistica" sees it (o3 is deleted, NGO "Inactiva" with o4 inactive):
 *
 * | observer | station | form A flagged | form C flagged |
 * |---|---|---|---|
 * | o1 | AB 1 | 2 | 1 |
 * | o1 | AB 2 | 0 (one plain answer) | – |
 * | o2 | AB 1 | 1 | 0 (one plain answer) |
 * | o2 | CJ 5 | – | 2 |
 * | o2 | AB 10 | – | 1 |
 * | o3 (deleted) | CJ 5 | 1 | – |
 * | o4 (inactive NGO) | AB 1 | 1 | 1 |
 */
const expected: Record<Method, [string, number, string][]> = {
  observerNumber: [["Alba", 2, "AB"], ["Cluj", 1, "CJ"]],
  countiesIrregularities: [["Alba", 5, "AB"], ["Cluj", 2, "CJ"]],
  pollingStationIrregularities: [["AB 1", 4, "AB"], ["CJ 5", 2, "CJ"], ["AB 10", 1, "AB"]],
  countiesOpeningIrregularities: [["Alba", 3, "AB"]],
  pollingStationOpeningIrregularities: [["AB 1", 3, "AB"]],
  // A tie: by label.
  countiesByCountingIrregularities: [["Alba", 2, "AB"], ["Cluj", 2, "CJ"]],
  // Ties by label in byte order: "AB 1" before "AB 10".
  pollingStationsByCountingIrregularities: [["CJ 5", 2, "CJ"], ["AB 1", 1, "AB"], ["AB 10", 1, "AB"]],
};
const methods = Object.keys(expected) as Method[];
const items = (rows: [string, number, string][]) => rows.map(([label, value, code]) => ({ label, value, code }));

describe.each(engines)("statistics on %s", (engine) => {
  const it = tests[engine];
  let api = {} as SignedInServer;
  let w = {} as World;

  it.beforeAll(async ({ api: signedIn }) => {
    api = signedIn;
    w = await buildWorld(api);
  });

  const statistics = async (method: string, query = "", token = w.x.admin) => {
    const response = await api.get(`/api/v1/statistics/${method}?${query}`, token);
    expect(response.status).toBe(200);
    return (await response.json()) as StatisticsPage;
  };

  it.for(methods)("ranks %s by value, then label, over the caller's NGO's counted observers", async (method) => {
    const before = Date.now();
    const page = await statistics(method, "pageSize=10");
    const after = Date.now();
    expect(page).toEqual({ asOf: page.asOf, page: 1, pageSize: 10, totalItems: expected[method].length, totalPages: 1, data: items(expected[method]) });
    // The database's time of the query (same machine, so the real clock; not the server's test clock).
    expect(Date.parse(page.asOf)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(page.asOf)).toBeLessThanOrEqual(after + 1000);
  });

  it("pages exactly, with 5 per card by default and at least one page when empty", async () => {
    const first = await statistics("pollingStationIrregularities", "pageSize=2");
    const second = await statistics("pollingStationIrregularities", "pageSize=2&page=2");
    const beyond = await statistics("pollingStationIrregularities", "pageSize=2&page=3");
    expect([first.totalItems, first.totalPages, second.totalPages, beyond.totalItems]).toEqual([3, 2, 2, 3]);
    expect([...first.data, ...second.data, ...beyond.data]).toEqual(items(expected.pollingStationIrregularities));
    expect((await statistics("observerNumber")).pageSize).toBe(5);
  });

  it("answers an empty ranking with one page for an NGO without answers", async () => {
    const empty = await api.send("POST", "/api/v1/ngo", api.organizer, { name: "Goala", shortName: "G", organizer: false, isActive: true });
    const { id } = (await empty.json()) as { id: number };
    await api.send("POST", `/api/v1/ngo/${id}/admins`, api.organizer, { account: `stat-empty-${id}`, password: "long enough secret" });
    const token = await api.server.signIn(`stat-empty-${id}`, "long enough secret");
    const page = await statistics("countiesIrregularities", "", token);
    expect(page).toEqual({ asOf: page.asOf, page: 1, pageSize: 5, totalItems: 0, totalPages: 1, data: [] });
  });

  it("gives an organizer every NGO's counted observers, as the answers grouped straight from the table", async () => {
    for (const method of methods) {
      for (const [token, ngoId] of [[api.organizer, undefined], [api.ngo2Admin, 2]] as const) {
        const page = await statistics(method, "pageSize=1000", token);
        expect(page.data, `${method} for NGO ${ngoId ?? "all"}`).toEqual(await groupedFromAnswers(api, method, ngoId));
      }
    }
  });

  it.each([
    ["an unknown method", "/api/v1/statistics/voters"],
    ["pageSize 0", "/api/v1/statistics/observerNumber?pageSize=0"],
    ["pageSize 1001", "/api/v1/statistics/observerNumber?pageSize=1001"],
    ["page 0", "/api/v1/statistics/observerNumber?page=0"],
  ])("refuses %s", async (_, path) => {
    await expectProblem(await api.get(path, api.organizer), 400, "validation");
  });

  it("is refused to observers, to a deactivated NGO's admin and without a token", async () => {
    await expectProblem(await api.get("/api/v1/statistics/observerNumber", w.o1.token), 403, "forbidden");
    await expectProblem(await api.get("/api/v1/statistics/observerNumber", w.y.admin), 401, "unauthorized");
    await expectProblem(await api.get("/api/v1/statistics/observerNumber"), 401, "unauthorized");
  });

  describe("the per-form tally kept by the database", () => {
    const tallyMatchesAnswers = async () => {
      const kept = await sql`
        SELECT observer_id, polling_station_id, form_id, answer_count, flagged_count, last_modified FROM answer_tally ORDER BY 1, 2, 3`.execute(api.db());
      const grouped = await sql`
        SELECT a.observer_id, a.polling_station_id, fs.form_id, count(*)::int AS answer_count,
               (count(*) FILTER (WHERE qo.flagged))::int AS flagged_count, max(a.last_modified) AS last_modified
        FROM answer a JOIN question_option qo ON qo.id = a.option_id JOIN question q ON q.id = qo.question_id
        JOIN form_section fs ON fs.id = q.section_id GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`.execute(api.db());
      expect(kept.rows.length).toBeGreaterThan(20);
      expect(kept.rows).toEqual(grouped.rows);
    };

    it("follows replaced and withdrawn answers", async () => {
      await answer(api, w.o1, "AB 1", [[w.a2, "plain"]]);
      expect((await statistics("pollingStationOpeningIrregularities")).data).toEqual(items([["AB 1", 2, "AB"]]));
      const withdraw = { questionId: w.c1.id, countyCode: "AB", pollingStationNumber: 10, options: [] };
      expect((await api.send("POST", "/api/v1/answers", w.o2.token, { answers: [withdraw] })).status).toBe(204);
      expect((await statistics("pollingStationsByCountingIrregularities")).data).toEqual(items([["CJ 5", 2, "CJ"], ["AB 1", 1, "AB"]]));
      expect((await statistics("observerNumber")).data).toEqual(items(expected.observerNumber));
      await tallyMatchesAnswers();
    });

    it("recounts when a form flags or unflags an option that was chosen", async () => {
      const flagPlain = async (flagged: boolean) => {
        const { id } = await api.db().selectFrom("form").select("id").where("electionRoundId", "=", 1).where("code", "=", "C").executeTakeFirstOrThrow();
        const form = (await (await api.get(`/api/v1/form/${id}`, api.organizer)).json()) as Form;
        const body = editable(form);
        const option = body.formSections.flatMap((s) => s.questions).flatMap((q) => q.optionsToQuestions).find((o) => o.idOption === w.c2.plain)!;
        option.flagged = flagged;
        expect((await api.send("POST", "/api/v1/form", api.organizer, body)).status).toBe(200);
      };
      await flagPlain(true);
      expect((await statistics("countiesByCountingIrregularities")).data).toEqual(items([["Alba", 2, "AB"], ["Cluj", 2, "CJ"]]));
      await tallyMatchesAnswers();
      await flagPlain(false);
      expect((await statistics("countiesByCountingIrregularities")).data).toEqual(items([["Cluj", 2, "CJ"], ["Alba", 1, "AB"]]));
      await tallyMatchesAnswers();
    });
  });
});
