import { sql } from "kysely";
import type { TestDb } from "../test-server";
import { ORGANIZER, twoNgosWithoutObservers } from "./observers.seed";

export { ORGANIZER };

/** The form the editor's model test opens. */
export const FORM_ID = 5;

/**
 * twoNgosWithoutObservers and one short published form, FORM_ID "B" at version 3: section "Arrival" (B1) with three
 * questions and section "Voting" (B2) with one, none with options yet. Short, so that it opens unfolded and a
 * screen test renders it fast; three questions in a section, so that a drop two places down differs from a swap.
 */
export async function oneShortForm(db: TestDb) {
  await twoNgosWithoutObservers(db);
  await db.insertInto("form").values({ id: FORM_ID, code: "B", description: "Form B", draft: false, currentVersion: 3, displayOrder: 1 }).execute();
  await db
    .insertInto("formSection")
    .values([
      { id: 21, formId: FORM_ID, code: "B1", description: "Arrival", orderNumber: 1 },
      { id: 22, formId: FORM_ID, code: "B2", description: "Voting", orderNumber: 2 },
    ])
    .execute();
  await db
    .insertInto("question")
    .values([
      { id: 31, sectionId: 21, code: "B1.1", text: "Was the station open?", questionType: 1, orderNumber: 1 },
      { id: 32, sectionId: 21, code: "B1.2", text: "Were the seals intact?", questionType: 1, orderNumber: 2 },
      { id: 33, sectionId: 21, code: "B1.3", text: "Was the voter list displayed?", questionType: 1, orderNumber: 3 },
      { id: 34, sectionId: 22, code: "B2.1", text: "Did voting start on time?", questionType: 1, orderNumber: 1 },
    ])
    .execute();
  // Rows inserted with their own ids leave the sequences behind: what the server inserts next must not collide.
  await sql`SELECT setval(pg_get_serial_sequence('form', 'id'), 100), setval(pg_get_serial_sequence('form_section', 'id'), 100),
    setval(pg_get_serial_sequence('question', 'id'), 100)`.execute(db);
}
