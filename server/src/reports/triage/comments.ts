import type { Kysely } from "kysely";
import type { Admin } from "../../auth/principal.ts";
import type { Database } from "../../db/schema.ts";
import { claimIdempotencyKey, requestFingerprint } from "../../idempotency.ts";
import { recordLiveEvents } from "../../live/record.ts";
import { fail } from "../../problem.ts";
import { eventEntry, type TimelineEntry } from "./timeline-entries.ts";
import type { ThreadKey } from "./thread-scope.ts";

const EVENT_COLUMNS = ["id", "kind", "adminId", "adminAccount", "at", "state", "previousState", "text"] as const;

/**
 * Adds a staff comment to the thread's timeline. With an idempotency key, the same comment on the same thread by the
 * same admin again adds nothing and answers the first comment; the key on anything else is a 422.
 */
export async function addComment(
  db: Kysely<Database>,
  admin: Admin,
  key: ThreadKey,
  text: string,
  idempotencyKey: string | undefined,
  now: Date,
): Promise<TimelineEntry> {
  const added = await db.transaction().execute(async (trx) => {
    const fingerprint = requestFingerprint("addThreadComment", key, { text });
    if (idempotencyKey !== undefined && !(await claimIdempotencyKey(trx, admin.adminId, idempotencyKey, fingerprint))) return undefined;
    // Locks the thread row: a comment is only added while the thread exists.
    const thread = await trx
      .selectFrom("answerThread")
      .select("observerId")
      .where("observerId", "=", key.observerId)
      .where("pollingStationId", "=", key.pollingStationId)
      .forShare()
      .executeTakeFirst();
    if (!thread) throw fail.notFound(`Observer ${key.observerId} has no answers at polling station ${key.pollingStationId}.`);
    const row = await trx
      .insertInto("threadEvent")
      .values({ ...key, kind: "comment", adminId: admin.adminId, adminAccount: admin.account, at: now, text, idempotencyKey: idempotencyKey ?? null })
      .returning(EVENT_COLUMNS)
      .executeTakeFirstOrThrow();
    await recordLiveEvents(trx, "comment", [key], admin.account, now);
    return row;
  });
  if (added) return eventEntry(added);
  const earlier = await commentByKey(db, admin, idempotencyKey!);
  // The first comment went with its thread (its observer was deleted).
  if (!earlier) throw fail.notFound(`Observer ${key.observerId} has no answers at polling station ${key.pollingStationId}.`);
  return earlier;
}

async function commentByKey(db: Kysely<Database>, admin: Admin, idempotencyKey: string): Promise<TimelineEntry | undefined> {
  const row = await db
    .selectFrom("threadEvent")
    .select(EVENT_COLUMNS)
    .where("adminId", "=", admin.adminId)
    .where("idempotencyKey", "=", idempotencyKey)
    .executeTakeFirst();
  return row && eventEntry(row);
}
