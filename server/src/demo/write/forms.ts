import { FORMS_PUBLISHED_AT } from "../content/calendar.ts";
import { DEMO_FORMS } from "../content/forms.ts";
import type { Ids, Tx } from "./ids.ts";

export interface FormIds {
  /** By question code, e.g. "A1.2". */
  questions: Ids;
  /** By "<question code>#<option index>", e.g. "A1.2#1". */
  options: Ids;
}

export const optionKey = (questionCode: string, optionIndex: number) => `${questionCode}#${optionIndex}`;

/** Forms, sections, questions and options, each level in one statement; positions become the order numbers. */
export async function insertForms(trx: Tx): Promise<FormIds> {
  const forms = await trx
    .insertInto("form")
    .values(
      DEMO_FORMS.map((form, index) => ({
        code: form.code,
        description: form.description,
        diaspora: form.diaspora,
        draft: form.draft,
        currentVersion: form.currentVersion,
        displayOrder: index + 1,
        updatedAt: FORMS_PUBLISHED_AT,
      })),
    )
    .returning(["id", "code"])
    .execute();
  const formIds = new Map(forms.map((form) => [form.code, form.id]));
  const sections = DEMO_FORMS.flatMap((form) =>
    form.formSections.map((section, index) => ({ formId: formIds.get(form.code)!, section, order: index + 1 })),
  );
  const sectionRows = await trx
    .insertInto("formSection")
    .values(
      sections.map(({ formId, section, order }) => ({
        formId,
        code: section.code,
        description: section.description,
        orderNumber: order,
      })),
    )
    .returning(["id", "code"])
    .execute();
  const sectionIds = new Map(sectionRows.map((row) => [row.code, row.id]));
  const questions = sections.flatMap(({ section }) =>
    section.questions.map((question, index) => ({ sectionId: sectionIds.get(section.code)!, question, order: index + 1 })),
  );
  const questionRows = await trx
    .insertInto("question")
    .values(
      questions.map(({ sectionId, question, order }) => ({
        sectionId,
        code: question.code,
        text: question.text,
        questionType: question.questionType,
        orderNumber: order,
      })),
    )
    .returning(["id", "code"])
    .execute();
  const questionIds: Ids = new Map(questionRows.map((row) => [row.code, row.id]));
  const optionRows = await trx
    .insertInto("questionOption")
    .values(
      questions.flatMap(({ question }) =>
        question.optionsToQuestions.map((option, index) => ({
          questionId: questionIds.get(question.code)!,
          text: option.text,
          isFreeText: option.isFreeText,
          flagged: option.flagged,
          orderNumber: index + 1,
        })),
      ),
    )
    .returning(["id", "questionId", "orderNumber"])
    .execute();
  const codeOfQuestion = new Map(questionRows.map((row) => [row.id, row.code]));
  const options: Ids = new Map(optionRows.map((row) => [optionKey(codeOfQuestion.get(row.questionId)!, row.orderNumber - 1), row.id]));
  return { questions: questionIds, options };
}

/** The question and option ids of round `roundId`'s forms, keyed as insertForms keys them (codes are unique in a round). */
export async function lookUpFormIds(trx: Tx, roundId: number): Promise<FormIds> {
  const rows = await trx
    .selectFrom("questionOption as o")
    .innerJoin("question as q", "q.id", "o.questionId")
    .innerJoin("formSection as s", "s.id", "q.sectionId")
    .innerJoin("form as f", "f.id", "s.formId")
    .where("f.electionRoundId", "=", roundId)
    .select(["q.id as questionId", "q.code", "o.id as optionId", "o.orderNumber"])
    .execute();
  return {
    questions: new Map(rows.map((row) => [row.code, row.questionId])),
    options: new Map(rows.map((row) => [optionKey(row.code, row.orderNumber - 1), row.optionId])),
  };
}
