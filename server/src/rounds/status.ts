import { sql, type Kysely, type Transaction } from "kysely";
import { changedFields } from "../audit/changes.ts";
import { recordAudit, type AuditRecord, type StaffAct } from "../audit/record.ts";
import type { Database, ElectionRoundStatus } from "../db/schema.ts";
import { recordLiveEvents, type ObserverAtStation } from "../live/record.ts";
import { fail } from "../problem.ts";
import { lockRound, ROUND_FIELDS, roundEntry } from "./facts.ts";
import { archivedRound } from "./resolve.ts";

/** Each status change: the status it leads to and how the log names it. */
const TRANSITIONS = {
  start: { to: "active", action: "electionRound.started" },
  archive: { to: "archived", action: "electionRound.archived" },
  reopen: { to: "active", action: "electionRound.reopened" },
} as const satisfies Record<string, { to: ElectionRoundStatus; action: AuditRecord["action"] }>;
export type RoundTransition = keyof typeof TRANSITIONS;

/**
 * Starts, archives or reopens a round; the same status again changes nothing. Starting an archived round is a 409
 * (reopen it), reopening one that is not archived too. A round never started may be archived, to put it away. Archiving ends the round's claims first, each recorded in its
 * thread's timeline as lapsed, while the round still takes events: an archived round takes none, and a claim left
 * in it would be swept, and refused, for ever.
 */
export async function changeRoundStatus(db: Kysely<Database>, id: number, transition: RoundTransition, act: StaffAct): Promise<void> {
  const { to, action } = TRANSITIONS[transition];
  await db.transaction().execute(async (trx) => {
    const before = await lockRound(trx, id);
    if (transition === "start" && before.status === "archived") throw archivedRound(id);
    if (transition === "reopen" && before.status !== "archived") {
      throw fail.conflict("round_not_archived", `Election round ${id} is not archived; only an archived round is reopened.`);
    }
    if (before.status === to) return;
    const freed = to === "archived" ? await endClaims(trx, id, act.at) : [];
    await trx.updateTable("electionRound").set({ status: to, statusChangedAt: act.at }).where("id", "=", id).execute();
    await recordAudit(trx, act, [roundEntry(action, id, before.name, changedFields(before, { ...before, status: to }, ROUND_FIELDS))]);
    // The rooms following the round see its claims end.
    await recordLiveEvents(trx, "claim", freed, null, act.at);
  });
}

/** Frees the round's held threads, each lapse in its timeline dated now; answers the threads freed. */
async function endClaims(trx: Transaction<Database>, roundId: number, at: Date): Promise<ObserverAtStation[]> {
  const { rows } = await sql<ObserverAtStation>`
    WITH held AS (
      SELECT observer_id, polling_station_id, claim_admin_id FROM answer_thread
      WHERE election_round_id = ${roundId} AND claim_admin_id IS NOT NULL
      FOR UPDATE
    ), freed AS (
      UPDATE answer_thread t SET claim_admin_id = NULL, claimed_at = NULL, claim_expires_at = NULL
      FROM held WHERE t.observer_id = held.observer_id AND t.polling_station_id = held.polling_station_id
      RETURNING t.observer_id, t.polling_station_id, held.claim_admin_id AS holder_id
    ), recorded AS (
      INSERT INTO thread_event (election_round_id, observer_id, polling_station_id, kind, admin_id, admin_account, at)
      SELECT ${roundId}, observer_id, polling_station_id, 'lapse', holder_id, (SELECT account FROM ngo_admin WHERE id = holder_id), ${at}
      FROM freed
    )
    SELECT observer_id, polling_station_id FROM freed`.execute(trx);
  return rows;
}
