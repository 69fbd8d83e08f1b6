import { expect } from "vitest";
import type { components } from "../../../openapi/schema.d.ts";
import type { SignedInServer } from "../../test/fixtures.ts";
import type { Admin } from "../auth/principal.ts";
import { stationId, type Reporters } from "../answers/reports-fixture.ts";

export type ThreadTriage = components["schemas"]["ThreadTriage"];
export type ThreadClaim = components["schemas"]["ThreadClaim"];
export type TriageSummary = components["schemas"]["TriageSummary"];
export type ThreadPage = components["schemas"]["AnswerThreadPage"];

export interface Staff {
  admin: Admin;
  token: string;
}

let accounts = 0;

/** A new admin of NGO 1 (the organizer NGO), signed in. */
export async function createStaff(api: SignedInServer, name: string): Promise<Staff> {
  const account = `${name}-${process.pid}-${++accounts}`;
  const created = await api.send("POST", "/api/v1/ngo/1/admins", api.organizer, { account, password: "triage secret 1" });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: number };
  return { admin: { kind: "admin", adminId: id, account, ngoId: 1, organizer: true }, token: await api.server.signIn(account, "triage secret 1") };
}

/** The thread paths of one pair. */
export const threadPath = (observerId: number, station: number, rest = "") => `/api/v1/answers/threads/${observerId}/${station}${rest}`;

/** Answers the reporters' single-choice question at a station of Alba: `flagged` picks the flagged option. */
export async function answerAt(api: SignedInServer, r: Reporters, who: Reporters["own"], number: number, flagged: boolean): Promise<number> {
  const response = await api.send("POST", "/api/v1/answers", who.token, {
    answers: [{ questionId: r.single.id, countyCode: "AB", pollingStationNumber: number, options: [{ optionId: flagged ? r.single.no : r.single.yes }] }],
  });
  expect(response.status).toBe(204);
  return stationId(api, "AB", number);
}

export async function readJson<T>(response: Response, status = 200): Promise<T> {
  expect(response.status).toBe(status);
  return (await response.json()) as T;
}
