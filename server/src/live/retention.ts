import { sql, type Kysely } from "kysely";
import { periodically, type PeriodicJob } from "../periodic.ts";
import type { Database } from "../db/schema.ts";

export interface LiveRetention extends PeriodicJob {
  /** Deletes the events older than the kept period; answers how many. */
  trim(): Promise<number>;
}

export interface LiveRetentionOptions {
  db: Kysely<Database>;
  clock: () => Date;
  keepHours?: number;
  everyMilliseconds?: number;
}

/**
 * Keeps the live log to its last 24 hours. It deletes a prefix of ids (up to the newest old enough) and raises the
 * trim watermark in the same statement, so a resuming stream can tell "nothing missed" from "trimmed". Instances
 * may trim at the same time: each deletes what is left and the watermark only rises.
 */
export function createLiveRetention({ db, clock, keepHours = 24, everyMilliseconds = 10 * 60_000 }: LiveRetentionOptions): LiveRetention {
  async function trim(): Promise<number> {
    const before = new Date(clock().getTime() - keepHours * 3_600_000);
    const { rows } = await sql<{ count: number }>`
      WITH gone AS (
        DELETE FROM live_event WHERE id <= (SELECT max(id) FROM live_event WHERE at < ${before}) RETURNING id
      )
      UPDATE live_event_trim SET trimmed_through = greatest(trimmed_through, (SELECT max(id) FROM gone))
      RETURNING (SELECT count(*) FROM gone)::int AS count`.execute(db);
    return Number(rows[0]?.count ?? 0);
  }

  return { trim, ...periodically(trim, everyMilliseconds, "Could not trim the live events:") };
}
