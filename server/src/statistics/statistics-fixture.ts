import { sql } from "kysely";
import { expect } from "vitest";
import type { components } from "../../../openapi/schema.d.ts";
import type { SignedInServer } from "../../test/fixtures.ts";

type Form = components["schemas"]["Form"];
type Method = components["schemas"]["StatisticsMethod"];

/** A single-choice question of a demo form with its plain and its flagged option. */
export interface YesNo {
  id: number;
  plain: number;
  flagged: number;
}

export interface Observer {
  id: number;
  token: string;
}

/** A fresh NGO of its own with an admin, so that its statistics hold only what a suite sends. */
export interface FixtureNgo {
  id: number;
  admin: string;
}

/** The first two single-choice questions with exactly one flagged option of demo form `code` (A or C). */
export async function yesNoQuestions(api: SignedInServer, code: string): Promise<[YesNo, YesNo]> {
  const { id } = await api.db().selectFrom("form").select("id").where("code", "=", code).executeTakeFirstOrThrow();
  const form = (await (await api.get(`/api/v1/form/${id}`, api.organizer)).json()) as Form;
  const found = form.formSections
    .flatMap((section) => section.questions)
    .filter((q) => q.questionType === 1 && q.optionsToQuestions.filter((o) => o.flagged).length === 1)
    .map((q) => ({
      id: q.id,
      plain: q.optionsToQuestions.find((o) => !o.flagged)!.idOption,
      flagged: q.optionsToQuestions.find((o) => o.flagged)!.idOption,
    }));
  expect(found.length).toBeGreaterThanOrEqual(2);
  return [found[0]!, found[1]!];
}

export async function createNgo(api: SignedInServer, name: string): Promise<FixtureNgo> {
  const created = await api.send("POST", "/api/v1/ngo", api.organizer, { name, shortName: name, organizer: false, isActive: true });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const account = `stat-${name.toLowerCase()}-${id}`;
  const admin = await api.send("POST", `/api/v1/ngo/${id}/admins`, api.organizer, { account, password: "long enough secret" });
  expect(admin.status).toBe(201);
  return { id, admin: await api.server.signIn(account, "long enough secret") };
}

export async function createObserver(api: SignedInServer, ngo: FixtureNgo, phone: string): Promise<Observer> {
  const created = await api.send("POST", "/api/v1/observer", ngo.admin, { name: `Observator ${phone}`, phone, pin: "2468" });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const signIn = await api.server.request("/api/v2/access/observer", { method: "POST", json: { phone, pin: "2468" } });
  expect(signIn.status).toBe(200);
  return { id, token: ((await signIn.json()) as { access_token: string }).access_token };
}

/** One observer's answers at one station: each question with the option chosen. */
export async function answer(api: SignedInServer, observer: Observer, station: string, choices: [YesNo, "plain" | "flagged"][]) {
  const [countyCode, number] = station.split(" ");
  const answers = choices.map(([question, which]) => ({
    questionId: question.id,
    countyCode: countyCode!,
    pollingStationNumber: Number(number),
    options: [{ optionId: question[which] }],
  }));
  expect((await api.send("POST", "/api/v1/answers", observer.token, { answers })).status).toBe(204);
}

export async function arrive(api: SignedInServer, observer: Observer, station: string) {
  const [countyCode, number] = station.split(" ");
  const body = { countyCode, pollingStationNumber: Number(number), observerArrivalTime: api.server.clock.now.toISOString() };
  expect((await api.send("POST", "/api/v1/polling-station", observer.token, body)).status).toBe(200);
}

/**
 * A small hand-counted election in two fresh NGOs (see the table in statistics.test.ts): `x` active with three
 * observers, the third deleted after answering; `y` deactivated after its only observer answered. Answers at
 * AB 2 and the arrival at AB 3 are two hours old, the rest current: silence is measured against the database's
 * time, so the server clock is set to the real one (and the staff sign in again under it).
 */
export async function buildWorld(api: SignedInServer) {
  api.server.clock.now = new Date();
  api.organizer = await api.server.signIn("0700000001", "demo1234");
  api.ngo2Admin = await api.server.signIn("0700000002", "demo1234");
  const [a1, a2] = await yesNoQuestions(api, "A");
  const [c1, c2] = await yesNoQuestions(api, "C");
  const x = await createNgo(api, "Statistica");
  const y = await createNgo(api, "Inactiva");
  const o1 = await createObserver(api, x, "0799200001");
  const o2 = await createObserver(api, x, "0799200002");
  const o3 = await createObserver(api, x, "0799200003");
  const o4 = await createObserver(api, y, "0799200004");

  await answer(api, o1, "AB 2", [[a1, "plain"]]);
  await arrive(api, o1, "AB 3");
  await twoHoursEarlier(api, o1, "AB", [2, 3]);
  await answer(api, o1, "AB 1", [[a1, "flagged"], [a2, "flagged"], [c1, "flagged"]]);
  await answer(api, o2, "AB 1", [[a1, "flagged"], [c2, "plain"]]);
  await answer(api, o2, "CJ 5", [[c1, "flagged"], [c2, "flagged"]]);
  await answer(api, o2, "AB 10", [[c1, "flagged"]]);
  const [cj7] = await stationIds(api, "CJ", [7]);
  await api.db().insertInto("note").values({ observerId: o2.id, pollingStationId: cj7!, text: "Coadă", lastModified: new Date() }).execute();
  await answer(api, o3, "CJ 5", [[a1, "flagged"]]);
  await answer(api, o4, "AB 1", [[a1, "flagged"], [c1, "flagged"]]);
  expect((await api.send("DELETE", `/api/v1/observer?id=${o3.id}`, x.admin)).status).toBe(204);
  expect((await api.send("PATCH", `/api/v1/ngo/${y.id}/status`, api.organizer, { isActive: false })).status).toBe(200);
  return { x, y, o1, o2, o3, o4, a1, a2, c1, c2 };
}

export type World = Awaited<ReturnType<typeof buildWorld>>;

async function stationIds(api: SignedInServer, countyCode: string, numbers: number[]): Promise<number[]> {
  const rows = await api
    .db()
    .selectFrom("pollingStation as s")
    .innerJoin("county as c", "c.id", "s.countyId")
    .select("s.id")
    .where("c.code", "=", countyCode)
    .where("s.number", "in", numbers)
    .orderBy("s.number")
    .execute();
  return rows.map((row) => row.id);
}

/** Moves an observer's answers and station facts at some stations two hours back, as if sent then. */
async function twoHoursEarlier(api: SignedInServer, observer: Observer, countyCode: string, numbers: number[]) {
  const ids = await stationIds(api, countyCode, numbers);
  const earlier = sql<Date>`last_modified - interval '2 hours'`;
  await api.db().updateTable("answer").set({ lastModified: earlier }).where("observerId", "=", observer.id).where("pollingStationId", "in", ids).execute();
  await api
    .db()
    .updateTable("pollingStationInfo")
    .set({ lastModified: earlier, observerArrivalTime: sql<Date>`observer_arrival_time - interval '2 hours'` })
    .where("observerId", "=", observer.id)
    .where("pollingStationId", "in", ids)
    .execute();
}

/**
 * A statistic computed in JavaScript from the answers themselves, for an organizer or one NGO's admin, over the
 * observers that count (not deleted, active NGO).
 */
export async function groupedFromAnswers(api: SignedInServer, method: Method, ngoId: number | undefined) {
  const { rows } = await sql<{ observerId: number; formCode: string; flagged: boolean; countyCode: string; countyName: string; number: number }>`
    SELECT a.observer_id, f.code AS form_code, qo.flagged, c.code AS county_code, c.name AS county_name, s.number
    FROM answer a
    JOIN question_option qo ON qo.id = a.option_id JOIN question q ON q.id = qo.question_id
    JOIN form_section fs ON fs.id = q.section_id JOIN form f ON f.id = fs.form_id
    JOIN observer o ON o.id = a.observer_id JOIN ngo n ON n.id = o.ngo_id
    JOIN polling_station s ON s.id = a.polling_station_id JOIN county c ON c.id = s.county_id
    WHERE o.deleted_at IS NULL AND n.is_active AND (${ngoId ?? null}::int IS NULL OR o.ngo_id = ${ngoId ?? null}::int)`.execute(api.db());
  const byStation = method.startsWith("pollingStation");
  const formCode = /Opening/.test(method) ? "A" : /Counting/.test(method) ? "C" : undefined;
  const groups = new Map<string, { label: string; code: string; observers: Set<number>; flagged: number }>();
  for (const row of rows) {
    if (formCode !== undefined && row.formCode !== formCode) continue;
    const label = byStation ? `${row.countyCode} ${row.number}` : row.countyName;
    const group = groups.get(label) ?? { label, code: row.countyCode, observers: new Set<number>(), flagged: 0 };
    group.observers.add(row.observerId);
    if (row.flagged) group.flagged++;
    groups.set(label, group);
  }
  return [...groups.values()]
    .map((g) => ({ label: g.label, value: method === "observerNumber" ? g.observers.size : g.flagged, code: g.code }))
    .filter((item) => item.value > 0)
    .sort((p, q) => q.value - p.value || (p.label < q.label ? -1 : p.label > q.label ? 1 : 0));
}
