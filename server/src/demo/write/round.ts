import {
  ARCHIVED_AT,
  ARCHIVED_ELECTION_DAY,
  ARCHIVED_FORMS_PUBLISHED_AT,
  ARCHIVED_ROUND_CREATED_AT,
  ARCHIVED_ROUND_NAME,
  ELECTION_DAY,
  SETUP_TIME,
} from "../content/calendar.ts";
import { copyForms, copyRegistry } from "../../rounds/copy.ts";
import type { Tx } from "./ids.ts";
import type { NgoIds } from "./ngos.ts";

/** The demo's current round, made by migration 019. */
export const DEMO_ROUND = 1;

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * The demo's round is its election: named and dated after the demo's election day, not the day the database was made
 * (migration 019 names a new deployment's first round after the day it is installed).
 */
export async function nameDemoRound(trx: Tx): Promise<void> {
  await trx
    .updateTable("electionRound")
    .set({ name: "Prezidențiale 2026 — turul 1", electionDay: dayOf(ELECTION_DAY), createdAt: SETUP_TIME, statusChangedAt: SETUP_TIME })
    .where("id", "=", DEMO_ROUND)
    .execute();
}

/**
 * Last year's round, as the organizers made it from the demo's round (rounds/copy.ts): the NGOs still active taking
 * part (the inactive one did not), the published forms as they are, the registry. Opened active so that it takes its
 * day's rows; archiveRound puts it away once they are written. Answers its id.
 */
export async function openArchivedRound(trx: Tx, ngoIds: NgoIds, takingPart: readonly number[]): Promise<number> {
  const { id } = await trx
    .insertInto("electionRound")
    .values({
      name: ARCHIVED_ROUND_NAME,
      electionDay: dayOf(ARCHIVED_ELECTION_DAY),
      status: "active",
      createdAt: ARCHIVED_ROUND_CREATED_AT,
      statusChangedAt: ARCHIVED_ROUND_CREATED_AT,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("electionRoundNgo")
    .values(takingPart.map((ngo) => ({ electionRoundId: id, ngoId: ngoIds.ngos.get(ngo)! })))
    .execute();
  await copyForms(trx, DEMO_ROUND, id, "published", ARCHIVED_FORMS_PUBLISHED_AT);
  // The draft is this year's work in progress: last year's round has the forms its observers filled in.
  await trx.deleteFrom("form").where("electionRoundId", "=", id).where("draft", "=", true).execute();
  await copyRegistry(trx, DEMO_ROUND, id);
  return id;
}

/** Archives a round whose threads hold no claims (the seed's hold none): it is read-only from then on. */
export async function archiveRound(trx: Tx, id: number): Promise<void> {
  await trx.updateTable("electionRound").set({ status: "archived", statusChangedAt: ARCHIVED_AT }).where("id", "=", id).execute();
}
