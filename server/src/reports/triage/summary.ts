import { sql, type Kysely } from "kysely";
import type { components } from "../../../../openapi/schema.d.ts";
import type { NgoScope } from "../../auth/scope.ts";
import type { Database } from "../../db/schema.ts";

type TriageSummary = components["schemas"]["TriageSummary"];

/**
 * The round's urgent threads nobody handles: flagged, `new`, and held by nobody (or by a claim that lapsed before the
 * sweeper cleared it). Two parts, so that the first reads answer_thread_unhandled_idx and the second, a few
 * lapsed claims at most, answer_thread_claim_expiry_idx.
 */
export async function readTriageSummary(db: Kysely<Database>, scope: NgoScope, roundId: number, now: Date): Promise<TriageSummary> {
  const inScope = scope.kind === "ngo" ? sql`AND observer_id IN (SELECT id FROM observer WHERE ngo_id = ${scope.ngoId})` : sql``;
  const { rows } = await sql<{ unhandledUrgent: number; oldestUnhandledSince: Date | null }>`
    SELECT count(*)::int AS unhandled_urgent, min(urgent_since) AS oldest_unhandled_since
    FROM (
      SELECT urgent_since FROM answer_thread
      WHERE election_round_id = ${roundId} AND flagged_count > 0 AND state = 'new' AND claim_admin_id IS NULL ${inScope}
      UNION ALL
      SELECT urgent_since FROM answer_thread
      WHERE claim_admin_id IS NOT NULL AND claim_expires_at <= ${now} AND election_round_id = ${roundId} AND flagged_count > 0 AND state = 'new' ${inScope}
    ) unhandled`.execute(db);
  const [row] = rows;
  return {
    unhandledUrgent: row?.unhandledUrgent ?? 0,
    oldestUnhandledSince: row?.oldestUnhandledSince?.toISOString() ?? null,
    serverTime: now.toISOString(),
  };
}
