import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/schema.ts";
import { isRoundArchived } from "../../src/db/violations.ts";
import { expectProblem } from "../fixtures.ts";
import { bothEngines, startTestServer, type TestServer } from "../harness.ts";

/** The tables round_archived_guard.sql guards (migration 019): each holds demo rows (a comment is added to a thread). */
const GUARDED = [
  "polling_station",
  "station_assignment",
  "form",
  "answer",
  "note",
  "polling_station_info",
  "thread_event",
  "notification",
] as const;

const setStatus = (db: Kysely<Database>, status: "active" | "archived") =>
  db.updateTable("electionRound").set({ status, statusChangedAt: new Date() }).where("id", "=", 1).execute();

/** What a statement's failure was: "archived" for the guard's refusal, else the error itself. */
async function refusal(statement: Promise<unknown>): Promise<unknown> {
  try {
    await statement;
    return "written";
  } catch (error) {
    return isRoundArchived(error) ? "archived" : error;
  }
}

describe.each(bothEngines)("an archived election round on %s", (engine) => {
  let server: TestServer;
  let organizer: string;
  beforeAll(async () => {
    server = await startTestServer(engine, { observers: 20 });
    organizer = await server.signIn("0700000001", "demo1234");
  });
  afterAll(() => server?.close());

  it("refuses every change to its rows in the database, and the server answers it as 409 round_archived", async () => {
    const { db } = server.handle;
    const counts = async (): Promise<Record<string, number | undefined>> =>
      Object.fromEntries(
        await Promise.all(GUARDED.map(async (table) => [table, (await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(db)).rows[0]?.n] as const)),
      );
    await sql`
      INSERT INTO thread_event (observer_id, polling_station_id, kind, at, text)
      SELECT observer_id, polling_station_id, 'comment', now(), 'Sunat observatorul' FROM answer_thread LIMIT 1`.execute(db);
    const before = await counts();
    for (const table of GUARDED) expect(before[table], table).toBeGreaterThan(0);
    await setStatus(db, "archived");

    for (const table of GUARDED) {
      expect(await refusal(sql`UPDATE ${sql.table(table)} SET election_round_id = election_round_id`.execute(db)), table).toBe("archived");
    }
    expect(await refusal(sql`DELETE FROM thread_event`.execute(db))).toBe("archived");
    const station = { countyCode: "CJ", number: 9001, locality: "Cluj-Napoca" };
    await expectProblem(await server.request("/api/v1/polling-stations", { method: "POST", token: organizer, json: station }), 409, "round_archived");
    expect(await counts()).toEqual(before);

    await setStatus(db, "active");
    const added = await server.request("/api/v1/polling-stations", { method: "POST", token: organizer, json: station });
    expect(added.status).toBe(201);
  });
});

// PGlite has one session: two transactions cannot interleave there.
describe.runIf(bothEngines.includes("postgres"))("archiving a round while a write into it is under way, on postgres", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("postgres", { seed: false });
  });
  afterAll(() => server?.close());

  it("waits for the write to commit, then refuses the next one: a write is wholly before the archive or refused", async () => {
    const { db } = server.handle;
    const county = await db.selectFrom("county").select("id").where("code", "=", "AB").executeTakeFirstOrThrow();
    const archiving = { done: false };
    let archive: Promise<unknown> | undefined;
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("pollingStation").values({ countyId: county.id, number: 1 }).execute();
      archive = setStatus(db, "archived").then(() => (archiving.done = true));
      // The archive waits on the round's share lock, which this transaction holds until it commits.
      await expect
        .poll(async () => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE 'update "election_round"%'`.execute(db)).rows[0]?.n)
        .toBe(1);
      expect(archiving.done).toBe(false);
    });
    await archive;
    expect(await db.selectFrom("pollingStation").select("number").where("countyId", "=", county.id).execute()).toEqual([{ number: 1 }]);
    expect(await refusal(db.insertInto("pollingStation").values({ countyId: county.id, number: 2 }).execute())).toBe("archived");
  });
});
