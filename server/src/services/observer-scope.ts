import type { Kysely } from "kysely";
import type { Principal } from "../auth/principal.ts";
import type { Database } from "../db/schema.ts";
import { fail } from "../http/problem.ts";

export type Admin = Extract<Principal, { kind: "admin" }>;

/**
 * The NGO whose observers a read may see: an organizer sees every NGO unless it names one; any other admin
 * sees its own, and naming another NGO is an explicit target outside its scope (403).
 */
export function readableNgo(admin: Admin, requested: number | undefined): number | null {
  if (admin.organizer) return requested ?? null;
  if (requested !== undefined && requested !== admin.ngoId) {
    throw fail.forbidden("Only organizers may read another NGO's observers.");
  }
  return admin.ngoId;
}

/** The NGO new observers join: the caller's own unless an organizer names an existing other one. */
export async function writableNgo(
  db: Kysely<Database>,
  admin: Admin,
  requested: number | undefined,
  field = "ngoId",
): Promise<number> {
  if (requested === undefined || requested === admin.ngoId) return admin.ngoId;
  if (!admin.organizer) throw fail.forbidden("Only organizers may add observers to another NGO.");
  const ngo = await db.selectFrom("ngo").select("id").where("id", "=", requested).executeTakeFirst();
  if (!ngo) throw fail.validation({ [field]: [{ code: "not_found", message: `There is no NGO with id ${requested}.` }] });
  return ngo.id;
}

/** A live observer the admin may manage; another NGO's observer is a 404 like a missing one, so nothing leaks. */
export async function findManagedObserver(
  db: Kysely<Database>,
  admin: Admin,
  by: { id: number } | { phone: string },
): Promise<{ id: number; ngoId: number }> {
  let query = db.selectFrom("observer").select(["id", "ngoId"]).where("deletedAt", "is", null);
  query = "id" in by ? query.where("id", "=", by.id) : query.where("phone", "=", by.phone);
  if (!admin.organizer) query = query.where("ngoId", "=", admin.ngoId);
  const observer = await query.executeTakeFirst();
  if (!observer) {
    throw fail.notFound("id" in by ? `No observer with id ${by.id}.` : `No observer with phone ${by.phone}.`);
  }
  return observer;
}
