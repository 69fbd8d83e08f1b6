import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { recordLiveEvents, type ThreadKey } from "../../live/record.ts";

export interface ClaimSweeper {
  start: () => void;
  stop: () => Promise<void>;
  /** Clears the claims that lapsed by now; answers how many. */
  sweep: () => Promise<number>;
}

/**
 * Frees the threads whose holder stopped renewing (a closed tab), so that they count as unhandled again and the
 * staff see them freed. Each lapsed claim is cleared by one UPDATE … RETURNING, so that two instances sweeping at
 * once record each lapse once; the lapse is dated when the claim expired. An archived round takes no events (its
 * claims were released when it was archived): its rows are left alone, or one would fail every sweep.
 */
export function createClaimSweeper({ db, clock, intervalMs = 5_000 }: { db: Kysely<Database>; clock: () => Date; intervalMs?: number }): ClaimSweeper {
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<number> | undefined;

  async function sweep(): Promise<number> {
    const now = clock();
    return db.transaction().execute(async (trx) => {
      // The lapses are recorded in the same statement: a row per lapsed claim as parameters would fail past 65,535
      // parameters (some 11,000 claims), and then every later sweep would too.
      const { rows } = await sql<ThreadKey>`
        WITH lapsed AS (
          SELECT election_round_id, observer_id, polling_station_id, claim_admin_id, claim_expires_at
          FROM answer_thread
          WHERE claim_admin_id IS NOT NULL AND claim_expires_at <= ${now}
            AND election_round_id IN (SELECT id FROM election_round WHERE status <> 'archived')
          ORDER BY observer_id, polling_station_id
          FOR UPDATE SKIP LOCKED
        ), freed AS (
          UPDATE answer_thread t SET claim_admin_id = NULL, claimed_at = NULL, claim_expires_at = NULL
          FROM lapsed
          WHERE t.observer_id = lapsed.observer_id AND t.polling_station_id = lapsed.polling_station_id
          RETURNING t.election_round_id, t.observer_id, t.polling_station_id, lapsed.claim_admin_id AS holder_id, lapsed.claim_expires_at AS expired_at
        ), recorded AS (
          INSERT INTO thread_event (election_round_id, observer_id, polling_station_id, kind, admin_id, admin_account, at)
          SELECT election_round_id, observer_id, polling_station_id, 'lapse', holder_id, (SELECT account FROM ngo_admin WHERE id = holder_id), expired_at
          FROM freed
        )
        SELECT election_round_id, observer_id, polling_station_id FROM freed`.execute(trx);
      if (rows.length === 0) return 0;
      await recordLiveEvents(trx, "claim", rows, null, now);
      return rows.length;
    });
  }

  // One sweep at a time per instance; a failed sweep is retried at the next tick.
  const tick = () => {
    if (running) return;
    running = sweep().catch((error: unknown) => {
      console.warn(`Claim sweep failed: ${error instanceof Error ? error.message : String(error)}`);
      return 0;
    });
    void running.finally(() => (running = undefined));
  };

  return {
    sweep,
    start() {
      timer ??= setInterval(tick, intervalMs);
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
