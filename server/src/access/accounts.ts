import type { Kysely } from "kysely";
import type { OneNgo } from "../auth/scope.ts";
import type { TokenClaims } from "../auth/token.ts";
import type { Database } from "../db/schema.ts";

/** What signing in needs to know about an account: its secret's hash, whether its NGO is active, and its claims. */
export interface SignInAccount {
  hash: string;
  claims: TokenClaims;
  active: boolean;
}

export async function findAdminAccount(db: Kysely<Database>, account: string): Promise<SignInAccount | undefined> {
  const row = await db
    .selectFrom("ngoAdmin")
    .innerJoin("ngo", "ngo.id", "ngoAdmin.ngoId")
    .select(["ngoAdmin.id", "ngoAdmin.account", "ngoAdmin.passwordHash", "ngoAdmin.ngoId", "ngo.organizer", "ngo.isActive"])
    .where("ngoAdmin.account", "=", account)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    hash: row.passwordHash,
    active: row.isActive,
    claims: { role: "ngoAdmin", sub: row.account, adminId: row.id, ngoId: row.ngoId, organizer: row.organizer },
  };
}

export async function findObserverAccount(db: Kysely<Database>, phone: string): Promise<SignInAccount | undefined> {
  const row = await db
    .selectFrom("observer")
    .innerJoin("ngo", "ngo.id", "observer.ngoId")
    .select(["observer.id", "observer.phone", "observer.pinHash", "observer.ngoId", "ngo.isActive"])
    .where("observer.phone", "=", phone)
    .where("observer.deletedAt", "is", null)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    hash: row.pinHash,
    active: row.isActive,
    claims: { role: "observer", sub: row.phone, observerId: row.id, ngoId: row.ngoId },
  };
}

export async function ngoName(db: Kysely<Database>, ngo: OneNgo): Promise<string> {
  return (await db.selectFrom("ngo").select("name").where("id", "=", ngo.ngoId).executeTakeFirstOrThrow()).name;
}
