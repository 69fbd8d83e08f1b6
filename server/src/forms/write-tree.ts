import type { Transaction } from "kysely";
import type { components } from "../../../openapi/schema.d.ts";
import type { Database } from "../db/schema.ts";
import type { FormInput, StoredTree } from "./tree-check.ts";

type SectionInput = components["schemas"]["FormSectionInput"];
type QuestionInput = components["schemas"]["QuestionInput"];
type OptionInput = components["schemas"]["QuestionOptionInput"];

/** What the body leaves out of the stored tree: to be checked for answers, then deleted. */
export interface Removals {
  sectionIds: number[];
  questionIds: number[];
  optionIds: number[];
}

export function removalsOf(input: FormInput, stored: StoredTree): Removals {
  const sections = input.formSections;
  const questions = sections.flatMap((section) => section.questions);
  const keptSections = new Set(sections.map((section) => section.id));
  const keptQuestions = new Set(questions.map((question) => question.id));
  const keptOptions = new Set(questions.flatMap((question) => question.optionsToQuestions.map((option) => option.idOption)));
  return {
    sectionIds: [...stored.sectionIds].filter((id) => !keptSections.has(id)),
    questionIds: [...stored.questionIds].filter((id) => !keptQuestions.has(id)),
    optionIds: [...stored.optionIdsByQuestion.values()].flatMap((ids) => [...ids]).filter((id) => !keptOptions.has(id)),
  };
}

/**
 * Writes the body's tree under the form: children with an id are updated in place (a question may move to another
 * section), the others inserted; positions become order numbers. Removed children are deleted last, once the kept
 * questions have left the sections being deleted (the cascade would take them along otherwise).
 */
export async function writeTree(trx: Transaction<Database>, formId: number, input: FormInput, removals: Removals): Promise<void> {
  for (const [index, section] of input.formSections.entries()) {
    const sectionId = await writeSection(trx, formId, section, index + 1);
    for (const [questionIndex, question] of section.questions.entries()) {
      const questionId = await writeQuestion(trx, sectionId, question, questionIndex + 1);
      for (const [optionIndex, option] of question.optionsToQuestions.entries()) {
        await writeOption(trx, questionId, option, optionIndex + 1);
      }
    }
  }
  if (removals.optionIds.length > 0) await trx.deleteFrom("questionOption").where("id", "in", removals.optionIds).execute();
  if (removals.questionIds.length > 0) await trx.deleteFrom("question").where("id", "in", removals.questionIds).execute();
  if (removals.sectionIds.length > 0) await trx.deleteFrom("formSection").where("id", "in", removals.sectionIds).execute();
}

async function writeSection(trx: Transaction<Database>, formId: number, section: SectionInput, orderNumber: number): Promise<number> {
  const values = { code: section.code.trim(), description: section.description.trim(), orderNumber };
  if (section.id !== undefined) {
    await trx.updateTable("formSection").set(values).where("id", "=", section.id).execute();
    return section.id;
  }
  const row = await trx.insertInto("formSection").values({ formId, ...values }).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

async function writeQuestion(trx: Transaction<Database>, sectionId: number, question: QuestionInput, orderNumber: number): Promise<number> {
  const values = { sectionId, code: question.code.trim(), text: question.text.trim(), questionType: question.questionType, orderNumber };
  if (question.id !== undefined) {
    await trx.updateTable("question").set(values).where("id", "=", question.id).execute();
    return question.id;
  }
  const row = await trx.insertInto("question").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

async function writeOption(trx: Transaction<Database>, questionId: number, option: OptionInput, orderNumber: number): Promise<void> {
  const values = { text: option.text.trim(), isFreeText: option.isFreeText ?? false, flagged: option.flagged ?? false, orderNumber };
  if (option.idOption !== undefined) await trx.updateTable("questionOption").set(values).where("id", "=", option.idOption).execute();
  else await trx.insertInto("questionOption").values({ questionId, ...values }).execute();
}
