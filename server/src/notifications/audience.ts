import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Admin } from "../auth/principal.ts";
import type { Database } from "../db/schema.ts";
import { fail } from "../problem.ts";

/** Who a notification addresses: chosen observers, or every observer in the sender's scope. */
export type Audience = { kind: "selected"; observerIds: number[] } | { kind: "all" };

/**
 * Refuses chosen recipients the admin may not address: an NGO admin naming anyone outside its NGO (existing or not)
 * is a 403; a recipient that does not exist (organizers) or is deleted is a 400.
 */
export async function checkRecipients(db: Kysely<Database>, admin: Admin, observerIds: number[]): Promise<void> {
  const found = await db
    .selectFrom("observer")
    .select(["id", "ngoId", "deletedAt"])
    .where("id", "=", sql<number>`ANY(${observerIds}::int[])`)
    .execute();
  const byId = new Map(found.map((observer) => [observer.id, observer]));
  if (!admin.organizer && observerIds.some((id) => byId.get(id)?.ngoId !== admin.ngoId)) {
    throw fail.forbidden("NGO admins may notify their own NGO's observers only.");
  }
  const missing = observerIds.filter((id) => !byId.get(id) || byId.get(id)!.deletedAt !== null);
  if (missing.length > 0) {
    const list = missing.slice(0, 10).join(", ") + (missing.length > 10 ? ", …" : "");
    throw fail.validation({ recipients: [{ code: "not_found", message: `No observer to notify with id ${list}.` }] });
  }
}

/** The SQL condition on `o` (observer) that picks the audience's observers; deleted observers never are. */
export function audienceCondition(admin: Admin, audience: Audience): RawBuilder<boolean> {
  const scope =
    audience.kind === "selected"
      ? sql`o.id = ANY(${audience.observerIds}::int[])`
      : admin.organizer
        ? sql`o.ngo_id IN (SELECT id FROM ngo WHERE is_active)`
        : sql`o.ngo_id = ${admin.ngoId}`;
  return sql<boolean>`o.deleted_at IS NULL AND ${scope}`;
}
