import { hashSecret, PIN_COST } from "../../auth/password.ts";
import type { ObserverPlan } from "../plan.ts";
import type { Ids, Tx } from "./ids.ts";
import type { NgoIds } from "./ngos.ts";

const HASH_CONCURRENCY = 16;

/** Hashed before the transaction opens, in the bulk lane so that sign-ins are not held up; in the given order. */
export async function hashPins(observers: ObserverPlan[]): Promise<string[]> {
  const hashes: string[] = [];
  for (let start = 0; start < observers.length; start += HASH_CONCURRENCY) {
    const chunk = observers.slice(start, start + HASH_CONCURRENCY);
    hashes.push(...(await Promise.all(chunk.map((observer) => hashSecret(observer.pin, PIN_COST, "bulk")))));
  }
  return hashes;
}

/** Returns observer ids by phone. */
export async function insertObservers(trx: Tx, observers: ObserverPlan[], pinHashes: string[], ngoIds: NgoIds): Promise<Ids> {
  if (observers.length === 0) return new Map();
  const rows = await trx
    .insertInto("observer")
    .values(
      observers.map((observer, index) => ({
        ngoId: ngoIds.ngos.get(observer.ngo)!,
        phone: observer.phone,
        name: observer.name,
        pinHash: pinHashes[index]!,
        deviceRegisterDate: observer.deviceRegisterDate,
        mobileDeviceId: observer.mobileDeviceId,
        createdAt: observer.createdAt,
        deletedAt: observer.deletedAt,
      })),
    )
    .returning(["id", "phone"])
    .execute();
  return new Map(rows.map((row) => [row.phone, row.id]));
}
