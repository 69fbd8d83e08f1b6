import type { Kysely } from "kysely";
import type { Principal } from "../auth/principal.ts";
import type { Database } from "../db/schema.ts";
import type { Round } from "../http/handler.ts";
import { fail } from "../problem.ts";
import { currentFirst, roundsOf } from "./visibility.ts";

export const archivedRound = (id?: number) =>
  fail.conflict("round_archived", `${id === undefined ? "The election round" : `Election round ${id}`} is archived; it can be read, not changed.`);

const unknownRound = () =>
  fail.validation({ electionRoundId: [{ code: "not_found", message: "is not an election round you can work in" }] }, "There is no such election round.");

/**
 * Resolves `electionRoundId` once, before the handler: the round asked for, else the caller's current one (the most
 * recent active round by election day, else the most recent round), among the rounds the caller works in
 * (visibility.ts). Every write into an archived round is refused here, and by
 * the database (functions/round_archived_guard.sql) should the round be archived between this check and the write.
 */
export async function resolveRound(db: Kysely<Database>, requested: number | undefined, principal: Principal | null, writes: boolean): Promise<Round> {
  // An observer writing finds an archived round too, after any active one, so that a late report is told why.
  const round = await currentFirst(roundsOf(db, principal, writes ? ["active", "archived"] : ["active"]).select(["electionRound.id", "electionRound.status"]))
    .$if(requested !== undefined, (query) => query.where("electionRound.id", "=", requested!))
    .limit(1)
    .executeTakeFirst();
  if (!round) throw unknownRound();
  if (writes && round.status === "archived") throw archivedRound(round.id);
  return round;
}
