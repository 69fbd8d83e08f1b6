import type { Kysely, SelectQueryBuilder } from "kysely";
import type { Principal } from "../auth/principal.ts";
import type { Database, ElectionRoundStatus } from "../db/schema.ts";

type RoundQuery = SelectQueryBuilder<Database, "electionRound", object>;

/**
 * The rounds a caller works in: organizers every round; NGO admins those their NGO takes part in once started (a
 * preparing round is the organizers' work); observers the active ones of those (or of `observerStatuses`). Public
 * operations (no principal) see every round: they read nothing an NGO owns.
 */
export function roundsOf(db: Kysely<Database>, principal: Principal | null, observerStatuses: readonly ElectionRoundStatus[] = ["active"]): RoundQuery {
  const query = db.selectFrom("electionRound");
  if (!principal || (principal.kind === "admin" && principal.organizer)) return query;
  const takingPart = query.where((eb) =>
    eb.exists(
      eb
        .selectFrom("electionRoundNgo")
        .select("electionRoundNgo.ngoId")
        .whereRef("electionRoundNgo.electionRoundId", "=", "electionRound.id")
        .where("electionRoundNgo.ngoId", "=", principal.ngoId),
    ),
  );
  const statuses = principal.kind === "observer" ? observerStatuses : (["active", "archived"] as const);
  return takingPart.where("electionRound.status", "in", statuses);
}

/** The current round first: an active one before the others, then the latest election day, then the latest made. */
export const currentFirst = <O>(query: SelectQueryBuilder<Database, "electionRound", O>) =>
  query
    .orderBy((eb) => eb(eb.ref("electionRound.status"), "=", "active"), "desc")
    .orderBy("electionRound.electionDay", "desc")
    .orderBy("electionRound.id", "desc");
