import type { Kysely, Transaction } from "kysely";
import type { Database } from "./db/schema.ts";
import { idempotencyKeyOf, idempotencyKeyReused, requestFingerprint } from "./idempotency.ts";

/** An observer's write's answer as it is kept with its key: the status and the JSON body (none for a 204). */
export interface WriteAnswer {
  status: number;
  body: object | null;
}

/** One observer's Idempotency-Key, held to one request by its fingerprint (idempotency.ts). */
export interface ObserverKey {
  observerId: number;
  key: string;
  fingerprint: string;
}

/**
 * The key the request claims, or none without an Idempotency-Key header. The round is the target: the same key and
 * body in another round is another request. `body` is the request as the server reads it.
 */
export function observerKeyOf(request: Request, observerId: number, operation: string, roundId: number, body: unknown): ObserverKey | undefined {
  const key = idempotencyKeyOf(request);
  if (key === undefined) return undefined;
  return { observerId, key, fingerprint: requestFingerprint(operation, { electionRoundId: roundId }, body) };
}

/**
 * Does `work` in one transaction with the claim of the key: a new key is claimed and the answer kept with it; a key
 * the same request claimed before answers that first answer and does nothing (`replayed`); a key of another request
 * is a 422. A concurrent claim of the same key waits for the first transaction to end, so the work is done once;
 * work that fails rolls its claim back with it, so a fixed resend may use the key again.
 */
export async function writeOnce(
  db: Kysely<Database>,
  key: ObserverKey | undefined,
  work: (trx: Transaction<Database>) => Promise<WriteAnswer>,
): Promise<WriteAnswer & { replayed: boolean }> {
  return db.transaction().execute(async (trx) => {
    if (key) {
      const earlier = await claim(trx, key);
      if (earlier) return { ...earlier, replayed: true };
    }
    const answer = await work(trx);
    if (key) {
      await trx
        .updateTable("observerIdempotencyKey")
        .set({ status: answer.status, body: answer.body === null ? null : JSON.stringify(answer.body) })
        .where("observerId", "=", key.observerId)
        .where("key", "=", key.key)
        .execute();
    }
    return { ...answer, replayed: false };
  });
}

/** The first answer to a key claimed (and committed) before, undefined for a free key, a 422 for another request's. */
export async function earlierAnswer(db: Kysely<Database>, key: ObserverKey): Promise<WriteAnswer | undefined> {
  const row = await db
    .selectFrom("observerIdempotencyKey")
    .select(["fingerprint", "status", "body"])
    .where("observerId", "=", key.observerId)
    .where("key", "=", key.key)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.fingerprint !== key.fingerprint) throw idempotencyKeyReused();
  return { status: row.status!, body: row.body };
}

/** Claims a free key (undefined), or reads the first answer of a taken one once its claim has committed. */
async function claim(trx: Transaction<Database>, key: ObserverKey): Promise<WriteAnswer | undefined> {
  const claimed = await trx
    .insertInto("observerIdempotencyKey")
    .values({ observerId: key.observerId, key: key.key, fingerprint: key.fingerprint })
    .onConflict((conflict) => conflict.columns(["observerId", "key"]).doNothing())
    .returning("key")
    .executeTakeFirst();
  if (claimed) return undefined;
  const earlier = await earlierAnswer(trx, key);
  if (!earlier) throw new Error(`The Idempotency-Key ${key.key} was taken and is gone again.`);
  return earlier;
}

/** The HTTP answer; the first answer given again says so, so that a client can tell a resend from a new write. */
export function answerOf({ status, body, replayed }: WriteAnswer & { replayed: boolean }): Response {
  const headers: Record<string, string> = replayed ? { "idempotent-replayed": "true" } : {};
  if (body === null) return new Response(null, { status, headers });
  return new Response(JSON.stringify(body), { status, headers: { ...headers, "content-type": "application/json" } });
}
