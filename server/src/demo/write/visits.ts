import { sql } from "kysely";
import type { VisitPlan } from "../plan.ts";
import type { FormIds } from "./forms.ts";
import { optionKey } from "./forms.ts";
import { stationKey } from "./geography.ts";
import type { Ids, Tx } from "./ids.ts";

/** Answers per INSERT: sent as arrays, so the limit is memory, not PostgreSQL's 65,535 parameters. */
const ANSWER_BATCH = 100_000;
/** Station facts per INSERT: seven parameters each. */
const VISIT_BATCH = 5_000;

/** Each visit's station facts and its answers, in round `roundId` (whose stations and forms the ids are). */
export async function insertVisits(trx: Tx, roundId: number, visits: VisitPlan[], observerIds: Ids, stationIds: Ids, formIds: FormIds) {
  if (visits.length === 0) return;
  const facts = visits.map((visit) => ({
    electionRoundId: roundId,
    observerId: observerIds.get(visit.phone)!,
    pollingStationId: stationIds.get(stationKey(visit.station))!,
    lastModified: visit.leave ?? visit.arrival,
    observerArrivalTime: visit.arrival,
    observerLeaveTime: visit.leave,
    urbanArea: visit.urbanArea,
    isPresidentFemale: visit.isPresidentFemale,
  }));
  for (let start = 0; start < facts.length; start += VISIT_BATCH) {
    await trx.insertInto("pollingStationInfo").values(facts.slice(start, start + VISIT_BATCH)).execute();
  }
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
  // Columns as arrays: one statement per batch, so the answer triggers refresh each thread and tally once.
  for (let start = 0; start < answers.length; start += ANSWER_BATCH) {
    const batch = answers.slice(start, start + ANSWER_BATCH);
    await sql`
      INSERT INTO answer (election_round_id, observer_id, option_id, polling_station_id, value, last_modified)
      SELECT ${roundId}::int, * FROM unnest(
        ${batch.map((a) => a.observerId)}::int[], ${batch.map((a) => a.optionId)}::int[],
        ${batch.map((a) => a.pollingStationId)}::int[], ${batch.map((a) => a.value)}::text[],
        ${batch.map((a) => a.lastModified.toISOString())}::timestamptz[])`.execute(trx);
  }
}
