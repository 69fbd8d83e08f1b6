import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

export interface FilledInQuestion {
  id: number;
  code: string;
  text: string;
  questionType: 0 | 1 | 2 | 3 | 4;
  formId: number;
  formCode: string;
  answers: { idOption: number; text: string; isFreeText: boolean; value: string | null; flagged: boolean; formCode: string }[];
}

/** The questions one observer answered at one station, in form order, each once with its chosen options. */
export async function listFilledInAnswers(
  db: Kysely<Database>,
  { observerId, pollingStationId }: { observerId: number; pollingStationId: number },
): Promise<FilledInQuestion[]> {
  const rows = await db
    .selectFrom("answer as a")
    .innerJoin("questionOption as qo", "qo.id", "a.optionId")
    .innerJoin("question as q", "q.id", "qo.questionId")
    .innerJoin("formSection as fs", "fs.id", "q.sectionId")
    .innerJoin("form as f", "f.id", "fs.formId")
    .select([
      "q.id as questionId",
      "q.code as questionCode",
      "q.text as questionText",
      "q.questionType",
      "f.id as formId",
      "f.code as formCode",
      "qo.id as optionId",
      "qo.text as optionText",
      "qo.isFreeText",
      "qo.flagged",
      "a.value",
    ])
    .where("a.observerId", "=", observerId)
    .where("a.pollingStationId", "=", pollingStationId)
    .orderBy("f.displayOrder")
    .orderBy("f.id")
    .orderBy("fs.orderNumber")
    .orderBy("fs.id")
    .orderBy("q.orderNumber")
    .orderBy("q.id")
    .orderBy("qo.orderNumber")
    .orderBy("qo.id")
    .execute();
  const questions: FilledInQuestion[] = [];
  for (const row of rows) {
    let question = questions.at(-1);
    if (question?.id !== row.questionId) {
      question = {
        id: row.questionId,
        code: row.questionCode,
        text: row.questionText,
        questionType: row.questionType as FilledInQuestion["questionType"],
        formId: row.formId,
        formCode: row.formCode,
        answers: [],
      };
      questions.push(question);
    }
    question.answers.push({
      idOption: row.optionId,
      text: row.optionText,
      isFreeText: row.isFreeText,
      value: row.value,
      flagged: row.flagged,
      formCode: row.formCode,
    });
  }
  return questions;
}
