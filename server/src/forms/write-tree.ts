import { sql, type Transaction } from "kysely";
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

/** One level of the tree as stored: the table, and each column the body sets with its SQL type. */
interface Level {
  table: "formSection" | "question" | "questionOption";
  sqlTable: string;
  columns: readonly (readonly [camel: string, snake: string, type: "int" | "text" | "bool"])[];
}

const SECTIONS: Level = {
  table: "formSection",
  sqlTable: "form_section",
  columns: [["formId", "form_id", "int"], ["code", "code", "text"], ["description", "description", "text"], ["orderNumber", "order_number", "int"]],
};
const QUESTIONS: Level = {
  table: "question",
  sqlTable: "question",
  columns: [
    ["sectionId", "section_id", "int"],
    ["code", "code", "text"],
    ["text", "text", "text"],
    ["questionType", "question_type", "int"],
    ["orderNumber", "order_number", "int"],
  ],
};
const OPTIONS: Level = {
  table: "questionOption",
  sqlTable: "question_option",
  columns: [
    ["questionId", "question_id", "int"],
    ["text", "text", "text"],
    ["isFreeText", "is_free_text", "bool"],
    ["flagged", "flagged", "bool"],
    ["orderNumber", "order_number", "int"],
  ],
};

type Row = { id: number | undefined; values: Record<string, string | number | boolean> };

/** Rows per statement: well under PostgreSQL's 65,535 parameters for the widest level. */
const CHUNK = 2000;

function chunks<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK) result.push(items.slice(start, start + CHUNK));
  return result;
}

/**
 * Writes one level in a few statements whatever its size (a 300-question form is some 1,600 rows): the rows with an
 * id in one UPDATE … FROM (VALUES …), the new ones in one INSERT with ids drawn from the table's sequence first, so
 * that each new row's id is known without relying on the order RETURNING gives. Returns every row's id, in order.
 */
async function writeLevel(trx: Transaction<Database>, level: Level, rows: readonly Row[]): Promise<number[]> {
  const existing = rows.filter((row) => row.id !== undefined);
  for (const part of chunks(existing)) {
    const values = part.map((row) => sql`(${sql.join([sql`${row.id}::int`, ...level.columns.map(([camel, , type]) => sql`${row.values[camel]}::${sql.raw(type)}`)])})`);
    const names = level.columns.map(([, snake]) => snake);
    await sql`UPDATE ${sql.table(level.sqlTable)} AS t SET ${sql.join(names.map((name) => sql`${sql.ref(name)} = v.${sql.ref(name)}`))}
      FROM (VALUES ${sql.join(values)}) AS v(id, ${sql.join(names.map((name) => sql.ref(name)))}) WHERE t.id = v.id`.execute(trx);
  }
  const added = rows.filter((row) => row.id === undefined);
  const { rows: drawn } =
    added.length === 0
      ? { rows: [] }
      : await sql<{ id: number }>`SELECT nextval(pg_get_serial_sequence(${level.sqlTable}, 'id'))::int AS id FROM generate_series(1, ${added.length})`.execute(trx);
  const newIds = drawn.map((row) => row.id);
  for (const part of chunks(added.map((row, index) => ({ id: newIds[index]!, ...row.values })))) {
    await trx.insertInto(level.table).values(part).execute();
  }
  let next = 0;
  return rows.map((row) => row.id ?? newIds[next++]!);
}

/**
 * Writes the body's tree under the form, a level at a time: children with an id are updated in place (a question
 * may move to another section), the others inserted; positions become order numbers. Removed children are deleted
 * last, once the kept questions have left the sections being deleted (the cascade would take them along otherwise).
 */
export async function writeTree(trx: Transaction<Database>, formId: number, input: FormInput, removals: Removals): Promise<void> {
  const sections = input.formSections;
  const sectionIds = await writeLevel(trx, SECTIONS, sections.map((section, index) => ({ id: section.id, values: sectionValues(formId, section, index + 1) })));
  const questions = sections.flatMap((section, s) => section.questions.map((question, index) => ({ question, sectionId: sectionIds[s]!, orderNumber: index + 1 })));
  const questionIds = await writeLevel(
    trx,
    QUESTIONS,
    questions.map(({ question, sectionId, orderNumber }) => ({ id: question.id, values: questionValues(sectionId, question, orderNumber) })),
  );
  const options = questions.flatMap(({ question }, q) =>
    question.optionsToQuestions.map((option, index) => ({ id: option.idOption, values: optionValues(questionIds[q]!, option, index + 1) })),
  );
  await writeLevel(trx, OPTIONS, options);
  // Each list is one array parameter: a statement takes at most 65,535 parameters, and a form may hold more options.
  if (removals.optionIds.length > 0) await trx.deleteFrom("questionOption").where("id", "=", sql<number>`ANY(${removals.optionIds}::int[])`).execute();
  if (removals.questionIds.length > 0) await trx.deleteFrom("question").where("id", "=", sql<number>`ANY(${removals.questionIds}::int[])`).execute();
  if (removals.sectionIds.length > 0) await trx.deleteFrom("formSection").where("id", "=", sql<number>`ANY(${removals.sectionIds}::int[])`).execute();
}

const sectionValues = (formId: number, section: SectionInput, orderNumber: number) => ({
  formId,
  code: section.code.trim(),
  description: section.description.trim(),
  orderNumber,
});

const questionValues = (sectionId: number, question: QuestionInput, orderNumber: number) => ({
  sectionId,
  code: question.code.trim(),
  text: question.text.trim(),
  questionType: question.questionType,
  orderNumber,
});

const optionValues = (questionId: number, option: OptionInput, orderNumber: number) => ({
  questionId,
  text: option.text.trim(),
  isFreeText: option.isFreeText ?? false,
  flagged: option.flagged ?? false,
  orderNumber,
});
