import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../src/db/database.ts";
import { migrate, migrationsDir, sqlFiles } from "../../src/db/migrate.ts";
import { bothEngines } from "../harness.ts";
import { databaseAt018, THROUGH, type DatabaseAt018 } from "./upgrade/database-at-018.ts";

/*
 * A deployment's database at migration 018, with a day of data in it (upgrade/018-data.sql), brought up to date by the
 * server's migrate(): what every table holds before and after. The expectations name every table, so a table a later
 * migration adds, drops or refills fails here until its expectation says what the upgrade does to it.
 */

/** The migrator's own ledger: not a table of the application. */
const LEDGER = "schema_migrations";

/** Rows per table once 018-data.sql is loaded: the derived tables as the triggers of 018 filled them. */
const AT_018: Record<string, number> = {
  answer: 15,
  answer_tally: 8,
  answer_thread: 7,
  audit_entry: 9,
  county: 43,
  form: 3,
  form_section: 4,
  idempotency_key: 2,
  live_event: 15,
  live_event_trim: 1,
  ngo: 2,
  ngo_admin: 3,
  note: 3,
  note_attachment: 3,
  notification: 2,
  notification_recipient: 6,
  notification_registration: 3,
  observer: 9,
  observer_activity: 7,
  polling_station: 30,
  polling_station_info: 5,
  question: 6,
  question_option: 15,
  sign_in_throttle: 2,
  station_assignment: 10,
  station_presence: 9,
  station_registry: 1,
  thread_event: 4,
};

/** Rows per table after the upgrade: a migration that adds, fills, empties or drops a table says so here. */
const UPGRADED: Record<string, number> = {
  ...AT_018,
  // 019: the deployment's one election, holding everything it produced.
  election_round: 1,
  // 022: every NGO takes part in it.
  election_round_ngo: 2,
  // 025: observers' idempotency keys start empty.
  observer_idempotency_key: 0,
  // 026: no browser has subscribed to Web Push yet; the VAPID pair is made at the first start, not by the migration.
  web_push_subscription: 0,
  web_push_vapid_key: 0,
};

/** Columns a migration after 018 drops: 020 keys the registry's version by round instead of a singleton flag. */
const DROPPED: Record<string, string[]> = { station_registry: ["singleton"] };

/** The tables whose rows name their election round (019). */
const ROUND_TABLES = [
  "answer",
  "answer_tally",
  "answer_thread",
  "form",
  "note",
  "notification",
  "polling_station",
  "polling_station_info",
  "station_assignment",
  "station_presence",
  "thread_event",
];

interface TableContents {
  columns: string[];
  rows: Record<string, unknown>[];
}

/** Every table of the application with its columns and rows (as JSON, so that any column type compares). */
async function contents(handle: DatabaseHandle): Promise<Map<string, TableContents>> {
  const { rows: columns } = await sql<{ tableName: string; columnName: string }>`
    SELECT c.table_name, c.column_name
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.table_name <> ${LEDGER}
    ORDER BY c.table_name, c.ordinal_position`.execute(handle.db);
  const tables = new Map<string, TableContents>();
  for (const { tableName, columnName } of columns) {
    const table = tables.get(tableName) ?? { columns: [], rows: [] };
    table.columns.push(columnName);
    tables.set(tableName, table);
  }
  for (const [name, table] of tables) {
    // As text: the camel-case plugin would rename the keys of a JSON value.
    const { rows } = await sql<{ row: string }>`SELECT to_jsonb(t)::text AS row FROM ${sql.table(name)} t`.execute(handle.db);
    table.rows = rows.map(({ row }) => JSON.parse(row) as Record<string, unknown>);
  }
  return tables;
}

const counts = (tables: Map<string, TableContents>) => Object.fromEntries([...tables].map(([name, { rows }]) => [name, rows.length]));

/** Each table's rows reduced to the given columns, in a stable order. */
function rowsIn(tables: Map<string, TableContents>, columnsOf: Map<string, TableContents>): Record<string, string[]> {
  return Object.fromEntries(
    [...columnsOf].map(([name, { columns }]) => [
      name,
      (tables.get(name)?.rows ?? []).map((row) => JSON.stringify(columns.map((column) => row[column]))).sort(),
    ]),
  );
}

const at = (time: string) => new Date(`2025-05-18T${time}+03:00`);

describe.each(bothEngines)("upgrading a database at migration 018 with a day of data, on %s", (engine) => {
  let database: DatabaseAt018;
  let before: Map<string, TableContents>;
  let applied: string[];
  let after: Map<string, TableContents>;
  beforeAll(async () => {
    database = await databaseAt018(engine);
    before = await contents(database.handle);
    applied = await migrate(database.handle);
    after = await contents(database.handle);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("starts from the fixture, its derived tables filled by the triggers of 018", () => {
    expect(counts(before)).toEqual(AT_018);
  });

  it("applies every migration after 018", () => {
    expect(applied).toEqual(sqlFiles(migrationsDir).filter((name) => name > THROUGH));
  });

  it("leaves each table with the rows the expectations name, and no table unnamed", () => {
    expect(counts(after)).toEqual(UPGRADED);
  });

  it("leaves every row as it was in the columns it had, but those a later migration drops", () => {
    const kept = new Map([...before].map(([name, table]) => [name, { ...table, columns: table.columns.filter((column) => !DROPPED[name]?.includes(column)) }]));
    expect(rowsIn(after, kept)).toEqual(rowsIn(before, kept));
  });

  it("makes the data its first election round, named after its busiest day and active, every row in it", async () => {
    const { db } = database.handle;
    const rounds = await db.selectFrom("electionRound").select(["id", "name", sql<string>`election_day::text`.as("day"), "status"]).execute();
    expect(rounds).toEqual([{ id: 1, name: "Alegeri 18.05.2025", day: "2025-05-18", status: "active" }]);
    for (const table of ROUND_TABLES) {
      const { rows } = await sql<{ round: number; rows: number }>`
        SELECT election_round_id AS round, count(*)::int AS rows FROM ${sql.table(table)} GROUP BY 1`.execute(db);
      expect(rows, table).toEqual([{ round: 1, rows: AT_018[table] }]);
    }
  });

  it("names round 1 in the log's entries about what rounds hold, none in those about NGOs, admins and observers", async () => {
    const { rows } = await sql<{ action: string; round: number | null }>`
      SELECT DISTINCT action, election_round_id AS round FROM audit_entry ORDER BY action`.execute(database.handle.db);
    const roundScoped = /^(form|forms|station|stations|thread|notification|observers)\./;
    expect(rows.length).toBeGreaterThan(3);
    for (const { action, round } of rows) expect(round, action).toBe(roundScoped.test(action) ? 1 : null);
  });

  it("keeps each thread's latest answer, flagged count, age clock, review and claim", async () => {
    const threads = await database.handle.db
      .selectFrom("answerThread")
      .select(["observerId", "pollingStationId", "lastModified", "flaggedCount", "urgentSince", "state", "claimAdminId"])
      .orderBy("observerId")
      .orderBy("pollingStationId")
      .execute();
    expect(threads).toEqual([
      { observerId: 1, pollingStationId: 1, lastModified: at("07:30"), flaggedCount: 3, urgentSince: at("07:30"), state: "in_progress", claimAdminId: 1 },
      { observerId: 1, pollingStationId: 2, lastModified: at("09:10"), flaggedCount: 0, urgentSince: null, state: "new", claimAdminId: null },
      { observerId: 2, pollingStationId: 3, lastModified: at("08:00"), flaggedCount: 1, urgentSince: at("08:00"), state: "resolved", claimAdminId: null },
      { observerId: 4, pollingStationId: 5, lastModified: at("07:50"), flaggedCount: 0, urgentSince: null, state: "new", claimAdminId: null },
      { observerId: 6, pollingStationId: 14, lastModified: at("08:20"), flaggedCount: 0, urgentSince: null, state: "new", claimAdminId: null },
      { observerId: 6, pollingStationId: 16, lastModified: at("09:05"), flaggedCount: 0, urgentSince: null, state: "new", claimAdminId: null },
      // Option 12, flagged after it was answered, counts: 11, 12 and 13.
      { observerId: 7, pollingStationId: 25, lastModified: at("08:12"), flaggedCount: 3, urgentSince: at("08:10"), state: "new", claimAdminId: null },
    ]);
  });

  it("keeps the per-form tallies and each observer's presence at each station", async () => {
    const { db } = database.handle;
    const tallies = await db
      .selectFrom("answerTally")
      .select(["formId", "answerCount", "flaggedCount", "lastModified"])
      .where("observerId", "=", 7)
      .where("pollingStationId", "=", 25)
      .orderBy("formId")
      .execute();
    expect(tallies).toEqual([
      { formId: 1, answerCount: 1, flaggedCount: 0, lastModified: at("08:12") },
      { formId: 2, answerCount: 3, flaggedCount: 3, lastModified: at("08:10") },
    ]);

    const presence = await db
      .selectFrom("stationPresence")
      .select(["observerId", "pollingStationId", "arrived", "noted", "formIds", "flaggedCount", "lastActivity"])
      .orderBy("observerId")
      .orderBy("pollingStationId")
      .execute();
    expect(presence).toEqual([
      { observerId: 1, pollingStationId: 1, arrived: true, noted: true, formIds: [1], flaggedCount: 3, lastActivity: at("07:35") },
      { observerId: 1, pollingStationId: 2, arrived: false, noted: false, formIds: [1], flaggedCount: 0, lastActivity: at("09:10") },
      { observerId: 2, pollingStationId: 3, arrived: true, noted: false, formIds: [1], flaggedCount: 1, lastActivity: at("13:00") },
      { observerId: 3, pollingStationId: 13, arrived: true, noted: true, formIds: [], flaggedCount: 0, lastActivity: at("07:55") },
      { observerId: 4, pollingStationId: 5, arrived: false, noted: false, formIds: [1], flaggedCount: 0, lastActivity: at("07:50") },
      { observerId: 6, pollingStationId: 14, arrived: false, noted: false, formIds: [1], flaggedCount: 0, lastActivity: at("08:20") },
      { observerId: 6, pollingStationId: 16, arrived: false, noted: false, formIds: [1], flaggedCount: 0, lastActivity: at("09:05") },
      { observerId: 7, pollingStationId: 25, arrived: true, noted: false, formIds: [1, 2], flaggedCount: 3, lastActivity: at("08:12") },
      { observerId: 8, pollingStationId: 26, arrived: true, noted: true, formIds: [], flaggedCount: 0, lastActivity: at("09:40") },
    ]);
  });

  it("keeps the live log, 'access' rows included, and the registry's version", async () => {
    const { db } = database.handle;
    const events = await db
      .selectFrom("liveEvent")
      .select(["kind", (eb) => eb.fn.countAll<number>().as("events")])
      .groupBy("kind")
      .orderBy("kind")
      .execute();
    expect(events).toEqual([
      { kind: "access", events: 1 },
      { kind: "answers", events: 7 },
      { kind: "claim", events: 1 },
      { kind: "comment", events: 1 },
      { kind: "note", events: 3 },
      { kind: "state", events: 2 },
    ]);

    // 016 started the registry at 1; three INSERTs of stations and the retirement raised it once each. 020 makes it round 1's.
    const registry = await db.selectFrom("stationRegistry").select(["electionRoundId", sql<number>`version::int`.as("version")]).execute();
    expect(registry).toEqual([{ electionRoundId: 1, version: 5 }]);
  });
});
