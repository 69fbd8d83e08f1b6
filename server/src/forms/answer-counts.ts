import { sql, type Kysely } from "kysely";
import type { components } from "../../../openapi/schema.d.ts";
import type { NgoScope } from "../auth/scope.ts";
import type { Database } from "../db/schema.ts";
import { fail } from "../problem.ts";
import type { FormAudience } from "./visibility.ts";

export type FormAnswerCounts = components["schemas"]["FormAnswerCounts"];

/**
 * The non-zero answer counts of a form's questions and options, from the answers of the observers in scope.
 * Deleted observers' answers count too: they still hold on to their options, so the server still refuses to
 * remove them. A draft hidden from the caller is a 404 like a missing form.
 */
export async function countFormAnswers(db: Kysely<Database>, audience: FormAudience, scope: NgoScope, formId: number): Promise<FormAnswerCounts> {
  let form = db.selectFrom("form").select("id").where("id", "=", formId);
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

  // A question answered by ticking several options is still one answer sheet: count observer and station pairs.
  const questions = await answers
    .select(["question.id as questionId", sql<string | number>`count(DISTINCT (answer.observer_id, answer.polling_station_id))`.as("answers")])
    .groupBy("question.id")
    .orderBy("question.id")
    .execute();
  const options = await answers
    .select(["question.id as questionId", "questionOption.id as idOption", (eb) => eb.fn.countAll<string | number>().as("answers")])
    .groupBy(["question.id", "questionOption.id"])
    .orderBy("question.id")
    .orderBy("questionOption.id")
    .execute();

  // count() is a bigint, which pg returns as a string.
  return {
    questions: questions.map((row) => ({ questionId: row.questionId, answers: Number(row.answers) })),
    options: options.map((row) => ({ questionId: row.questionId, idOption: row.idOption, answers: Number(row.answers) })),
  };
}
