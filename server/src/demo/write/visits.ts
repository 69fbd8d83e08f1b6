import type { VisitPlan } from "../plan.ts";
import type { FormIds } from "./forms.ts";
import { optionKey } from "./forms.ts";
import { stationKey } from "./geography.ts";
import type { Ids, Tx } from "./ids.ts";

/** Rows per INSERT: PostgreSQL takes at most 65,535 parameters per statement. */
const ANSWER_BATCH = 1000;

/** Each visit's station facts and its answers. */
export async function insertVisits(trx: Tx, visits: VisitPlan[], observerIds: Ids, stationIds: Ids, formIds: FormIds) {
  if (visits.length === 0) return;
  await trx
    .insertInto("pollingStationInfo")
    .values(
      visits.map((visit) => ({
        observerId: observerIds.get(visit.phone)!,
        pollingStationId: stationIds.get(stationKey(visit.station))!,
        lastModified: visit.leave ?? visit.arrival,
        observerArrivalTime: visit.arrival,
        observerLeaveTime: visit.leave,
        urbanArea: visit.urbanArea,
        isPresidentFemale: visit.isPresidentFemale,
      })),
    )
    .execute();
  const answers = visits.flatMap((visit) =>
    visit.submissions.flatMap((submission) =>
      submission.choices.map((choice) => ({
        observerId: observerIds.get(visit.phone)!,
        optionId: formIds.options.get(optionKey(choice.questionCode, choice.optionIndex))!,
        pollingStationId: stationIds.get(stationKey(visit.station))!,
        value: choice.value,
        lastModified: submission.lastModified,
      })),
    ),
  );
  for (let start = 0; start < answers.length; start += ANSWER_BATCH) {
    await trx.insertInto("answer").values(answers.slice(start, start + ANSWER_BATCH)).execute();
  }
}
