import type { Kysely } from "kysely";
import type { NgoScope } from "../auth/scope.ts";
import type { Database } from "../db/schema.ts";
import { fail } from "../problem.ts";

/**
 * The NGO scope rule for everything an observer reported at a station (answers, notes, arrival and departure):
 * the observer must be in the caller's scope and the station must be in the request's round, and another NGO's observer is a 404
 * exactly like a missing one. Deleted observers stay reachable: their reports remain attributed to them.
 */
export async function checkReportScope(
  db: Kysely<Database>,
  scope: NgoScope,
  roundId: number,
  { observerId, pollingStationId }: { observerId: number; pollingStationId: number },
): Promise<void> {
  let observer = db.selectFrom("observer").select("id").where("id", "=", observerId);
  if (scope.kind === "ngo") observer = observer.where("ngoId", "=", scope.ngoId);
  const [foundObserver, foundStation] = await Promise.all([
    observer.executeTakeFirst(),
    db.selectFrom("pollingStation").select("id").where("id", "=", pollingStationId).where("electionRoundId", "=", roundId).executeTakeFirst(),
  ]);
  if (!foundObserver) throw fail.notFound(`No observer with id ${observerId}.`);
  if (!foundStation) throw fail.notFound(`No polling station with id ${pollingStationId}.`);
}
