import { sql, type Kysely } from "kysely";
import type { Admin } from "../../auth/principal.ts";
import type { Database } from "../../db/schema.ts";
import { recordLiveEvents } from "../../live/record.ts";
import { fail, problem, ProblemError } from "../../problem.ts";
import { CLAIM_TTL_MS, liveClaim, type ThreadClaim } from "./claim-view.ts";
import type { ThreadKey } from "./thread-scope.ts";

const missing = (key: ThreadKey) => fail.notFound(`Observer ${key.observerId} has no answers at polling station ${key.pollingStationId}.`);
const expiryFrom = (now: Date) => new Date(now.getTime() + CLAIM_TTL_MS);

/** The thread's live claim as `callerId` sees it; undefined when the pair has no thread. */
export async function readClaim(db: Kysely<Database>, key: ThreadKey, now: Date, callerId: number): Promise<ThreadClaim | null | undefined> {
  const row = await db
    .selectFrom("answerThread as t")
    .leftJoin("ngoAdmin as a", "a.id", "t.claimAdminId")
    .select(["t.claimAdminId", "a.account as claimHolder", "t.claimedAt", "t.claimExpiresAt"])
    .where("t.observerId", "=", key.observerId)
    .where("t.pollingStationId", "=", key.pollingStationId)
    .executeTakeFirst();
  return row && liveClaim(row, now, callerId);
}

const claimProblem = (code: "claim_held" | "claim_lost", detail: string, claim: ThreadClaim | null) =>
  new ProblemError(problem(409, code, detail, { claim }));

interface Taken {
  previousHolderId: number | null;
  previousHolder: string | null;
  previousExpiresAt: Date | null;
  claimedAt: Date;
}

/**
 * Makes the caller the thread's holder in one conditional UPDATE: of concurrent claims exactly one wins, the
 * others find the row locked, then held. The row is locked first (the CTE) so that the previous holder it returns
 * is the one the UPDATE replaced. Renewing one's own live claim keeps its start and records nothing.
 */
async function take(trx: Kysely<Database>, admin: Admin, key: ThreadKey, takeOver: boolean, now: Date): Promise<Taken | undefined> {
  const { rows } = await sql<Taken>`
    WITH old AS (
      SELECT observer_id, polling_station_id, claim_admin_id, claim_expires_at
      FROM answer_thread
      WHERE observer_id = ${key.observerId} AND polling_station_id = ${key.pollingStationId}
      FOR UPDATE
    )
    UPDATE answer_thread t SET
      claim_admin_id = ${admin.adminId},
      claimed_at = CASE WHEN old.claim_admin_id = ${admin.adminId} AND old.claim_expires_at > ${now} THEN t.claimed_at ELSE ${now} END,
      claim_expires_at = ${expiryFrom(now)}
    FROM old
    WHERE t.observer_id = old.observer_id AND t.polling_station_id = old.polling_station_id
      AND (${takeOver} OR t.claim_admin_id IS NULL OR t.claim_admin_id = ${admin.adminId} OR t.claim_expires_at <= ${now})
    RETURNING old.claim_admin_id AS previous_holder_id, old.claim_expires_at AS previous_expires_at, t.claimed_at,
      (SELECT account FROM ngo_admin WHERE id = old.claim_admin_id) AS previous_holder`.execute(trx);
  return rows[0];
}

/**
 * Claims the thread for the caller (renewing the caller's own claim). Someone else's live claim is a 409
 * `claim_held` unless `takeOver`; a lapsed one the sweeper has not cleared yet is recorded as lapsed first.
 */
export async function claimThread(db: Kysely<Database>, admin: Admin, key: ThreadKey, takeOver: boolean, now: Date): Promise<ThreadClaim> {
  // A holder who releases between our UPDATE and our read leaves nobody to report: try again (rarely more than once).
  for (let attempt = 0; attempt < 3; attempt++) {
    const taken = await db.transaction().execute(async (trx) => {
      const row = await take(trx, admin, key, takeOver, now);
      if (!row) return undefined;
      await recordClaimEvents(trx, admin, key, row, now);
      return row;
    });
    if (taken) {
      return { holderId: admin.adminId, holder: admin.account, since: taken.claimedAt.toISOString(), expiresAt: expiryFrom(now).toISOString(), mine: true };
    }
    const holder = await readClaim(db, key, now, admin.adminId);
    if (holder === undefined) throw missing(key);
    if (holder) throw claimProblem("claim_held", `${holder.holder} holds this thread.`, holder);
  }
  throw claimProblem("claim_held", "The thread changed hands too often; try again.", null);
}

async function recordClaimEvents(trx: Kysely<Database>, admin: Admin, key: ThreadKey, taken: Taken, now: Date): Promise<void> {
  const { previousHolderId, previousHolder, previousExpiresAt } = taken;
  const previousLive = previousHolderId !== null && previousExpiresAt !== null && previousExpiresAt > now;
  if (previousLive && previousHolderId === admin.adminId) return;
  const mine = { ...key, adminId: admin.adminId, adminAccount: admin.account, at: now };
  const events = [];
  if (previousHolderId !== null && !previousLive) {
    events.push({ ...key, kind: "lapse" as const, adminId: previousHolderId, adminAccount: previousHolder, at: previousExpiresAt ?? now });
  }
  events.push(previousLive ? { ...mine, kind: "takeover" as const, text: previousHolder } : { ...mine, kind: "claim" as const });
  await trx.insertInto("threadEvent").values(events).execute();
  await recordLiveEvents(trx, "claim", [key], admin.account, now);
}

/** Extends the caller's live claim by the claim's lifetime from now; 409 `claim_lost` with the holder, if any, otherwise. */
export async function renewClaim(db: Kysely<Database>, admin: Admin, key: ThreadKey, now: Date): Promise<ThreadClaim> {
  const renewed = await db
    .updateTable("answerThread")
    .set({ claimExpiresAt: expiryFrom(now) })
    .where("observerId", "=", key.observerId)
    .where("pollingStationId", "=", key.pollingStationId)
    .where("claimAdminId", "=", admin.adminId)
    .where("claimExpiresAt", ">", now)
    .returning(["claimedAt", "claimExpiresAt"])
    .executeTakeFirst();
  if (renewed?.claimedAt && renewed.claimExpiresAt) {
    return { holderId: admin.adminId, holder: admin.account, since: renewed.claimedAt.toISOString(), expiresAt: renewed.claimExpiresAt.toISOString(), mine: true };
  }
  const holder = await readClaim(db, key, now, admin.adminId);
  if (holder === undefined) throw missing(key);
  throw claimProblem("claim_lost", "You no longer hold this thread.", holder);
}

/** Ends the caller's own live claim; anything else (nobody's, someone else's, lapsed) is left as it is. */
export async function releaseClaim(db: Kysely<Database>, admin: Admin, key: ThreadKey, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const released = await trx
      .updateTable("answerThread")
      .set({ claimAdminId: null, claimedAt: null, claimExpiresAt: null })
      .where("observerId", "=", key.observerId)
      .where("pollingStationId", "=", key.pollingStationId)
      .where("claimAdminId", "=", admin.adminId)
      .where("claimExpiresAt", ">", now)
      .returning("observerId")
      .executeTakeFirst();
    if (!released) return;
    await trx.insertInto("threadEvent").values({ ...key, kind: "release", adminId: admin.adminId, adminAccount: admin.account, at: now }).execute();
    await recordLiveEvents(trx, "claim", [key], admin.account, now);
  });
}
