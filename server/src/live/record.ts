import { sql, type Kysely } from "kysely";
import type { Database, LiveEventKind } from "../db/schema.ts";

/** An observer's reports at a station; the station is of one round, so this names a thread. */
export interface ObserverAtStation {
  observerId: number;
  pollingStationId: number;
}

/** A thread with its round (named as thread_event's column, so that a key spreads into a new event). */
export interface ThreadKey extends ObserverAtStation {
  electionRoundId: number;
}

/**
 * Appends a live event per thread, carrying the thread as it is now (db/functions/record_live_events.sql), and
 * wakes every instance's listener when the transaction commits. Call it last in the transaction that makes the
 * change, so that the events carry the thread as committed; their ids are given at the commit, in commit order
 * (db/functions/live_event_take_place.sql).
 */
export async function recordLiveEvents(
  db: Kysely<Database>,
  kind: LiveEventKind,
  threads: readonly ObserverAtStation[],
  actor: string | null,
  at: Date,
): Promise<void> {
  if (threads.length === 0) return;
  const observerIds = threads.map((thread) => thread.observerId);
  const stationIds = threads.map((thread) => thread.pollingStationId);
  await sql`SELECT record_live_events(${kind}, ${observerIds}::int[], ${stationIds}::int[], ${actor}, ${at})`.execute(db);
}
