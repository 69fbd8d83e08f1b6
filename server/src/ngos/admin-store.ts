import type { Kysely } from "kysely";
import type { components } from "../../../openapi/schema.d.ts";
import { recordAudit, type AuditRecord, type Creator, type StaffAct } from "../audit/record.ts";
import { hashSecret } from "../auth/password.ts";
import type { OneNgo } from "../auth/scope.ts";
import { romanianOrder } from "../db/romanian-order.ts";
import type { Database } from "../db/schema.ts";
import { isUniqueViolation } from "../db/violations.ts";
import { fail, type ProblemError } from "../problem.ts";

export type NgoAdminRow = components["schemas"]["NgoAdmin"];

const ADMIN_COLUMNS = ["id", "ngoId", "account", "createdAt"] as const;

const adminEntry = (action: AuditRecord["action"], admin: { id: number; ngoId: number; account: string }, changes: AuditRecord["changes"] = []): AuditRecord => ({
  action,
  subject: { type: "ngoAdmin", id: admin.id, label: admin.account },
  ngoId: admin.ngoId,
  roundId: null,
  changes,
});

const toBody = (row: { id: number; ngoId: number; account: string; createdAt: Date }): NgoAdminRow => ({
  id: row.id,
  ngoId: row.ngoId,
  account: row.account,
  createdAt: new Date(row.createdAt).toISOString(),
});

export async function listNgoAdmins(db: Kysely<Database>, ngo: OneNgo): Promise<NgoAdminRow[]> {
  const rows = await db
    .selectFrom("ngoAdmin")
    .select(ADMIN_COLUMNS)
    .where("ngoId", "=", ngo.ngoId)
    .orderBy(romanianOrder("account"))
    .orderBy("id")
    .execute();
  return rows.map(toBody);
}

/** An admin of the NGO; one of another NGO is a 404 like a missing one. */
export async function findNgoAdmin(db: Kysely<Database>, ngo: OneNgo, adminId: number): Promise<NgoAdminRow> {
  const row = await db
    .selectFrom("ngoAdmin")
    .select(ADMIN_COLUMNS)
    .where("id", "=", adminId)
    .where("ngoId", "=", ngo.ngoId)
    .executeTakeFirst();
  if (!row) throw fail.notFound(`NGO ${ngo.ngoId} has no admin with id ${adminId}.`);
  return toBody(row);
}

const duplicateAccount = (account: string): ProblemError =>
  fail.conflict("duplicate_account", `The account ${account} is already in use.`, {
    account: [{ code: "duplicate", message: `The account ${account} is already in use.` }],
  });

/** Accounts are unique across all NGOs: checked first for a clear answer, and the index's violation mapped for a racing writer. */
export async function insertNgoAdmin(
  db: Kysely<Database>,
  ngo: OneNgo,
  account: string,
  password: string,
  creator: Creator,
  passwordCost: number,
): Promise<NgoAdminRow> {
  const taken = await db.selectFrom("ngoAdmin").select("id").where("account", "=", account).executeTakeFirst();
  if (taken) throw duplicateAccount(account);
  const passwordHash = await hashSecret(password, passwordCost);
  try {
    const row = await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto("ngoAdmin")
        .values({ ngoId: ngo.ngoId, account, passwordHash })
        .returning(ADMIN_COLUMNS)
        .executeTakeFirstOrThrow();
      if (creator !== "operator") {
        await recordAudit(trx, creator, [adminEntry("ngoAdmin.created", inserted, [{ field: "account", from: null, to: account }])]);
      }
      return inserted;
    });
    return toBody(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateAccount(account);
    throw error;
  }
}

export async function setNgoAdminPassword(
  db: Kysely<Database>,
  ngo: OneNgo,
  adminId: number,
  password: string,
  act: StaffAct,
  passwordCost: number,
): Promise<void> {
  const passwordHash = await hashSecret(password, passwordCost);
  await db.transaction().execute(async (trx) => {
    const admin = await trx
      .updateTable("ngoAdmin")
      .set({ passwordHash })
      .where("id", "=", adminId)
      .where("ngoId", "=", ngo.ngoId)
      .returning(["id", "ngoId", "account"])
      .executeTakeFirst();
    if (admin) await recordAudit(trx, act, [adminEntry("ngoAdmin.passwordReset", admin)]);
  });
}

/** Removes the account; its tokens are refused from the next call on, and sent notifications keep their sender name. */
export async function deleteNgoAdmin(db: Kysely<Database>, ngo: OneNgo, adminId: number, act: StaffAct): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const admin = await trx
      .deleteFrom("ngoAdmin")
      .where("id", "=", adminId)
      .where("ngoId", "=", ngo.ngoId)
      .returning(["id", "ngoId", "account"])
      .executeTakeFirst();
    if (admin) await recordAudit(trx, act, [adminEntry("ngoAdmin.deleted", admin)]);
  });
}
