import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { components } from "../../../openapi/schema.d.ts";
import { DEMO_OBSERVERS } from "../../src/demo/accounts.ts";
import { expectProblem, signedIn, type SignedInServer } from "../fixtures.ts";
import { engines } from "../harness.ts";

type ElectionRound = components["schemas"]["ElectionRound"];
type ThreadPage = components["schemas"]["AnswerThreadPage"];
type FormList = { formVersions: { id: number; code: string; draft: boolean }[] };

/** Round-scoped tables, counted per round. */
const SCOPED = [
  "form", "polling_station", "station_assignment", "answer", "answer_tally", "answer_thread", "polling_station_info",
  "station_presence", "note", "notification", "thread_event",
] as const;

/*
 * The demo shows two rounds (issue 27): this year's, active and current, with the day the other suites count, and
 * last year's, archived, with forms, a registry and a smaller day of its own.
 */
describe.each(engines)("the demo's archived round on %s", (engine) => {
  let api = {} as SignedInServer;
  let archivedId = 0;

  const countsIn = async (roundId: number) => {
    const counts: Record<string, number> = {};
    for (const table of SCOPED) {
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE election_round_id = ${roundId}`.execute(api.db());
      counts[table] = rows[0]!.n;
    }
    return counts;
  };

  beforeAll(async () => {
    api = await signedIn(engine, { observers: 200 });
  });
  afterAll(() => api.server?.close());

  it("lists this year's round, active and current, then last year's, archived a week after its election day", async () => {
    const { rounds } = (await (await api.get("/api/v1/election-rounds", api.organizer)).json()) as { rounds: ElectionRound[] };
    expect(rounds.map(({ name, electionDay, status, current, ngoIds }) => ({ name, electionDay, status, current, ngoIds }))).toEqual([
      { name: "Prezidențiale 2026 — turul 1", electionDay: "2026-11-22", status: "active", current: true, ngoIds: [1, 2, 3] },
      // The inactive NGO did not take part last year.
      { name: "Prezidențiale 2025 — turul 2", electionDay: "2025-05-18", status: "archived", current: false, ngoIds: [1, 2] },
    ]);
    expect(rounds[0]!.id).toBe(1);
    const archived = rounds[1]!;
    archivedId = archived.id;
    expect(archived.createdAt < "2025-05-18").toBe(true);
    expect(archived.statusChangedAt > "2025-05-19" && archived.statusChangedAt < "2025-06-18").toBe(true);
    expect(archived.counts).toEqual({ forms: 4, publishedForms: 4, pollingStations: 19_171, assignments: expect.any(Number) as number });
    expect(archived.counts.assignments).toBeGreaterThan(0);
  });

  it("holds its own published forms and registry, and a smaller day of answers, notes and a notification", async () => {
    const formsIn = async (query: string) => ((await (await api.get(`/api/v1/form${query}`, api.organizer)).json()) as FormList).formVersions;
    const thisYear = await formsIn("");
    const lastYear = await formsIn(`?electionRoundId=${archivedId}`);
    expect(lastYear.map(({ code, draft }) => ({ code, draft }))).toEqual(["A", "B", "C", "D"].map((code) => ({ code, draft: false })));
    expect(lastYear.some((form) => thisYear.some((other) => other.id === form.id))).toBe(false);

    // Round 1 keeps exactly the rows it had before the archived round was added to the demo.
    const roundOne = await countsIn(1);
    expect(roundOne).toMatchObject({ form: 5, polling_station: 19_171, station_assignment: 188, answer: 4205, polling_station_info: 169, note: 60, notification: 3 });
    const lastDay = await countsIn(archivedId);
    expect(lastDay).toMatchObject({ form: 4, polling_station: 19_171, notification: 1, thread_event: 0 });
    for (const table of ["station_assignment", "answer", "answer_tally", "answer_thread", "polling_station_info", "station_presence", "note"]) {
      expect(lastDay[table], table).toBeGreaterThan(0);
      expect(lastDay[table]! < roundOne[table]!, table).toBe(true);
    }
    // Every row of the archived round points at its own stations and questions.
    const { rows: strays } = await sql<{ n: number }>`
      SELECT (SELECT count(*) FROM answer a JOIN polling_station s ON s.id = a.polling_station_id
                JOIN question_option qo ON qo.id = a.option_id JOIN question q ON q.id = qo.question_id
                JOIN form_section fs ON fs.id = q.section_id JOIN form f ON f.id = fs.form_id
              WHERE a.election_round_id = ${archivedId} AND (s.election_round_id <> ${archivedId} OR f.election_round_id <> ${archivedId}))
           + (SELECT count(*) FROM note n JOIN question q ON q.id = n.question_id JOIN form_section fs ON fs.id = q.section_id
                JOIN form f ON f.id = fs.form_id WHERE n.election_round_id = ${archivedId} AND f.election_round_id <> ${archivedId}) AS n`.execute(api.db());
    expect(Number(strays[0]!.n)).toBe(0);
  });

  it("dates its day on last year's election day, Bucharest time, and moves no observer's last activity back", async () => {
    const { rows } = await sql<{ days: string[] }>`
      SELECT array_agg(DISTINCT (at AT TIME ZONE 'Europe/Bucharest')::date::text) AS days FROM (
        SELECT last_modified AS at FROM answer WHERE election_round_id = ${archivedId}
        UNION ALL SELECT last_modified FROM note WHERE election_round_id = ${archivedId}
        UNION ALL SELECT observer_arrival_time FROM polling_station_info WHERE election_round_id = ${archivedId}
        UNION ALL SELECT sent_at FROM notification WHERE election_round_id = ${archivedId}) day`.execute(api.db());
    expect(rows[0]!.days).toEqual(["2025-05-18"]);
    const stale = await api.db().selectFrom("observerActivity").select("observerId").where("lastSeen", "<", new Date("2026-01-01")).execute();
    expect(stale).toEqual([]);
  });

  it("keeps urgent threads to read in its triage room, none of them claimed", async () => {
    const threads = async (query: string) => (await (await api.get(`/api/v1/answers?pageSize=100&${query}`, api.organizer)).json()) as ThreadPage;
    const urgent = await threads(`electionRoundId=${archivedId}&urgent=true`);
    expect(urgent.totalItems).toBeGreaterThan(0);
    expect(urgent.data.every((thread) => thread.claim === null && thread.flaggedCount > 0)).toBe(true);
    const { rows } = await sql<{ flagged: number; claimed: number }>`
      SELECT count(*) FILTER (WHERE flagged_count > 0)::int AS flagged, count(*) FILTER (WHERE claim_admin_id IS NOT NULL)::int AS claimed
      FROM answer_thread WHERE election_round_id = ${archivedId}`.execute(api.db());
    expect(rows[0]!.flagged).toBeGreaterThan(0);
    expect(rows[0]!.claimed).toBe(0);
    // Round 1's list does not show them.
    const current = await threads("");
    const archivedStations = new Set(urgent.data.map((thread) => thread.idPollingStation));
    expect(current.data.some((thread) => archivedStations.has(thread.idPollingStation))).toBe(false);
  });

  it("refuses a write into the archived round with 409 round_archived, from staff and observers alike", async () => {
    const before = await countsIn(archivedId);
    const forms = ((await (await api.get(`/api/v1/form?electionRoundId=${archivedId}`, api.organizer)).json()) as FormList).formVersions;
    const order = { formIds: forms.map((form) => form.id).reverse() };
    await expectProblem(await api.send("PUT", `/api/v1/form/order?electionRoundId=${archivedId}`, api.organizer, order), 409, "round_archived");
    const station = { countyCode: "AB", number: 9001 };
    await expectProblem(await api.send("POST", `/api/v1/polling-stations?electionRoundId=${archivedId}`, api.organizer, station), 409, "round_archived");

    const [demo] = DEMO_OBSERVERS;
    const signIn = await api.server.request("/api/v2/access/observer", { method: "POST", json: { phone: demo!.phone, pin: demo!.pin } });
    expect(signIn.status).toBe(200);
    const token = ((await signIn.json()) as { access_token: string }).access_token;
    const question = await api
      .db()
      .selectFrom("question as q")
      .innerJoin("formSection as s", "s.id", "q.sectionId")
      .innerJoin("form as f", "f.id", "s.formId")
      .innerJoin("questionOption as o", "o.questionId", "q.id")
      .where("f.electionRoundId", "=", archivedId)
      .where("f.code", "=", "A")
      .select(["q.id", "o.id as optionId"])
      .orderBy("q.id")
      .orderBy("o.id")
      .executeTakeFirstOrThrow();
    const late = { answers: [{ questionId: question.id, countyCode: "AB", pollingStationNumber: 1, options: [{ optionId: question.optionId }] }] };
    await expectProblem(await api.send("POST", `/api/v1/answers?electionRoundId=${archivedId}`, token, late), 409, "round_archived");
    expect(await countsIn(archivedId)).toEqual(before);
  });
});
