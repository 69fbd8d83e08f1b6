/** What the live tests need from the real test server: an observer who reports, through the API as the app does. */
import { expect } from "vitest";
import type { TestServer } from "../../../tests/support/test-server";

const ORGANIZER = "0700000001";

async function post(server: TestServer, path: string, body: unknown, token?: string): Promise<Response> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  return server.fetch(new Request(`http://localhost${path}`, { method: "POST", headers, body: JSON.stringify(body) }));
}

export interface Report {
  idObserver: number;
  idPollingStation: number;
}

/**
 * A new observer of the organizing NGO signs in and answers a question with a flagged option at a station nobody
 * reported from: a new thread, urgent and unhandled.
 */
export async function observerReportsFlaggedAnswer(server: TestServer, phone = "0799410091"): Promise<Report> {
  const created = await post(server, "/api/v1/observer", { name: "Observator Live", phone, pin: "2468" }, await server.tokenFor(ORGANIZER));
  expect(created.status).toBe(201);
  const { id: idObserver } = (await created.json()) as { id: number };
  const signIn = await post(server, "/api/v2/access/observer", { phone, pin: "2468" });
  expect(signIn.status).toBe(200);
  const { access_token: token } = (await signIn.json()) as { access_token: string };

  const option = await server.db
    .selectFrom("questionOption as o")
    .innerJoin("question as q", "q.id", "o.questionId")
    .innerJoin("formSection as s", "s.id", "q.sectionId")
    .innerJoin("form as f", "f.id", "s.formId")
    .select(["o.id as optionId", "q.id as questionId"])
    .where("o.flagged", "=", true)
    .where("o.isFreeText", "=", false)
    .where("f.draft", "=", false)
    .where("f.diaspora", "=", false)
    .orderBy("o.id")
    .executeTakeFirstOrThrow();
  const station = await server.db
    .selectFrom("pollingStation as p")
    .innerJoin("county as c", "c.id", "p.countyId")
    .select(["p.id", "p.number", "c.code"])
    .where("c.diaspora", "=", false)
    .where("p.id", "not in", server.db.selectFrom("answer").select("pollingStationId"))
    .orderBy("p.id")
    .executeTakeFirstOrThrow();
  const answers = [{ questionId: option.questionId, countyCode: station.code, pollingStationNumber: station.number, options: [{ optionId: option.optionId }] }];
  const submitted = await post(server, "/api/v1/answers", { answers }, token);
  expect(submitted.status).toBe(204);
  return { idObserver, idPollingStation: station.id };
}

/** The server's own count of unhandled urgent threads, for the organizer. */
export async function unhandledUrgent(server: TestServer): Promise<number> {
  return ((await server.ask("/api/v1/answers/summary", ORGANIZER)) as { unhandledUrgent: number }).unhandledUrgent;
}
