import { SETUP_TIME } from "../content/calendar.ts";
import type { AssignmentPlan } from "../plan.ts";
import { stationKey } from "./geography.ts";
import type { Ids, Tx } from "./ids.ts";

/** Each observer's station, assigned on the day the demo's NGOs set up (the same on every run). */
export async function insertAssignments(trx: Tx, assignments: AssignmentPlan[], observerIds: Ids, stationIds: Ids) {
  if (assignments.length === 0) return;
  await trx
    .insertInto("stationAssignment")
    .values(
      assignments.map((assignment) => ({
        observerId: observerIds.get(assignment.phone)!,
        pollingStationId: stationIds.get(stationKey(assignment.station))!,
        assignedAt: SETUP_TIME,
      })),
    )
    .execute();
}
