import { sql, type Kysely } from "kysely";
import type { components } from "../../../openapi/schema.d.ts";
import type { Database } from "../db/schema.ts";
import { fail } from "../problem.ts";
import type { FormAudience } from "./visibility.ts";

export type FormSummary = components["schemas"]["FormSummary"];
export type Form = components["schemas"]["Form"];
type FormSection = components["schemas"]["FormSection"];
type Question = components["schemas"]["Question"];
type QuestionOption = components["schemas"]["QuestionOption"];
type QuestionType = components["schemas"]["QuestionType"];

export interface FormFilter {
  draft?: boolean;
  diaspora?: boolean;
}

function summaries(db: Kysely<Database>, audience: FormAudience) {
  const query = db
    .selectFrom("form")
    .select(["form.id", "form.code", "form.description", "form.currentVersion", "form.diaspora", "form.draft", "form.displayOrder as order"])
    .select(
      sql<string | number>`(SELECT count(*) FROM question q JOIN form_section s ON s.id = q.section_id WHERE s.form_id = form.id)`.as(
        "questionCount",
      ),
    );
  const ofRound = query.where("form.electionRoundId", "=", audience.roundId);
  return audience.seesDrafts ? ofRound : ofRound.where("form.draft", "=", false);
}

// count(*) is a bigint, which pg returns as a string.
const withCount = <T extends { questionCount: string | number }>(row: T) => ({ ...row, questionCount: Number(row.questionCount) });

export async function listFormSummaries(db: Kysely<Database>, audience: FormAudience, filter: FormFilter): Promise<FormSummary[]> {
  let query = summaries(db, audience);
  if (filter.draft !== undefined) query = query.where("form.draft", "=", filter.draft);
  if (filter.diaspora === false) query = query.where("form.diaspora", "=", false);
  const rows = await query.orderBy("form.displayOrder").orderBy("form.id").execute();
  return rows.map(withCount);
}

/** A whole form the audience may see; a draft hidden from the caller, or a form of another round, is a 404 like a missing form. */
export async function findForm(db: Kysely<Database>, audience: FormAudience, id: number): Promise<Form> {
  const summary = await summaries(db, audience).where("form.id", "=", id).executeTakeFirst();
  if (!summary) throw fail.notFound(`No form with id ${id}.`);
  return { ...withCount(summary), formSections: await loadSections(db, id) };
}

async function loadSections(db: Kysely<Database>, formId: number): Promise<FormSection[]> {
  const sections = await db
    .selectFrom("formSection")
    .select(["id", "code", "description", "orderNumber"])
    .where("formId", "=", formId)
    .orderBy("orderNumber")
    .orderBy("id")
    .execute();
  const questions = await db
    .selectFrom("question")
    .innerJoin("formSection", "formSection.id", "question.sectionId")
    .select(["question.id", "question.sectionId", "question.code", "question.text", "question.questionType", "question.orderNumber"])
    .where("formSection.formId", "=", formId)
    .orderBy("question.orderNumber")
    .orderBy("question.id")
    .execute();
  const options = await db
    .selectFrom("questionOption")
    .innerJoin("question", "question.id", "questionOption.questionId")
    .innerJoin("formSection", "formSection.id", "question.sectionId")
    .select(["questionOption.id", "questionOption.questionId", "questionOption.text", "questionOption.isFreeText", "questionOption.flagged", "questionOption.orderNumber"])
    .where("formSection.formId", "=", formId)
    .orderBy("questionOption.orderNumber")
    .orderBy("questionOption.id")
    .execute();

  const optionsOf = groupBy(options, (option) => option.questionId);
  const questionsOf = groupBy(questions, (question) => question.sectionId);
  return sections.map((section) => ({
    ...section,
    questions: (questionsOf.get(section.id) ?? []).map(
      ({ sectionId: _sectionId, questionType, ...question }): Question => ({
        ...question,
        questionType: questionType as QuestionType,
        optionsToQuestions: (optionsOf.get(question.id) ?? []).map(
          ({ id, questionId: _questionId, ...option }): QuestionOption => ({ idOption: id, ...option }),
        ),
      }),
    ),
  }));
}

function groupBy<T>(items: T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}
