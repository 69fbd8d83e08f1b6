import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

export interface LiveSubscription {
  id: number;
  observerId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface SubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * The caller's browser from now on: the same endpoint again takes the new keys and is live again; an endpoint another
 * observer saved moves to the caller, since a browser is one person's at a time (the last to sign in).
 */
export async function saveSubscription(db: Kysely<Database>, observerId: number, { endpoint, keys }: SubscriptionInput, now: Date): Promise<void> {
  await db
    .insertInto("webPushSubscription")
    .values({ observerId, endpoint, p256dh: keys.p256dh, auth: keys.auth, createdAt: now })
    .onConflict((conflict) =>
      conflict.column("endpoint").doUpdateSet({ observerId, p256dh: keys.p256dh, auth: keys.auth, retiredAt: null, retiredReason: null }),
    )
    .execute();
}

/** Forgets the caller's subscription with this endpoint; another observer's is left alone. */
export async function deleteSubscription(db: Kysely<Database>, observerId: number, endpoint: string): Promise<void> {
  await db.deleteFrom("webPushSubscription").where("endpoint", "=", endpoint).where("observerId", "=", observerId).execute();
}

/** The live subscriptions of these observers. */
export async function liveSubscriptions(db: Kysely<Database>, observerIds: number[]): Promise<LiveSubscription[]> {
  if (observerIds.length === 0) return [];
  return db
    .selectFrom("webPushSubscription")
    .select(["id", "observerId", "endpoint", "p256dh", "auth"])
    .where("observerId", "=", sql<number>`ANY(${observerIds}::int[])`)
    .where("retiredAt", "is", null)
    .orderBy("id")
    .execute();
}

/**
 * Subscriptions the push service reported gone: nothing is pushed to them until their browser saves them again. One
 * saved again meanwhile (new keys) stays live.
 */
export async function retireSubscriptions(db: Kysely<Database>, gone: { subscription: LiveSubscription; reason: string }[], now: Date): Promise<void> {
  if (gone.length === 0) return;
  const values = gone.map(({ subscription, reason }) => sql`(${subscription.id}::int, ${subscription.auth}::text, ${reason}::text)`);
  await sql`
    UPDATE web_push_subscription s SET retired_at = ${now}, retired_reason = dead.reason
    FROM (VALUES ${sql.join(values)}) AS dead (id, auth, reason)
    WHERE s.id = dead.id AND s.auth = dead.auth AND s.retired_at IS NULL`.execute(db);
}
