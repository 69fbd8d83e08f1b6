import type { Kysely } from "kysely";
import { hashSecret, PASSWORD_COST } from "../auth/password.ts";
import type { Database } from "../db/schema.ts";
import { fail, type ProblemError } from "../http/problem.ts";
import type { Admin } from "./observer-scope.ts";
import { isUniqueViolation } from "./observer-store.ts";
import { findNgo } from "./ngo-store.ts";

export interface NgoAdminRow {
  id: number;
  ngoId: number;
  account: string;
  createdAt: string;
}

const ADMIN_COLUMNS = ["id", "ngoId", "account", "createdAt"] as const;

const toBody = (row: { id: number; ngoId: number; account: string; createdAt: Date }): NgoAdminRow => ({
  id: row.id,
  ngoId: row.ngoId,
  account: row.account,
  createdAt: new Date(row.createdAt).toISOString(),
});

/**
 * The NGO whose admins the caller may manage: an organizer any existing NGO (404 otherwise); another admin
 * only its own, and any other NGO id, existing or not, is a 403.
 */
export async function managedNgo(db: Kysely<Database>, admin: Admin, ngoId: number): Promise<number> {
  if (!admin.organizer && ngoId !== admin.ngoId) throw fail.forbidden("Only organizers may manage another NGO's admins.");
  return (await findNgo(db, ngoId)).id;
}

export async function listNgoAdmins(db: Kysely<Database>, ngoId: number): Promise<NgoAdminRow[]> {
  const rows = await db.selectFrom("ngoAdmin").select(ADMIN_COLUMNS).where("ngoId", "=", ngoId).orderBy("account").orderBy("id").execute();
  return rows.map(toBody);
}

/** An admin of NGO `ngoId`; one of another NGO is a 404 like a missing one. */
export async function findNgoAdmin(db: Kysely<Database>, ngoId: number, adminId: number): Promise<NgoAdminRow> {
  const row = await db
    .selectFrom("ngoAdmin")
    .select(ADMIN_COLUMNS)
    .where("id", "=", adminId)
    .where("ngoId", "=", ngoId)
    .executeTakeFirst();
  if (!row) throw fail.notFound(`NGO ${ngoId} has no admin with id ${adminId}.`);
  return toBody(row);
}

const duplicateAccount = (account: string): ProblemError =>
  fail.conflict("duplicate_account", `The account ${account} is already in use.`, {
    account: [{ code: "duplicate", message: `The account ${account} is already in use.` }],
  });

/** Accounts are unique across all NGOs: checked first for a clear answer, and the index's violation mapped for a racing writer. */
export async function insertNgoAdmin(db: Kysely<Database>, ngoId: number, account: string, password: string): Promise<NgoAdminRow> {
  const taken = await db.selectFrom("ngoAdmin").select("id").where("account", "=", account).executeTakeFirst();
  if (taken) throw duplicateAccount(account);
  const passwordHash = await hashSecret(password, PASSWORD_COST);
  try {
    const row = await db
      .insertInto("ngoAdmin")
      .values({ ngoId, account, passwordHash })
      .returning(ADMIN_COLUMNS)
      .executeTakeFirstOrThrow();
    return toBody(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateAccount(account);
    throw error;
  }
}

export async function setNgoAdminPassword(db: Kysely<Database>, adminId: number, password: string): Promise<void> {
  const passwordHash = await hashSecret(password, PASSWORD_COST);
  await db.updateTable("ngoAdmin").set({ passwordHash }).where("id", "=", adminId).execute();
}

/** Removes the account; its tokens are refused from the next call on, and sent notifications keep their sender name. */
export async function deleteNgoAdmin(db: Kysely<Database>, adminId: number): Promise<void> {
  await db.deleteFrom("ngoAdmin").where("id", "=", adminId).execute();
}
