import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { TokenClaims } from "./token.ts";

/** The contract's `x-roles`: who may call an operation. */
export type Role = "organizer" | "ngoAdmin" | "observer";

export type Admin = { kind: "admin"; adminId: number; account: string; ngoId: number; organizer: boolean };
export type Principal = Admin | { kind: "observer"; observerId: number; phone: string; ngoId: number };

/**
 * Re-reads the account behind a token on every call, so that deactivating an NGO, removing an admin or
 * deleting an observer cuts off tokens issued before, and organizer changes apply at once.
 */
export async function loadPrincipal(db: Kysely<Database>, claims: TokenClaims): Promise<Principal | null> {
  if (claims.role === "ngoAdmin") {
    const admin = (await loadAdmins(db, [claims.adminId])).get(claims.adminId);
    return admin?.account === claims.sub ? admin : null;
  }
  const row = await db
    .selectFrom("observer")
    .innerJoin("ngo", "ngo.id", "observer.ngoId")
    .select(["observer.id", "observer.phone", "observer.ngoId", "ngo.isActive"])
    .where("observer.id", "=", claims.observerId)
    .where("observer.deletedAt", "is", null)
    .executeTakeFirst();
  if (!row || !row.isActive) return null;
  return { kind: "observer", observerId: row.id, phone: row.phone, ngoId: row.ngoId };
}

/**
 * The admins behind these ids as a new request sees them, in one query: those whose NGO is active. A token is worth
 * its admin only while the account is still the one it was issued to (its subject).
 */
export async function loadAdmins(db: Kysely<Database>, adminIds: readonly number[]): Promise<Map<number, Admin>> {
  if (adminIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("ngoAdmin")
    .innerJoin("ngo", "ngo.id", "ngoAdmin.ngoId")
    .select(["ngoAdmin.id", "ngoAdmin.account", "ngoAdmin.ngoId", "ngo.organizer"])
    .where("ngo.isActive", "=", true)
    .where(sql<boolean>`ngo_admin.id = ANY(${[...adminIds]}::int[])`)
    .execute();
  return new Map(rows.map((row) => [row.id, { kind: "admin", adminId: row.id, account: row.account, ngoId: row.ngoId, organizer: row.organizer }]));
}

export function hasRole(principal: Principal, roles: Role[]): boolean {
  if (principal.kind === "observer") return roles.includes("observer");
  return roles.includes("ngoAdmin") || (principal.organizer && roles.includes("organizer"));
}
