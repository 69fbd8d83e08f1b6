import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { fieldErrorMap } from "../../http/validation.ts";
import { recordLiveEvents, type ThreadKey } from "../../live/record.ts";
import { problem, ProblemError } from "../../problem.ts";
import { reopenResolved } from "../triage/review.ts";
import { formFitsStation, formNotForStation, notFoundAt, resolveStations, stationKey, type ResolvedStation, type StationRef } from "../stations.ts";

export interface AnswerInput extends StationRef {
  questionId: number;
  options: { optionId: number; value?: string | null }[];
}

/** Question types that take one option: single choice, single choice with text, and the legacy 4. */
const SINGLE_CHOICE = new Set([1, 2, 4]);
/** Rows per INSERT, well under PostgreSQL's 65,535 parameters per statement. */
const INSERT_BATCH = 1000;

/**
 * Replaces the observer's answers to each question at each station of a round with the chosen options, in the
 * caller's transaction (which may hold an idempotency key's claim too). The whole batch is checked first and refused as
 * a whole; sending the same batch again leaves the same answers. Stations and questions are the round's: another
 * round's are unknown here.
 */
export async function submitAnswers(trx: Transaction<Database>, roundId: number, observerId: number, items: AnswerInput[], now: Date): Promise<void> {
  // One batch of an observer at a time: two interleaved replacements could leave both of their options chosen.
  await trx.selectFrom("observer").select("id").where("id", "=", observerId).forNoKeyUpdate().execute();
  const resolved = await resolveStations(trx, roundId, items.map((item, index) => ({ ref: item, field: `answers[${index}].` })));
  const stations = items.map((item) => resolved.get(stationKey(item))!);
  const { chosen: options, flagged } = await checkAnswers(trx, roundId, items, stations);

  const latest = new Map<string, { stationId: number; questionId: number; options: Map<number, string | null> }>();
  for (const [index, item] of items.entries()) {
    const stationId = stations[index]!.id;
    latest.set(`${stationId}:${item.questionId}`, { stationId, questionId: item.questionId, options: options[index]! });
  }
  const replaced = [...latest.values()];
  const rows = replaced.flatMap(({ stationId, options: chosen }) =>
    [...chosen].map(([optionId, value]) => ({ electionRoundId: roundId, observerId, optionId, pollingStationId: stationId, value, lastModified: now })),
  );
  // The chosen options go in first and the others go after, so that a thread keeps answers (and with them its
  // review and claim, which live on its row) throughout, unless the batch withdraws every answer it has.
  const added: { pollingStationId: number; optionId: number }[] = [];
  for (const batch of chunks(rows, INSERT_BATCH)) {
    const written = await trx
      .insertInto("answer")
      .values(batch)
      .onConflict((conflict) =>
        conflict.columns(["observerId", "optionId", "pollingStationId"]).doUpdateSet((eb) => ({
          value: eb.ref("excluded.value"),
          lastModified: eb.ref("excluded.lastModified"),
        })),
      )
      .returning(["pollingStationId", "optionId", sql<boolean>`xmax = 0`.as("inserted")])
      .execute();
    added.push(...written.filter((row) => row.inserted));
  }
  await sql`
    DELETE FROM answer a
    USING question_option qo, unnest(${replaced.map((r) => r.stationId)}::int[], ${replaced.map((r) => r.questionId)}::int[])
      AS w(station_id, question_id)
    WHERE a.observer_id = ${observerId} AND a.option_id = qo.id
      AND qo.question_id = w.question_id AND a.polling_station_id = w.station_id
      AND NOT EXISTS (
        SELECT 1 FROM unnest(${rows.map((r) => r.pollingStationId)}::int[], ${rows.map((r) => r.optionId)}::int[]) AS k(station_id, option_id)
        WHERE k.station_id = a.polling_station_id AND k.option_id = a.option_id
      )`.execute(trx);

  const touched = [...new Set(replaced.map((r) => r.stationId))].map((pollingStationId) => ({ observerId, pollingStationId }));
  await reopenResolved(trx, newlyFlagged(roundId, observerId, added, flagged), now);
  await recordLiveEvents(trx, "answers", touched, null, now);
}

const chunks = <T>(items: T[], size: number) => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** The threads that received a flagged option they did not have before (a resent answer is not new). */
function newlyFlagged(electionRoundId: number, observerId: number, added: { pollingStationId: number; optionId: number }[], flagged: Set<number>): ThreadKey[] {
  const stations = new Set(added.filter((row) => flagged.has(row.optionId)).map((row) => row.pollingStationId));
  return [...stations].map((pollingStationId) => ({ electionRoundId, observerId, pollingStationId }));
}

/**
 * Checks every item against its question and station and returns each item's chosen options (option id → free
 * text), an option repeated within an item counting once, its last value winning. Unknown or draft questions are a
 * 404; a diaspora form's question at a station in Romania a 422 `form_not_for_station`; options that do not fit
 * their question a 422 `answer_invalid`.
 */
async function checkAnswers(
  db: Kysely<Database>,
  roundId: number,
  items: AnswerInput[],
  stations: ResolvedStation[],
): Promise<{ chosen: Map<number, string | null>[]; flagged: Set<number> }> {
  const questionIds = [...new Set(items.map((item) => item.questionId))];
  // The questions and their options in one round trip: a batch is a dozen round trips, on election day 2,000 a second.
  const rows = await db
    .selectFrom("question as q")
    .innerJoin("formSection as fs", "fs.id", "q.sectionId")
    .innerJoin("form as f", "f.id", "fs.formId")
    .leftJoin("questionOption as o", "o.questionId", "q.id")
    .select(["q.id", "q.questionType", "f.code as formCode", "f.diaspora", "o.id as optionId", "o.isFreeText", "o.flagged"])
    .where("q.id", "in", questionIds)
    .where("f.electionRoundId", "=", roundId)
    .where("f.draft", "=", false)
    .execute();
  const typeOf = new Map(rows.map((row) => [row.id, row.questionType]));
  const missing = fieldErrorMap();
  for (const [index, item] of items.entries()) {
    if (!typeOf.has(item.questionId)) {
      missing[`answers[${index}].questionId`] = [{ code: "not_found", message: `There is no published question ${item.questionId} in this election round.` }];
    }
  }
  if (Object.keys(missing).length > 0) throw notFoundAt("A question is unknown.", missing);

  const formOf = new Map(rows.map((row) => [row.id, { code: row.formCode, diaspora: row.diaspora }]));
  const misplaced = fieldErrorMap();
  for (const [index, item] of items.entries()) {
    const form = formOf.get(item.questionId)!;
    if (!formFitsStation(form, stations[index]!)) {
      const message = `Question ${item.questionId} is of form ${form.code}, for stations abroad only; ${item.countyCode} ${item.pollingStationNumber} is in Romania.`;
      misplaced[`answers[${index}].questionId`] = [{ code: "invalid", message }];
    }
  }
  if (Object.keys(misplaced).length > 0) throw formNotForStation(misplaced);

  const optionById = new Map<number, { questionId: number; isFreeText: boolean }>();
  const flagged = new Set<number>();
  for (const row of rows) {
    if (row.optionId === null) continue;
    optionById.set(row.optionId, { questionId: row.id, isFreeText: row.isFreeText === true });
    if (row.flagged) flagged.add(row.optionId);
  }
  const invalid = fieldErrorMap();
  const chosen = items.map((item, index) => {
    const options = new Map<number, string | null>();
    for (const [position, { optionId, value }] of item.options.entries()) {
      const field = `answers[${index}].options[${position}]`;
      const option = optionById.get(optionId);
      if (option?.questionId !== item.questionId) {
        invalid[`${field}.optionId`] = [{ code: "invalid", message: `Option ${optionId} does not belong to question ${item.questionId}.` }];
      } else if (value != null && !option.isFreeText) {
        invalid[`${field}.value`] = [{ code: "invalid", message: `Option ${optionId} is not free text.` }];
      }
      options.set(optionId, value ?? null);
    }
    if (options.size > 1 && SINGLE_CHOICE.has(typeOf.get(item.questionId)!)) {
      invalid[`answers[${index}].options`] = [{ code: "invalid", message: `Question ${item.questionId} takes one option.` }];
    }
    return options;
  });
  if (Object.keys(invalid).length > 0) {
    throw new ProblemError(problem(422, "answer_invalid", "The answers do not fit their questions.", { errors: invalid }));
  }
  return { chosen, flagged };
}
