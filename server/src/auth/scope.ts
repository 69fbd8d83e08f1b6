import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { fail } from "../problem.ts";
import type { Admin, Principal } from "./principal.ts";

// Not exported: no other module can write a value of this brand, so every NgoScope comes from a function below.
declare const ngoScopeBrand: unique symbol;
type Branded<T> = T & { readonly [ngoScopeBrand]: true };

/** Exactly one NGO: the only scope a write may have. */
export type OneNgo = Branded<{ readonly kind: "ngo"; readonly ngoId: number }>;
/** Which NGOs' data a query may read or write: every NGO (organizers) or one. */
export type NgoScope = Branded<{ readonly kind: "all" }> | OneNgo;

const all = (): NgoScope => ({ kind: "all" }) as NgoScope;
const one = (ngoId: number): OneNgo => ({ kind: "ngo", ngoId }) as OneNgo;

/** Everything the admin may reach: an organizer every NGO, any other admin its own. */
export function scopeOf(admin: Admin): NgoScope {
  return admin.organizer ? all() : one(admin.ngoId);
}

/** The caller's own NGO, whoever the caller is. */
export function ownNgo(principal: Principal): OneNgo {
  return one(principal.ngoId);
}

/**
 * What a read may see: an organizer every NGO unless it names one; any other admin its own, and naming
 * another NGO is an explicit target outside its scope (403).
 */
export function readScope(admin: Admin, requested: number | undefined): NgoScope {
  if (admin.organizer) return requested === undefined ? all() : one(requested);
  if (requested !== undefined && requested !== admin.ngoId) {
    throw fail.forbidden("Only organizers may read another NGO's observers.");
  }
  return one(admin.ngoId);
}

/** The NGO new observers join: the caller's own unless an organizer names an existing other one. */
export async function joinScope(db: Kysely<Database>, admin: Admin, requested: number | undefined, field = "ngoId"): Promise<OneNgo> {
  if (requested === undefined || requested === admin.ngoId) return one(admin.ngoId);
  if (!admin.organizer) throw fail.forbidden("Only organizers may add observers to another NGO.");
  const ngo = await db.selectFrom("ngo").select("id").where("id", "=", requested).executeTakeFirst();
  if (!ngo) throw fail.validation({ [field]: [{ code: "not_found", message: `There is no NGO with id ${requested}.` }] });
  return one(ngo.id);
}

/**
 * The NGO whose accounts the caller may manage: an organizer any existing NGO (404 otherwise); another admin
 * only its own, and any other NGO id, existing or not, is a 403.
 */
export async function managedScope(db: Kysely<Database>, admin: Admin, ngoId: number): Promise<OneNgo> {
  if (!admin.organizer && ngoId !== admin.ngoId) throw fail.forbidden("Only organizers may manage another NGO's admins.");
  const ngo = await db.selectFrom("ngo").select("id").where("id", "=", ngoId).executeTakeFirst();
  if (!ngo) throw fail.notFound(`No NGO with id ${ngoId}.`);
  return one(ngo.id);
}

/** One NGO for the operator at the server's command line (`admin:create`), who sets up any NGO. */
export function operatorScope(ngoId: number): OneNgo {
  return one(ngoId);
}
