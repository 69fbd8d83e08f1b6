import { sql, type Kysely } from "kysely";
import { formLabel } from "../audit/labels.ts";
import { recordAudit, type StaffAct } from "../audit/record.ts";
import type { Database } from "../db/schema.ts";
import { isForeignKeyViolation } from "../db/violations.ts";
import { fail } from "../problem.ts";
import { formHasAnswers, refuseAnsweredRemovals } from "./answered-guard.ts";

/** Deletes a form with its sections, questions and options, unless observers have answered or noted it (409). */
export async function deleteForm(db: Kysely<Database>, roundId: number, id: number, act: StaffAct): Promise<void> {
  try {
    await db.transaction().execute(async (trx) => {
      // The lock makes a concurrent save of this form wait for the decision.
      const form = await trx
        .selectFrom("form")
        .select(["id", "code", "description"])
        .where("id", "=", id)
        .where("electionRoundId", "=", roundId)
        .forUpdate()
        .executeTakeFirst();
      if (!form) throw fail.notFound(`No form with id ${id}.`);
      const questions = await trx
        .selectFrom("question")
        .innerJoin("formSection", "formSection.id", "question.sectionId")
        .select("question.id")
        .where("formSection.formId", "=", id)
        .execute();
      const questionIds = questions.map((q) => q.id);
      const options =
        questionIds.length === 0 ? [] : await trx.selectFrom("questionOption").select("id").where("questionId", "=", sql<number>`ANY(${questionIds}::int[])`).execute();
      await refuseAnsweredRemovals(trx, { questionIds, optionIds: options.map((o) => o.id) });
      await trx.deleteFrom("form").where("id", "=", id).execute();
      await recordAudit(trx, act, [{ action: "form.deleted", subject: { type: "form", id, label: formLabel(form) }, ngoId: null, roundId }]);
    });
  } catch (error) {
    // An answer written between the check and the delete: the answer table's RESTRICT refuses the cascade.
    if (isForeignKeyViolation(error)) throw formHasAnswers();
    throw error;
  }
}
