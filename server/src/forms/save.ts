import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../db/schema.ts";
import { isForeignKeyViolation, isUniqueViolation } from "../db/violations.ts";
import { fail, type FieldError } from "../problem.ts";
import { formHasAnswers, refuseAnsweredRemovals } from "./answered-guard.ts";
import { findForm, type Form } from "./read.ts";
import { checkCodes, checkIds, EMPTY_TREE, type FormInput, type StoredTree } from "./tree-check.ts";
import { ORGANIZERS } from "./visibility.ts";
import { removalsOf, writeTree } from "./write-tree.ts";

const duplicateCode = (code: string, otherId?: number) => {
  const message = `The form code ${code} is already used by ${otherId === undefined ? "another form" : `form ${otherId}`}.`;
  return fail.conflict("duplicate_form_code", message, { code: [{ code: "duplicate", message }] });
};

const throwIfAny = (errors: Record<string, FieldError[]>, detail: string) => {
  if (Object.keys(errors).length > 0) throw fail.validation(errors, detail);
};

/**
 * Creates a form (no `id`) or replaces one with the body's whole tree, in one transaction: either the whole body
 * is saved or nothing is. Answers the form as saved (read in the same transaction) and whether it was created.
 */
export async function saveForm(db: Kysely<Database>, input: FormInput, now: Date): Promise<{ form: Form; created: boolean }> {
  throwIfAny(checkCodes(input), "Section and question codes must be unique within the form.");
  if (input.id !== undefined && input.baseVersion === undefined) {
    throw fail.validation({ baseVersion: [{ code: "required", message: "is required to update a form: the currentVersion the edit began from" }] });
  }
  const code = input.code.trim();
  try {
    return await db.transaction().execute(async (trx) => {
      if (input.id === undefined) return { form: await findForm(trx, ORGANIZERS, await createForm(trx, input, code, now)), created: true };
      await replaceForm(trx, input.id, input, code, now);
      return { form: await findForm(trx, ORGANIZERS, input.id), created: false };
    });
  } catch (error) {
    // A concurrent writer that got in between the checks below and the write.
    if (isUniqueViolation(error)) throw duplicateCode(code);
    if (isForeignKeyViolation(error)) throw formHasAnswers();
    throw error;
  }
}

async function refuseTakenCode(trx: Transaction<Database>, code: string, exceptId: number | null): Promise<void> {
  let query = trx.selectFrom("form").select("id").where("code", "=", code);
  if (exceptId !== null) query = query.where("id", "!=", exceptId);
  const other = await query.executeTakeFirst();
  if (other) throw duplicateCode(code, other.id);
}

const formFields = (input: FormInput, code: string, now: Date) => ({
  code,
  description: input.description.trim(),
  diaspora: input.diaspora,
  draft: input.draft,
  updatedAt: now,
});

async function createForm(trx: Transaction<Database>, input: FormInput, code: string, now: Date): Promise<number> {
  throwIfAny(checkIds(input, EMPTY_TREE), "A new form cannot refer to existing sections, questions or options.");
  await refuseTakenCode(trx, code, null);
  const row = await trx
    .insertInto("form")
    .values({
      ...formFields(input, code, now),
      currentVersion: input.currentVersion ?? 1,
      displayOrder: sql<number>`(SELECT coalesce(max(display_order), 0) + 1 FROM form)`,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await writeTree(trx, row.id, input, { sectionIds: [], questionIds: [], optionIds: [] });
  return row.id;
}

async function replaceForm(trx: Transaction<Database>, id: number, input: FormInput, code: string, now: Date): Promise<void> {
  // The row lock serializes saves of one form, so the version check and the tree diff see the latest save.
  const stored = await trx.selectFrom("form").select("currentVersion").where("id", "=", id).forUpdate().executeTakeFirst();
  if (!stored) throw fail.notFound(`No form with id ${id}.`);
  if (stored.currentVersion !== input.baseVersion) {
    throw fail.conflict(
      "stale_version",
      `The edit is based on version ${input.baseVersion} but the form is at version ${stored.currentVersion}; reload it and edit again.`,
    );
  }
  const tree = await storedTree(trx, id);
  throwIfAny(checkIds(input, tree), "Some ids do not belong to this form.");
  await refuseTakenCode(trx, code, id);
  const removals = removalsOf(input, tree);
  await refuseAnsweredRemovals(trx, removals);
  await trx
    .updateTable("form")
    .set({ ...formFields(input, code, now), currentVersion: stored.currentVersion + 1 })
    .where("id", "=", id)
    .execute();
  await writeTree(trx, id, input, removals);
}

async function storedTree(trx: Transaction<Database>, formId: number): Promise<StoredTree> {
  const rows = await trx
    .selectFrom("formSection")
    .leftJoin("question", "question.sectionId", "formSection.id")
    .leftJoin("questionOption", "questionOption.questionId", "question.id")
    .select(["formSection.id as sectionId", "question.id as questionId", "questionOption.id as optionId"])
    .where("formSection.formId", "=", formId)
    .execute();
  const optionIdsByQuestion = new Map<number, Set<number>>();
  for (const row of rows) {
    if (row.questionId === null) continue;
    const options = optionIdsByQuestion.get(row.questionId) ?? new Set<number>();
    if (row.optionId !== null) options.add(row.optionId);
    optionIdsByQuestion.set(row.questionId, options);
  }
  return {
    sectionIds: new Set(rows.map((row) => row.sectionId)),
    questionIds: new Set(optionIdsByQuestion.keys()),
    optionIdsByQuestion,
  };
}
