import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { fail } from "../problem.ts";

const MAX_NAMED = 5;

/**
 * Refuses (409 form_has_answers) to remove questions or options that observers have answered or noted: answers
 * would lose the option they chose (the database refuses that too) and notes would lose their question.
 */
export async function refuseAnsweredRemovals(
  db: Kysely<Database>,
  removed: { questionIds: readonly number[]; optionIds: readonly number[] },
): Promise<void> {
  const uses = [
    removed.optionIds.length > 0
      ? sql`SELECT o.question_id FROM answer a JOIN question_option o ON o.id = a.option_id WHERE a.option_id = ANY(${removed.optionIds}::int[])`
      : null,
    removed.questionIds.length > 0 ? sql`SELECT n.question_id FROM note n WHERE n.question_id = ANY(${removed.questionIds}::int[])` : null,
  ].filter((use) => use !== null);
  if (uses.length === 0) return;
  const { rows } = await sql<{ code: string; uses: string | number }>`
    SELECT q.code, count(*) AS uses FROM (${sql.join(uses, sql` UNION ALL `)}) used JOIN question q ON q.id = used.question_id
    GROUP BY q.code ORDER BY q.code`.execute(db);
  if (rows.length === 0) return;
  const named = rows.slice(0, MAX_NAMED).map((row) => `${row.code} (${Number(row.uses)})`);
  const more = rows.length > MAX_NAMED ? ` and ${rows.length - MAX_NAMED} more` : "";
  throw fail.conflict(
    "form_has_answers",
    `Answers or notes refer to question ${named.join(", question ")}${more}; those questions and options cannot be removed.`,
  );
}

export const formHasAnswers = () => fail.conflict("form_has_answers", "Answers refer to this form's options; it cannot be changed that way.");
