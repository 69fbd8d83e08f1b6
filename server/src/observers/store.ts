import type { Kysely } from "kysely";
import { changedFields, initialFields, secretChanged } from "../audit/changes.ts";
import { observerLabel } from "../audit/labels.ts";
import { recordAudit, type AuditRecord, type StaffAct } from "../audit/record.ts";
import { hashSecret, PIN_COST, type HashingLane } from "../auth/password.ts";
import type { NgoScope, OneNgo } from "../auth/scope.ts";
import type { Database } from "../db/schema.ts";
import { isUniqueViolation } from "../db/violations.ts";
import { fail, type ProblemError } from "../problem.ts";

/** Trims and collapses inner whitespace, as the contract promises for names. */
export const normalizeName = (name: string) => name.trim().replace(/\s+/g, " ");

export const hashPin = (pin: string, lane: HashingLane = "interactive") => hashSecret(pin, PIN_COST, lane);

const duplicatePhone = (phone: string): ProblemError =>
  fail.conflict("duplicate_phone", `Another observer already uses phone ${phone}.`, {
    phone: [{ code: "duplicate", message: `Another observer already uses phone ${phone}.` }],
  });

/** Checks first for a clear answer, and maps the index's violation for a concurrent writer that got in between. */
async function withUniquePhone<T>(db: Kysely<Database>, phone: string, exceptId: number | null, write: () => Promise<T>): Promise<T> {
  let taken = db.selectFrom("observer").select("id").where("phone", "=", phone).where("deletedAt", "is", null);
  if (exceptId !== null) taken = taken.where("id", "!=", exceptId);
  if (await taken.executeTakeFirst()) throw duplicatePhone(phone);
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicatePhone(phone);
    throw error;
  }
}

export interface ObserverInput {
  name: string;
  phone: string;
  pin?: string;
}

/** The audit entry of an action on one observer, named as it is (or was) after the action. */
const observerEntry = (
  action: AuditRecord["action"],
  observer: { id: number; ngoId: number; name: string; phone: string },
  changes: AuditRecord["changes"] = [],
): AuditRecord => ({ action, subject: { type: "observer", id: observer.id, label: observerLabel(observer) }, ngoId: observer.ngoId, roundId: null, changes });

export async function insertObserver(db: Kysely<Database>, ngo: OneNgo, input: Required<ObserverInput>, act: StaffAct): Promise<number> {
  const pinHash = await hashPin(input.pin);
  return withUniquePhone(db, input.phone, null, () =>
    db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto("observer")
        .values({ ngoId: ngo.ngoId, name: input.name, phone: input.phone, pinHash })
        .returning(["id", "ngoId", "name", "phone"])
        .executeTakeFirstOrThrow();
      await recordAudit(trx, act, [observerEntry("observer.created", row, initialFields(row, ["name", "phone"]))]);
      return row.id;
    }),
  );
}

/** The live observer `id` if it is in the scope, locked until the transaction ends. */
function lockInScope(db: Kysely<Database>, scope: NgoScope, id: number) {
  const query = db
    .selectFrom("observer")
    .select(["id", "ngoId", "name", "phone", "deviceRegisterDate"])
    .where("id", "=", id)
    .where("deletedAt", "is", null)
    .forUpdate();
  return (scope.kind === "ngo" ? query.where("ngoId", "=", scope.ngoId) : query).executeTakeFirst();
}

/** An update of the live observer `id` that touches nothing outside the scope. */
function updateInScope(db: Kysely<Database>, scope: NgoScope, id: number) {
  const query = db.updateTable("observer").where("id", "=", id).where("deletedAt", "is", null);
  return scope.kind === "ngo" ? query.where("ngoId", "=", scope.ngoId) : query;
}

/** Logged with the fields that changed (a new PIN by name only); a save that changes nothing is not logged. */
export async function updateObserver(db: Kysely<Database>, scope: NgoScope, id: number, input: ObserverInput, act: StaffAct): Promise<void> {
  const pinHash = input.pin === undefined ? undefined : await hashPin(input.pin);
  await withUniquePhone(db, input.phone, id, () =>
    db.transaction().execute(async (trx) => {
      const before = await lockInScope(trx, scope, id);
      if (!before) return;
      await updateInScope(trx, scope, id)
        .set({ name: input.name, phone: input.phone, ...(pinHash === undefined ? {} : { pinHash }) })
        .execute();
      const changes = [...changedFields(before, input, ["name", "phone"]), ...(pinHash === undefined ? [] : [secretChanged("pin")])];
      if (changes.length > 0) await recordAudit(trx, act, [observerEntry("observer.updated", { ...before, name: input.name, phone: input.phone }, changes)]);
    }),
  );
}

/** Soft delete: answers, notes and station records keep pointing at the row; sign-in and push stop. */
export async function softDeleteObserver(db: Kysely<Database>, scope: NgoScope, id: number, act: StaffAct): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const deleted = await updateInScope(trx, scope, id).set({ deletedAt: act.at }).returning(["id", "ngoId", "name", "phone"]).executeTakeFirst();
    if (!deleted) return;
    await trx.deleteFrom("notificationRegistration").where("observerId", "=", id).execute();
    await recordAudit(trx, act, [observerEntry("observer.deleted", deleted)]);
  });
}

export async function resetPin(db: Kysely<Database>, scope: NgoScope, id: number, pin: string, act: StaffAct): Promise<void> {
  const pinHash = await hashPin(pin);
  await db.transaction().execute(async (trx) => {
    const reset = await updateInScope(trx, scope, id).set({ pinHash }).returning(["id", "ngoId", "name", "phone"]).executeTakeFirst();
    if (reset) await recordAudit(trx, act, [observerEntry("observer.pinReset", reset)]);
  });
}

/**
 * Forgets the registered device and its push registration, so the observer can sign in from a new phone. Logged
 * as an update of `deviceRegisterDate` to null every time, since the push registration goes even without a date.
 */
export async function forgetDevice(db: Kysely<Database>, scope: NgoScope, id: number, act: StaffAct): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await lockInScope(trx, scope, id);
    if (!before) return;
    await updateInScope(trx, scope, id).set({ deviceRegisterDate: null, mobileDeviceId: null }).execute();
    await trx.deleteFrom("notificationRegistration").where("observerId", "=", id).execute();
    const change = { field: "deviceRegisterDate", from: before.deviceRegisterDate?.toISOString() ?? null, to: null };
    await recordAudit(trx, act, [observerEntry("observer.updated", before, [change])]);
  });
}
