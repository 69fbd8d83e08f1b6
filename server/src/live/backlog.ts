import { sql, type Kysely } from "kysely";
import type { Admin } from "../auth/principal.ts";
import type { Database } from "../db/schema.ts";
import { toLiveEvent, type LiveEvent } from "./events.ts";

export interface BacklogPage {
  events: LiveEvent[];
  /** The highest id retention has deleted: a client behind it has missed events for good. */
  trimmedThrough: number;
  /** The highest id the database has handed out (that retention has not hidden). */
  reached: number;
}

/**
 * The in-scope events of a round after `after`, read in one statement with the trim watermark, so that a trim between two
 * reads cannot pass for "no events".
 */
export async function readBacklog(db: Kysely<Database>, admin: Admin, roundId: number, after: number, limit: number): Promise<BacklogPage> {
  const scope = admin.organizer ? sql`` : sql`AND e.ngo_id = ${admin.ngoId}`;
  const { rows } = await sql<{ trimmed: number; reached: number; id: number | null; ngo: number | null; payload: unknown }>`
    SELECT t.trimmed_through AS trimmed,
      greatest(t.trimmed_through, (SELECT coalesce(max(id), 0) FROM live_event)) AS reached,
      page.id, page.ngo, page.payload
    FROM live_event_trim t
    LEFT JOIN LATERAL (
      SELECT e.id, e.ngo_id AS ngo, e.payload FROM live_event e
      WHERE e.id > ${after} AND e.kind <> 'access' AND e.election_round_id = ${roundId} ${scope}
      ORDER BY e.id LIMIT ${limit}
    ) page ON true
    ORDER BY page.id`.execute(db);
  const first = rows[0]!;
  return {
    trimmedThrough: Number(first.trimmed),
    reached: Number(first.reached),
    events: rows.filter((row) => row.id !== null).map((row) => toLiveEvent({ id: row.id!, ngoId: row.ngo!, electionRoundId: roundId, payload: row.payload })),
  };
}
