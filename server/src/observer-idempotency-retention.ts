import type { Kysely } from "kysely";
import { periodically, type PeriodicJob } from "./periodic.ts";
import type { Database } from "./db/schema.ts";

export interface ObserverKeyRetention extends PeriodicJob {
  /** Deletes the observers' Idempotency-Keys older than the kept period; answers how many. */
  purge(): Promise<number>;
}

export interface ObserverKeyRetentionOptions {
  db: Kysely<Database>;
  clock: () => Date;
  keepDays?: number;
  everyMilliseconds?: number;
}

/**
 * A key only matters while its request may still be sent again: a phone resends within hours, and staff import an
 * outbox file within days of the election; 30 days leaves a wide margin over both, after which a resend would be a new
 * write. Hourly, as the keys age by days. Instances may purge at the same time: each deletes what is left.
 */
export function createObserverKeyRetention({ db, clock, keepDays = 30, everyMilliseconds = 60 * 60_000 }: ObserverKeyRetentionOptions): ObserverKeyRetention {
  async function purge(): Promise<number> {
    const before = new Date(clock().getTime() - keepDays * 86_400_000);
    const result = await db.deleteFrom("observerIdempotencyKey").where("createdAt", "<", before).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  return { purge, ...periodically(purge, everyMilliseconds, "Could not purge the observers' idempotency keys:") };
}
