import { sql, type Kysely } from "kysely";
import type { NgoScope } from "../auth/scope.ts";
import type { Database } from "../db/schema.ts";

/**
 * The observers whose reports statistics and coverage count: not deleted, of an active NGO, and in the caller's
 * scope. Read at query time (a small join) because deleting an observer or deactivating an NGO touches no answer.
 */
export function countedObservers(db: Kysely<Database>, scope: NgoScope) {
  let observers = db
    .selectFrom("observer as o")
    .innerJoin("ngo as n", "n.id", "o.ngoId")
    .select(["o.id", "o.name", "o.phone"])
    .where("o.deletedAt", "is", null)
    .where("n.isActive", "=", true);
  if (scope.kind === "ngo") observers = observers.where("o.ngoId", "=", scope.ngoId);
  return observers;
}

/**
 * Whether the observer id in `column` (snake_case, e.g. `r.observer_id`) is a counted observer in `scope`. For every
 * NGO it tests against the few observers left out (deleted, or of an inactive NGO), a small hashed set, rather than
 * joining every observer to every aggregate row; for one NGO against that NGO's counted observers.
 */
export function isCounted(scope: NgoScope, column: string) {
  const id = sql.ref(column);
  if (scope.kind === "all") {
    return sql<boolean>`${id} NOT IN (
      SELECT o.id FROM observer o JOIN ngo n ON n.id = o.ngo_id WHERE o.deleted_at IS NOT NULL OR NOT n.is_active)`;
  }
  return sql<boolean>`${id} IN (
    SELECT o.id FROM observer o JOIN ngo n ON n.id = o.ngo_id WHERE o.ngo_id = ${scope.ngoId} AND o.deleted_at IS NULL AND n.is_active)`;
}

/** Forms that the statistics single out by code. */
export const OPENING_FORM = "A";
export const COUNTING_FORM = "C";
