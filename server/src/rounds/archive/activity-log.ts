import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { Cell } from "../../http/csv-field.ts";
import { streamCsv } from "../../http/csv-stream.ts";

const HEADER = ["id", "at", "action", "actorAccount", "actorNgo", "subjectType", "subjectId", "pollingStationId", "subjectLabel", "ngo", "count", "changes"];
const PAGE_SIZE = 1000;

interface LogRow {
  id: number;
  at: Date;
  action: string;
  actorAccount: string;
  actorNgoName: string;
  subjectType: string;
  subjectId: number | null;
  subjectStationId: number | null;
  subjectLabel: string;
  ngoName: string | null;
  count: number | null;
  changes: unknown;
}

const cells = (e: LogRow): Cell[] => [
  e.id, e.at.toISOString(), e.action, e.actorAccount, e.actorNgoName, e.subjectType, e.subjectId, e.subjectStationId, e.subjectLabel, e.ngoName, e.count,
  JSON.stringify(e.changes),
];

const LAYOUT = { header: HEADER, cells, textColumns: new Set([3, 4, 8, 9, 11]) };

/**
 * One page of the round's entries, oldest first, after the entry `after` (0: from the start): those naming the round
 * of their subject (migration 023: forms, stations, threads, notifications, assignments, and the round itself).
 */
function logPage(db: Kysely<Database>, roundId: number, after: number) {
  const cursor = after === 0 ? sql`true` : sql`(at, id) > (SELECT at, id FROM audit_entry WHERE id = ${after})`;
  return sql<LogRow>`
    SELECT id, at, action, actor_account, actor_ngo_name, subject_type, subject_id, subject_station_id, subject_label, ngo_name, count, changes
    FROM audit_entry WHERE election_round_id = ${roundId} AND ${cursor}
    ORDER BY at, id LIMIT ${PAGE_SIZE}`.execute(db);
}

/** The round's activity log as CSV, read a page at a time as the archive takes it; `counted` learns each page's size. */
export function activityLogCsv(db: Kysely<Database>, roundId: number, counted: (entries: number) => void): ReadableStream<Uint8Array> {
  async function* pages(): AsyncGenerator<LogRow[]> {
    for (let after = 0; ; ) {
      const { rows } = await logPage(db, roundId, after);
      if (rows.length === 0) return;
      counted(rows.length);
      yield rows;
      after = rows[rows.length - 1]!.id;
    }
  }
  return streamCsv(LAYOUT, pages());
}
