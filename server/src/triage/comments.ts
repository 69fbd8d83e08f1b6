import type { Kysely } from "kysely";
import type { Admin } from "../auth/principal.ts";
import type { Database } from "../db/schema.ts";
import { recordLiveEvents } from "../live/record.ts";
import { fail } from "../problem.ts";
import { eventEntry, type TimelineEntry } from "./timeline-entries.ts";
import type { ThreadKey } from "./thread-scope.ts";

const EVENT_COLUMNS = ["id", "kind", "adminId", "adminAccount", "at", "state", "previousState", "text"] as const;

/**
 * Adds a staff comment to the thread's timeline. With an idempotency key, the same key by the same admin adds
 * nothing and answers the first comment: the unique index turns a concurrent second insert into nothing.
 */
export async function addComment(
  db: Kysely<Database>,
  admin: Admin,
  key: ThreadKey,
  text: string,
  idempotencyKey: string | undefined,
  now: Date,
): Promise<TimelineEntry> {
  const earlier = idempotencyKey === undefined ? undefined : await commentByKey(db, admin, idempotencyKey);
  if (earlier) return earlier;
  const added = await db.transaction().execute(async (trx) => {
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
      .onConflict((conflict) => conflict.columns(["adminId", "idempotencyKey"]).where("idempotencyKey", "is not", null).doNothing())
      .returning(EVENT_COLUMNS)
      .executeTakeFirst();
    if (row) await recordLiveEvents(trx, "comment", [key], admin.account, now);
    return row;
  });
  if (added) return eventEntry(added);
  return (await commentByKey(db, admin, idempotencyKey!))!;
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
