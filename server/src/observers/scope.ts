import type { Kysely } from "kysely";
import type { NgoScope } from "../auth/scope.ts";
import type { Database } from "../db/schema.ts";
import { fail } from "../problem.ts";

/** A live observer in scope; another NGO's observer is a 404 like a missing one, so nothing leaks. */
export async function findManagedObserver(
  db: Kysely<Database>,
  scope: NgoScope,
  by: { id: number } | { phone: string },
): Promise<{ id: number; ngoId: number }> {
  let query = db.selectFrom("observer").select(["id", "ngoId"]).where("deletedAt", "is", null);
  query = "id" in by ? query.where("id", "=", by.id) : query.where("phone", "=", by.phone);
  if (scope.kind === "ngo") query = query.where("ngoId", "=", scope.ngoId);
  const observer = await query.executeTakeFirst();
  if (!observer) {
    throw fail.notFound("id" in by ? `No observer with id ${by.id}.` : `No observer with phone ${by.phone}.`);
  }
  return observer;
}
