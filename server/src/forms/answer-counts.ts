import type { Kysely } from "kysely";
import type { components } from "../../../openapi/schema.d.ts";
import type { NgoScope } from "../auth/scope.ts";
import type { Database } from "../db/schema.ts";
import { fail } from "../problem.ts";
import type { FormAudience } from "./visibility.ts";

export type FormAnswerCounts = components["schemas"]["FormAnswerCounts"];

/** Question types with one option per answer sheet: single choice, single choice with text, and the legacy 4. */
const SINGLE_CHOICE = [1, 2, 4];

/**
 * The non-zero answer counts of a form's questions and options, from the answers of the observers in scope.
 * Deleted observers' answers count too: they still hold on to their options, so the server still refuses to
 * remove them. A draft hidden from the caller is a 404 like a missing form.
 *
 * A question's answer sheets are its options' answers added up when it takes one option (submitAnswers refuses
 * more); only multiple-choice questions need their sheets told apart, which on election day's 2,000,000 answers
 * took 2.5 s for a form's every question.
 */
export async function countFormAnswers(db: Kysely<Database>, audience: FormAudience, scope: NgoScope, formId: number): Promise<FormAnswerCounts> {
  let form = db.selectFrom("form").select("id").where("id", "=", formId).where("electionRoundId", "=", audience.roundId);
  if (!audience.seesDrafts) form = form.where("draft", "=", false);
  if (!(await form.executeTakeFirst())) throw fail.notFound(`No form with id ${formId}.`);

  let answers = db
    .selectFrom("answer")
    .innerJoin("questionOption", "questionOption.id", "answer.optionId")
    .innerJoin("question", "question.id", "questionOption.questionId")
    .innerJoin("formSection", "formSection.id", "question.sectionId")
    .where("formSection.formId", "=", formId);
  if (scope.kind === "ngo") {
    answers = answers.innerJoin("observer", "observer.id", "answer.observerId").where("observer.ngoId", "=", scope.ngoId);
  }

  // The two counts read different answers and run side by side on two connections of the pool.
  const [options, multiple] = await Promise.all([
    answers
      .select(["question.id as questionId", "question.questionType", "questionOption.id as idOption", (eb) => eb.fn.countAll<string | number>().as("answers")])
      .groupBy(["question.id", "questionOption.id"])
      .orderBy("question.id")
      .orderBy("questionOption.id")
      .execute(),
    // A question answered by ticking several options is still one answer sheet: count observer and station pairs,
    // made distinct first (hashed in memory; count(DISTINCT (observer, station)) sorted records on disk, twice as slow).
    db
      .selectFrom(
        answers
          .where("question.questionType", "not in", SINGLE_CHOICE)
          .select(["question.id as questionId", "answer.observerId", "answer.pollingStationId"])
          .distinct()
          .as("sheet"),
      )
      .select(["sheet.questionId", (eb) => eb.fn.countAll<string | number>().as("answers")])
      .groupBy("sheet.questionId")
      .execute(),
  ]);

  // count() is a bigint, which pg returns as a string.
  const sheets = new Map(multiple.map((row) => [row.questionId, Number(row.answers)]));
  for (const row of options) {
    if (SINGLE_CHOICE.includes(row.questionType)) sheets.set(row.questionId, (sheets.get(row.questionId) ?? 0) + Number(row.answers));
  }
  return {
    questions: [...sheets].sort(([a], [b]) => a - b).map(([questionId, answers]) => ({ questionId, answers })),
    options: options.map((row) => ({ questionId: row.questionId, idOption: row.idOption, answers: Number(row.answers) })),
  };
}
