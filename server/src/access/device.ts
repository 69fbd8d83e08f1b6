import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/**
 * The observer's phone can now be reached on `channel`: its push token replaces any earlier one of that channel (a
 * reinstalled app gets a new token), and the observer's first device is dated once.
 */
export async function registerDevice(db: Kysely<Database>, observerId: number, channel: string, token: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("notificationRegistration")
      .values({ observerId, channelName: channel, token, updatedAt: now })
      .onConflict((conflict) => conflict.columns(["observerId", "channelName"]).doUpdateSet({ token, updatedAt: now }))
      .execute();
    await trx.updateTable("observer").set({ deviceRegisterDate: now }).where("id", "=", observerId).where("deviceRegisterDate", "is", null).execute();
  });
}
