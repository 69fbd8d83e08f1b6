import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Admin } from "../auth/principal.ts";
import type { Database } from "../db/schema.ts";
import { fail } from "../problem.ts";

/** Who a notification addresses: chosen observers, or every observer in the sender's scope. */
export type Audience = { kind: "selected"; observerIds: number[] } | { kind: "all" };

/** Whether the observer `o` works in the round: its NGO takes part in it (migration 022). */
const takesPart = (roundId: number) =>
  sql<boolean>`EXISTS (SELECT 1 FROM election_round_ngo p WHERE p.election_round_id = ${roundId} AND p.ngo_id = o.ngo_id)`;

/**
 * Refuses chosen recipients the admin may not address: an NGO admin naming anyone outside its NGO (existing or not)
 * is a 403; a recipient that does not exist (organizers), is deleted, or whose NGO takes no part in the round is a 400.
 */
export async function checkRecipients(db: Kysely<Database>, admin: Admin, roundId: number, observerIds: number[]): Promise<void> {
  const { rows: found } = await sql<{ id: number; ngoId: number; addressable: boolean }>`
    SELECT o.id, o.ngo_id, o.deleted_at IS NULL AND ${takesPart(roundId)} AS addressable
    FROM observer o WHERE o.id = ANY(${observerIds}::int[])`.execute(db);
  const byId = new Map(found.map((observer) => [observer.id, observer]));
  if (!admin.organizer && observerIds.some((id) => byId.get(id)?.ngoId !== admin.ngoId)) {
    throw fail.forbidden("NGO admins may notify their own NGO's observers only.");
  }
  const missing = observerIds.filter((id) => !byId.get(id)?.addressable);
  if (missing.length > 0) {
    const list = missing.slice(0, 10).join(", ") + (missing.length > 10 ? ", …" : "");
    throw fail.validation({ recipients: [{ code: "not_found", message: `No observer to notify in this election round with id ${list}.` }] });
  }
}

/**
 * The SQL condition on `o` (observer) that picks the audience's observers in a round; deleted observers never are.
 * The roster is across rounds and a round names its NGOs, not its observers: "all" is every live observer of the
 * sender's scope whose NGO takes part in the round, the observers who can work in it.
 */
export function audienceCondition(admin: Admin, roundId: number, audience: Audience): RawBuilder<boolean> {
  const scope =
    audience.kind === "selected"
      ? sql`o.id = ANY(${audience.observerIds}::int[])`
      : admin.organizer
        ? sql`o.ngo_id IN (SELECT id FROM ngo WHERE is_active)`
        : sql`o.ngo_id = ${admin.ngoId}`;
  return sql<boolean>`o.deleted_at IS NULL AND ${scope} AND ${takesPart(roundId)}`;
}
