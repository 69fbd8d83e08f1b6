import type { Kysely } from "kysely";
import { hashSecret, PIN_COST, type HashingLane } from "../auth/password.ts";
import type { Database } from "../db/schema.ts";
import { fail, type ProblemError } from "../http/problem.ts";

/** Trims and collapses inner whitespace, as the contract promises for names. */
export const normalizeName = (name: string) => name.trim().replace(/\s+/g, " ");

export const hashPin = (pin: string, lane: HashingLane = "interactive") => hashSecret(pin, PIN_COST, lane);

const duplicatePhone = (phone: string): ProblemError =>
  fail.conflict("duplicate_phone", `Another observer already uses phone ${phone}.`, {
    phone: [{ code: "duplicate", message: `Another observer already uses phone ${phone}.` }],
  });

/** PostgreSQL's unique_violation, as both pg and PGlite report it. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";
}

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

export async function insertObserver(db: Kysely<Database>, ngoId: number, input: Required<ObserverInput>): Promise<number> {
  const pinHash = await hashPin(input.pin);
  return withUniquePhone(db, input.phone, null, async () => {
    const row = await db
      .insertInto("observer")
      .values({ ngoId, name: input.name, phone: input.phone, pinHash })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

export async function updateObserver(db: Kysely<Database>, id: number, input: ObserverInput): Promise<void> {
  const pinHash = input.pin === undefined ? undefined : await hashPin(input.pin);
  await withUniquePhone(db, input.phone, id, () =>
    db
      .updateTable("observer")
      .set({ name: input.name, phone: input.phone, ...(pinHash === undefined ? {} : { pinHash }) })
      .where("id", "=", id)
      .where("deletedAt", "is", null)
      .execute(),
  );
}

/** Soft delete: answers, notes and station records keep pointing at the row; sign-in and push stop. */
export async function softDeleteObserver(db: Kysely<Database>, id: number, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("observer").set({ deletedAt: now }).where("id", "=", id).where("deletedAt", "is", null).execute();
    await trx.deleteFrom("notificationRegistration").where("observerId", "=", id).execute();
  });
}

export async function resetPin(db: Kysely<Database>, id: number, pin: string): Promise<void> {
  const pinHash = await hashPin(pin);
  await db.updateTable("observer").set({ pinHash }).where("id", "=", id).execute();
}

/** Forgets the registered device and its push registration, so the observer can sign in from a new phone. */
export async function forgetDevice(db: Kysely<Database>, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("observer").set({ deviceRegisterDate: null, mobileDeviceId: null }).where("id", "=", id).execute();
    await trx.deleteFrom("notificationRegistration").where("observerId", "=", id).execute();
  });
}
