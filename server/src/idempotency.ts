import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "./db/schema.ts";
import { fail, problem, ProblemError } from "./problem.ts";

/** The contract's IdempotencyKey header parameter. */
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

/** The request's Idempotency-Key, if any; the router checks no headers, so its form (the contract's) is checked here. */
export function idempotencyKeyOf(request: Request): string | undefined {
  const key = request.headers.get("idempotency-key")?.trim();
  if (!key) return undefined;
  if (!KEY_PATTERN.test(key)) {
    throw fail.validation({ "Idempotency-Key": [{ code: "pattern", message: "must be 8 to 100 letters, digits, '_' or '-'" }] });
  }
  return key;
}

/** JSON with every object's keys sorted, so that the same body always gives the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

/** What a key is held to: one operation, on one target, with one body (as the server reads it). */
export function requestFingerprint(operation: string, target: unknown, body: unknown): string {
  return createHash("sha256").update(canonicalJson({ operation, target, body })).digest("hex");
}

export const idempotencyKeyReused = () =>
  new ProblemError(
    problem(
      422,
      "idempotency_key_reused",
      "This Idempotency-Key was used for another request (another operation, target or body); a new request needs a new key.",
    ),
  );

/**
 * Claims the admin's key for the request in the transaction that does its work: true when the key is new (do the
 * work), false when the same request claimed it before (answer the first result), a 422 when another request did.
 * A concurrent claim of the same key waits here for the first transaction to end, so the work is done once.
 */
export async function claimIdempotencyKey(trx: Kysely<Database>, adminId: number, key: string, fingerprint: string): Promise<boolean> {
  const claimed = await trx
    .insertInto("idempotencyKey")
    .values({ adminId, key, fingerprint })
    .onConflict((conflict) => conflict.columns(["adminId", "key"]).doNothing())
    .returning("key")
    .executeTakeFirst();
  if (claimed) return true;
  const earlier = await trx
    .selectFrom("idempotencyKey")
    .select("fingerprint")
    .where("adminId", "=", adminId)
    .where("key", "=", key)
    .executeTakeFirstOrThrow();
  if (earlier.fingerprint !== fingerprint) throw idempotencyKeyReused();
  return false;
}
