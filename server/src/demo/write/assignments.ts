import type { AssignmentPlan } from "../plan.ts";
import { stationKey } from "./geography.ts";
import type { Ids, Tx } from "./ids.ts";

/** Each observer's station in round `roundId` (whose stations the ids are), assigned at a fixed time (the same on every run). */
export async function insertAssignments(trx: Tx, roundId: number, assignments: AssignmentPlan[], observerIds: Ids, stationIds: Ids, assignedAt: Date) {
  if (assignments.length === 0) return;
  await trx
    .insertInto("stationAssignment")
    .values(
      assignments.map((assignment) => ({
        electionRoundId: roundId,
        observerId: observerIds.get(assignment.phone)!,
        pollingStationId: stationIds.get(stationKey(assignment.station))!,
        assignedAt,
      })),
    )
    .execute();
}
