import type { Kysely } from "kysely";
import { recordAudit, type StaffAct } from "../audit/record.ts";
import type { Database } from "../db/schema.ts";
import { fail } from "../problem.ts";

/**
 * Saves the display order of a round's forms: `formIds` must name every one of them exactly once (the contract makes them unique). Logged
 * as one `forms.reordered` entry about no single form, labelled with the codes in their new order; an order that
 * changes nothing is not logged.
 */
export async function reorderForms(db: Kysely<Database>, roundId: number, formIds: readonly number[], act: StaffAct): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Locking every form keeps a concurrent delete from slipping in between the completeness check and the writes.
    const stored = await trx
      .selectFrom("form")
      .select(["id", "code", "displayOrder"])
      .where("electionRoundId", "=", roundId)
      .orderBy("id")
      .forUpdate()
      .execute();
    const storedIds = new Set(stored.map((form) => form.id));
    const unknown = formIds.filter((id) => !storedIds.has(id));
    const requested = new Set(formIds);
    const missing = [...storedIds].filter((id) => !requested.has(id));
    if (unknown.length > 0 || missing.length > 0) {
      throw fail.validation({
        formIds: [
          ...(unknown.length > 0 ? [{ code: "not_found" as const, message: `No form with id ${unknown.join(", ")}.` }] : []),
          ...(missing.length > 0 ? [{ code: "required" as const, message: `The order must name form ${missing.join(", ")} too.` }] : []),
        ],
      });
    }
    for (const [index, id] of formIds.entries()) {
      await trx.updateTable("form").set({ displayOrder: index + 1 }).where("id", "=", id).execute();
    }
    const codeOf = new Map(stored.map((form) => [form.id, form.code]));
    const before = [...stored].sort((a, b) => a.displayOrder - b.displayOrder || a.id - b.id).map((form) => form.code).join(", ");
    const after = formIds.map((id) => codeOf.get(id)!).join(", ");
    if (before === after) return;
    await recordAudit(trx, act, [
      { action: "forms.reordered", subject: { type: "form", id: null, label: after }, ngoId: null, roundId, changes: [{ field: "order", from: before, to: after }] },
    ]);
  });
}
