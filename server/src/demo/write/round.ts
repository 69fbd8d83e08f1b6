import { ELECTION_DAY, SETUP_TIME } from "../content/calendar.ts";
import type { Tx } from "./ids.ts";

/**
 * The demo's round is its election: named and dated after the demo's election day, not the day the database was made
 * (migration 019 names a new deployment's first round after the day it is installed).
 */
export async function nameDemoRound(trx: Tx): Promise<void> {
  const day = new Date(ELECTION_DAY).toISOString().slice(0, 10);
  await trx
    .updateTable("electionRound")
    .set({ name: "Prezidențiale 2026 — turul 1", electionDay: day, createdAt: SETUP_TIME, statusChangedAt: SETUP_TIME })
    .where("id", "=", 1)
    .execute();
}
