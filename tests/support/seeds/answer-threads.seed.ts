import { sql } from "kysely";
import type { TestDb } from "../test-server";
import { countyId } from "./stations.seed";

/**
 * The answers screens' test data, small enough that restoring it for every test costs milliseconds (the demo seed's
 * 19,000 polling stations cost over a second a test): the organizer NGO 1 with two admins (the user and a colleague
 * who claims threads from elsewhere), two forms, two observers and two answer threads.
 *
 * Ids differ between observers and stations, so that a request mixing them up finds nothing.
 *
 * - Thread A (Ana Pop at CJ 1): a flagged answer in form A and an answer in form B, station facts, a note about the
 *   station and a note on question A1.
 * - Thread B (Dan Stan at CJ 2): one answer in form A, nothing else.
 */
export const ME = "admin.cfr";
export const COLLEAGUE = "dan.cfr";
export const THREAD_A = { observerId: 3, pollingStationId: 10 } as const;
export const THREAD_B = { observerId: 5, pollingStationId: 20 } as const;

const ANSWERED_AT = "2026-11-22T07:30:00Z";

export async function twoAnswerThreads(db: TestDb) {
  await db.insertInto("ngo").values({ id: 1, name: "Code for Romania", shortName: "CfR", organizer: true, isActive: true }).execute();
  await db
    .insertInto("ngoAdmin")
    .values([
      { id: 1, ngoId: 1, account: ME, passwordHash: "not used: tokens are minted" },
      { id: 2, ngoId: 1, account: COLLEAGUE, passwordHash: "not used: tokens are minted" },
    ])
    .execute();
  const cluj = await countyId(db, "CJ");
  await db
    .insertInto("pollingStation")
    .values([
      { id: THREAD_A.pollingStationId, countyId: cluj, number: 1, address: "Strada Memorandumului 1" },
      { id: THREAD_B.pollingStationId, countyId: cluj, number: 2, address: "Strada Horea 2" },
    ])
    .execute();
  await db
    .insertInto("form")
    .values([
      { id: 1, code: "A", description: "Opening", currentVersion: 1, draft: false, displayOrder: 1, updatedAt: "2026-11-01T00:00:00Z" },
      { id: 2, code: "B", description: "Voting", currentVersion: 1, draft: false, displayOrder: 2, updatedAt: "2026-11-01T00:00:00Z" },
    ])
    .execute();
  await db
    .insertInto("formSection")
    .values([
      { id: 1, formId: 1, code: "A1", description: "Before the vote", orderNumber: 1 },
      { id: 2, formId: 2, code: "B1", description: "During the vote", orderNumber: 1 },
    ])
    .execute();
  await db
    .insertInto("question")
    .values([
      { id: 1, sectionId: 1, code: "A1", text: "Did the station open on time?", questionType: 0, orderNumber: 1 },
      { id: 2, sectionId: 1, code: "A2", text: "Were the ballots sealed?", questionType: 0, orderNumber: 2 },
      { id: 3, sectionId: 2, code: "B1", text: "Could everyone vote in secret?", questionType: 0, orderNumber: 1 },
    ])
    .execute();
  await db
    .insertInto("questionOption")
    .values([
      { id: 1, questionId: 1, text: "Yes", orderNumber: 1 },
      { id: 2, questionId: 1, text: "No", flagged: true, orderNumber: 2 },
      { id: 3, questionId: 2, text: "Yes", orderNumber: 1 },
      { id: 4, questionId: 2, text: "No", flagged: true, orderNumber: 2 },
      { id: 5, questionId: 3, text: "Yes", orderNumber: 1 },
      { id: 6, questionId: 3, text: "No", flagged: true, orderNumber: 2 },
    ])
    .execute();
  await db
    .insertInto("observer")
    .values([
      { id: THREAD_A.observerId, ngoId: 1, phone: "0722000001", name: "Ana Pop", pinHash: "not used" },
      { id: THREAD_B.observerId, ngoId: 1, phone: "0722000002", name: "Dan Stan", pinHash: "not used" },
    ])
    .execute();
  // The answer triggers derive the threads (answer_thread, answer_tally) as the server's own writes do.
  await db
    .insertInto("answer")
    .values([
      { ...answerOf(THREAD_A), optionId: 2, value: null, lastModified: ANSWERED_AT },
      { ...answerOf(THREAD_A), optionId: 5, value: null, lastModified: ANSWERED_AT },
      { ...answerOf(THREAD_B), optionId: 1, value: null, lastModified: "2026-11-22T07:20:00Z" },
    ])
    .execute();
  await db
    .insertInto("note")
    .values([
      { id: 1, ...answerOf(THREAD_A), questionId: null, text: "The door was locked until 7:10.", lastModified: "2026-11-22T07:10:00Z" },
      { id: 2, ...answerOf(THREAD_A), questionId: 1, text: "Opened twenty minutes late.", lastModified: "2026-11-22T07:25:00Z" },
    ])
    .execute();
  await db
    .insertInto("pollingStationInfo")
    .values({
      ...answerOf(THREAD_A),
      lastModified: "2026-11-22T07:05:00Z",
      observerArrivalTime: "2026-11-22T05:45:00Z",
      observerLeaveTime: null,
      urbanArea: true,
      isPresidentFemale: null,
    })
    .execute();
  // Rows inserted with their own ids leave the sequences behind: what the server inserts next must not collide.
  await sql`SELECT setval(pg_get_serial_sequence('ngo', 'id'), 100), setval(pg_get_serial_sequence('ngo_admin', 'id'), 100),
    setval(pg_get_serial_sequence('observer', 'id'), 100), setval(pg_get_serial_sequence('note', 'id'), 100),
    setval(pg_get_serial_sequence('form', 'id'), 100), setval(pg_get_serial_sequence('form_section', 'id'), 100),
    setval(pg_get_serial_sequence('question', 'id'), 100), setval(pg_get_serial_sequence('question_option', 'id'), 100),
    setval(pg_get_serial_sequence('polling_station', 'id'), 100)`.execute(db);
}

const answerOf = ({ observerId, pollingStationId }: { observerId: number; pollingStationId: number }) => ({ observerId, pollingStationId });
