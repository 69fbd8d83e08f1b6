import type { Kysely } from "kysely";
import type { components } from "../../../openapi/schema.d.ts";
import type { Database } from "../db/schema.ts";

type MyNotification = components["schemas"]["MyNotification"];

const MOST = 100;

/**
 * The round's notifications an observer is a recipient of (whatever became of the push), newest first, at most 100;
 * with `after`, only those newer than that id. Ids grow with the sending time, so "newer" is a larger id.
 */
export async function listMyNotifications(db: Kysely<Database>, roundId: number, observerId: number, after: number | undefined): Promise<MyNotification[]> {
  const rows = await db
    .selectFrom("notificationRecipient as r")
    .innerJoin("notification as n", "n.id", "r.notificationId")
    .select(["n.id", "n.title", "n.message as body", "n.sentAt"])
    .where("r.observerId", "=", observerId)
    .where("n.electionRoundId", "=", roundId)
    .$if(after !== undefined, (query) => query.where("n.id", ">", after!))
    .orderBy("n.id", "desc")
    .limit(MOST)
    .execute();
  return rows.map((row) => ({ ...row, sentAt: row.sentAt.toISOString() }));
}
