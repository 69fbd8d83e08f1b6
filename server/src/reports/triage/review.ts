import type { Kysely, Transaction } from "kysely";
import type { components } from "../../../../openapi/schema.d.ts";
import { threadLabel } from "../../audit/labels.ts";
import { recordAudit, type AuditRecord } from "../../audit/record.ts";
import type { Admin } from "../../auth/principal.ts";
import type { Database, ReviewState } from "../../db/schema.ts";
import { recordLiveEvents } from "../../live/record.ts";
import { fail } from "../../problem.ts";
import type { ThreadKey } from "./thread-scope.ts";

export type ThreadReview = components["schemas"]["ThreadReview"];

const missing = (key: ThreadKey) => fail.notFound(`Observer ${key.observerId} has no answers at polling station ${key.pollingStationId}.`);

/** The review of a thread as the contract shows it; a pair without a thread row is `new` and never changed. */
export async function readReview(db: Kysely<Database>, key: ThreadKey): Promise<ThreadReview> {
  const row = await db
    .selectFrom("answerThread as t")
    .leftJoin("ngoAdmin as a", "a.id", "t.stateChangedBy")
    .select(["t.state", "t.resolutionNote", "t.stateChangedAt", "a.account"])
    .where("t.observerId", "=", key.observerId)
    .where("t.pollingStationId", "=", key.pollingStationId)
    .executeTakeFirst();
  if (!row) return { state: "new", resolutionNote: null, changedAt: null, changedBy: null };
  return { state: row.state, resolutionNote: row.resolutionNote, changedAt: row.stateChangedAt?.toISOString() ?? null, changedBy: row.account };
}

/** The log's entry for a change of the thread's state (the resolution note is the timeline's, not the log's). */
async function stateEntry(trx: Transaction<Database>, key: ThreadKey, from: ReviewState, to: ReviewState): Promise<AuditRecord> {
  const thread = await trx
    .selectFrom("observer as o")
    .innerJoin("pollingStation as s", (join) => join.on("s.id", "=", key.pollingStationId))
    .innerJoin("county as c", "c.id", "s.countyId")
    .select(["o.name", "o.phone", "o.ngoId", "c.code as countyCode", "s.number as stationNumber"])
    .where("o.id", "=", key.observerId)
    .executeTakeFirstOrThrow();
  return {
    action: "thread.stateChanged",
    subject: { type: "thread", id: key.observerId, pollingStationId: key.pollingStationId, label: threadLabel(thread) },
    ngoId: thread.ngoId,
    roundId: key.electionRoundId,
    changes: [{ field: "state", from, to }],
  };
}

/**
 * Sets the thread's state and keeps the change in its timeline. The resolution note lives only with `resolved`
 * (blank is none); the same state again changes nothing, except a new note on a resolved thread.
 */
export async function setThreadState(
  db: Kysely<Database>,
  admin: Admin,
  key: ThreadKey,
  change: { state: ReviewState; note?: string },
  now: Date,
): Promise<ThreadReview> {
  const note = change.state === "resolved" ? change.note?.trim() || null : null;
  await db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom("answerThread")
      .select(["state", "resolutionNote"])
      .where("observerId", "=", key.observerId)
      .where("pollingStationId", "=", key.pollingStationId)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw missing(key);
    if (current.state === change.state && current.resolutionNote === note) return;
    await trx
      .updateTable("answerThread")
      .set({ state: change.state, resolutionNote: note, stateChangedAt: now, stateChangedBy: admin.adminId })
      .where("observerId", "=", key.observerId)
      .where("pollingStationId", "=", key.pollingStationId)
      .execute();
    await trx
      .insertInto("threadEvent")
      .values({
        ...key,
        kind: "state",
        adminId: admin.adminId,
        adminAccount: admin.account,
        at: now,
        state: change.state,
        previousState: current.state,
        text: note,
      })
      .execute();
    // A new note on a resolved thread changes no state: the timeline has it, the log does not.
    if (current.state !== change.state) await recordAudit(trx, { admin, at: now }, [await stateEntry(trx, key, current.state, change.state)]);
    await recordLiveEvents(trx, "state", [key], admin.account, now);
  });
  return readReview(db, key);
}

/**
 * A resolved thread that receives a new flagged answer needs someone again: back to `new`, said by the system.
 * Runs in the transaction that saved the answers.
 */
export async function reopenResolved(trx: Kysely<Database>, keys: readonly ThreadKey[], now: Date): Promise<void> {
  for (const key of keys) {
    const reopened = await trx
      .updateTable("answerThread")
      .set({ state: "new", resolutionNote: null, stateChangedAt: now, stateChangedBy: null })
      .where("observerId", "=", key.observerId)
      .where("pollingStationId", "=", key.pollingStationId)
      .where("state", "=", "resolved")
      .returning("observerId")
      .executeTakeFirst();
    if (!reopened) continue;
    await trx
      .insertInto("threadEvent")
      .values({ ...key, kind: "state", adminId: null, adminAccount: null, at: now, state: "new", previousState: "resolved", text: null })
      .execute();
  }
}
