import { sql, type Kysely, type Transaction } from "kysely";
import { changedFields, initialFields } from "../audit/changes.ts";
import { formLabel } from "../audit/labels.ts";
import { recordAudit, type AuditRecord, type StaffAct } from "../audit/record.ts";
import type { Database } from "../db/schema.ts";
import { isForeignKeyViolation, isUniqueViolation } from "../db/violations.ts";
import { fail, type FieldError } from "../problem.ts";
import { formHasAnswers, refuseAnsweredRemovals } from "./answered-guard.ts";
import { findForm, type Form } from "./read.ts";
import { checkCodes, checkIds, EMPTY_TREE, type FormInput, type StoredTree } from "./tree-check.ts";
import { organizersIn } from "./visibility.ts";
import { removalsOf, writeTree } from "./write-tree.ts";

const duplicateCode = (code: string, otherId?: number) => {
  const message = `The form code ${code} is already used by ${otherId === undefined ? "another form" : `form ${otherId}`}.`;
  return fail.conflict("duplicate_form_code", message, { code: [{ code: "duplicate", message }] });
};

const throwIfAny = (errors: Record<string, FieldError[]>, detail: string) => {
  if (Object.keys(errors).length > 0) throw fail.validation(errors, detail);
};

/** Where a save comes from: the editor (saveForm), or a form file (importForm), which always makes a new form. */
export type FormOrigin = "editor" | "file";

/**
 * Creates a form (no `id`) or replaces one with the body's whole tree, in one transaction: either the whole body
 * is saved or nothing is. Answers the form as saved (read in the same transaction) and whether it was created.
 */
export async function saveForm(
  db: Kysely<Database>,
  roundId: number,
  input: FormInput,
  act: StaffAct,
  origin: FormOrigin,
): Promise<{ form: Form; created: boolean }> {
  throwIfAny(checkCodes(input), "Section and question codes must be unique within the form.");
  if (input.id !== undefined && input.baseVersion === undefined) {
    throw fail.validation({ baseVersion: [{ code: "required", message: "is required to update a form: the currentVersion the edit began from" }] });
  }
  const code = input.code.trim();
  const now = act.at;
  try {
    return await db.transaction().execute(async (trx) => {
      if (input.id === undefined) {
        const form = await findForm(trx, organizersIn(roundId), await createForm(trx, roundId, input, code, now));
        await recordAudit(trx, act, [createdEntry(form, origin, roundId)]);
        return { form, created: true };
      }
      const before = await replaceForm(trx, roundId, input.id, input, code, now);
      const form = await findForm(trx, organizersIn(roundId), input.id);
      await recordAudit(trx, act, [updatedEntry(before, form, roundId)]);
      return { form, created: false };
    });
  } catch (error) {
    // A concurrent writer that got in between the checks below and the write.
    if (isUniqueViolation(error)) throw duplicateCode(code);
    if (isForeignKeyViolation(error)) throw formHasAnswers();
    throw error;
  }
}

/** A form's code is unique within its round: the next round's copy of a form keeps its code. */
async function refuseTakenCode(trx: Transaction<Database>, roundId: number, code: string, exceptId: number | null): Promise<void> {
  let query = trx.selectFrom("form").select("id").where("electionRoundId", "=", roundId).where("code", "=", code);
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

/** Writes a new form at the end of its round's order (saveForm, and a round's copy of the forms before it). */
export async function createForm(trx: Transaction<Database>, roundId: number, input: FormInput, code: string, now: Date): Promise<number> {
  throwIfAny(checkIds(input, EMPTY_TREE), "A new form cannot refer to existing sections, questions or options.");
  await refuseTakenCode(trx, roundId, code, null);
  const row = await trx
    .insertInto("form")
    .values({
      ...formFields(input, code, now),
      electionRoundId: roundId,
      currentVersion: input.currentVersion ?? 1,
      displayOrder: sql<number>`(SELECT coalesce(max(display_order), 0) + 1 FROM form WHERE election_round_id = ${roundId})`,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await writeTree(trx, row.id, input, { sectionIds: [], questionIds: [], optionIds: [] });
  return row.id;
}

/** The form as the log compares it: its own fields and how many sections, questions and options it holds. */
type FormFacts = Record<(typeof FORM_FIELDS)[number], string | number | boolean>;
const FORM_FIELDS = ["code", "description", "diaspora", "draft", "currentVersion", "formSections", "questions", "optionsToQuestions"] as const;

function factsOf(form: Form): FormFacts {
  const questions = form.formSections.flatMap((section) => section.questions);
  return {
    code: form.code,
    description: form.description,
    diaspora: form.diaspora,
    draft: form.draft,
    currentVersion: form.currentVersion,
    formSections: form.formSections.length,
    questions: questions.length,
    optionsToQuestions: questions.reduce((sum, question) => sum + question.optionsToQuestions.length, 0),
  };
}

const formEntry = (action: AuditRecord["action"], form: Form, changes: AuditRecord["changes"], roundId: number): AuditRecord => ({
  action,
  subject: { type: "form", id: form.id, label: formLabel(form) },
  ngoId: null,
  roundId,
  changes,
});

/** A file's form is imported; the editor's new form is created, or published when it is saved published at once. */
function createdEntry(form: Form, origin: FormOrigin, roundId: number): AuditRecord {
  const action = origin === "file" ? "form.imported" : form.draft ? "form.created" : "form.published";
  return formEntry(action, form, initialFields(factsOf(form), FORM_FIELDS), roundId);
}

/** A save that takes a draft out of draft publishes it; any other save (unpublishing too) updates. */
function updatedEntry(before: FormFacts, form: Form, roundId: number): AuditRecord {
  const after = factsOf(form);
  return formEntry(before.draft && !after.draft ? "form.published" : "form.updated", form, changedFields(before, after, FORM_FIELDS), roundId);
}

/** Replaces the stored form with the body and answers the stored form's facts from before. */
async function replaceForm(trx: Transaction<Database>, roundId: number, id: number, input: FormInput, code: string, now: Date): Promise<FormFacts> {
  // The row lock serializes saves of one form, so the version check and the tree diff see the latest save.
  const stored = await trx
    .selectFrom("form")
    .select(["code", "description", "diaspora", "draft", "currentVersion"])
    .where("id", "=", id)
    .where("electionRoundId", "=", roundId)
    .forUpdate()
    .executeTakeFirst();
  if (!stored) throw fail.notFound(`No form with id ${id}.`);
  if (stored.currentVersion !== input.baseVersion) {
    throw fail.conflict(
      "stale_version",
      `The edit is based on version ${input.baseVersion} but the form is at version ${stored.currentVersion}; reload it and edit again.`,
    );
  }
  const tree = await storedTree(trx, id);
  throwIfAny(checkIds(input, tree), "Some ids do not belong to this form.");
  await refuseTakenCode(trx, roundId, code, id);
  const removals = removalsOf(input, tree);
  await refuseAnsweredRemovals(trx, removals);
  await trx
    .updateTable("form")
    .set({ ...formFields(input, code, now), currentVersion: stored.currentVersion + 1 })
    .where("id", "=", id)
    .execute();
  await writeTree(trx, id, input, removals);
  return {
    ...stored,
    formSections: tree.sectionIds.size,
    questions: tree.questionIds.size,
    optionsToQuestions: [...tree.optionIdsByQuestion.values()].reduce((sum, options) => sum + options.size, 0),
  };
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
