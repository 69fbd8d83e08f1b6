import type { Kysely } from "kysely";
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

export async function insertObserver(db: Kysely<Database>, ngo: OneNgo, input: Required<ObserverInput>): Promise<number> {
  const pinHash = await hashPin(input.pin);
  return withUniquePhone(db, input.phone, null, async () => {
    const row = await db
      .insertInto("observer")
      .values({ ngoId: ngo.ngoId, name: input.name, phone: input.phone, pinHash })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

/** An update of the live observer `id` that touches nothing outside the scope. */
function updateInScope(db: Kysely<Database>, scope: NgoScope, id: number) {
  const query = db.updateTable("observer").where("id", "=", id).where("deletedAt", "is", null);
  return scope.kind === "ngo" ? query.where("ngoId", "=", scope.ngoId) : query;
}

export async function updateObserver(db: Kysely<Database>, scope: NgoScope, id: number, input: ObserverInput): Promise<void> {
  const pinHash = input.pin === undefined ? undefined : await hashPin(input.pin);
  await withUniquePhone(db, input.phone, id, () =>
    updateInScope(db, scope, id)
      .set({ name: input.name, phone: input.phone, ...(pinHash === undefined ? {} : { pinHash }) })
      .execute(),
  );
}

/** Soft delete: answers, notes and station records keep pointing at the row; sign-in and push stop. */
export async function softDeleteObserver(db: Kysely<Database>, scope: NgoScope, id: number, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const deleted = await updateInScope(trx, scope, id).set({ deletedAt: now }).returning("id").execute();
    if (deleted.length === 0) return;
    await trx.deleteFrom("notificationRegistration").where("observerId", "=", id).execute();
  });
}

export async function resetPin(db: Kysely<Database>, scope: NgoScope, id: number, pin: string): Promise<void> {
  const pinHash = await hashPin(pin);
  await updateInScope(db, scope, id).set({ pinHash }).execute();
}

/** Forgets the registered device and its push registration, so the observer can sign in from a new phone. */
export async function forgetDevice(db: Kysely<Database>, scope: NgoScope, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const forgotten = await updateInScope(trx, scope, id).set({ deviceRegisterDate: null, mobileDeviceId: null }).returning("id").execute();
    if (forgotten.length === 0) return;
    await trx.deleteFrom("notificationRegistration").where("observerId", "=", id).execute();
  });
}
