import { sql } from "kysely";
import type { TestDb } from "../../../../tests/support/test-server";
import { twoNgosWithoutObservers } from "../../../../tests/support/seeds/observers.seed";
import { stationsIn } from "../../../../tests/support/seeds/stations.seed";

export { ORGANIZER, STAFF } from "../../../../tests/support/seeds/observers.seed";

/** The codes of the seeded forms, in their saved order (form i + 1 has code CODES[i]). */
export const FORM_CODES = ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L"];
/** Drafts: only organizers see them. */
export const DRAFT_CODES = ["C", "K"];
export const DIASPORA_CODES = ["D"];

/**
 * The forms list's test data, written into the real server's database: NGO 1 organizes (admin.cfr), NGO 2 does not
 * (ana.pop); twelve forms A to L (ids 1 to 12) in that saved order, titled "Form A" and so on. Form A has an
 * answer, so the server refuses to delete it (409 form_has_answers); the others have none.
 */
export async function twelveForms(db: TestDb) {
  await twoNgosWithoutObservers(db);
  await db
    .insertInto("form")
    .values(
      FORM_CODES.map((code, index) => ({
        id: index + 1,
        code,
        description: `Form ${code}`,
        draft: DRAFT_CODES.includes(code),
        diaspora: DIASPORA_CODES.includes(code),
        displayOrder: index + 1,
      })),
    )
    .execute();
  await db.insertInto("formSection").values({ id: 1, formId: 1, code: "A1", description: "Opening" }).execute();
  await db.insertInto("question").values({ id: 1, sectionId: 1, code: "A1.1", text: "Did the station open on time?" }).execute();
  await db.insertInto("questionOption").values({ id: 1, questionId: 1, text: "Yes" }).execute();
  const stations = await stationsIn(db, { CJ: 1 });
  await db.insertInto("observer").values({ id: 1, ngoId: 1, phone: "0722000001", name: "Ana Pop", pinHash: "not used" }).execute();
  await db.insertInto("answer").values({ observerId: 1, optionId: 1, pollingStationId: stations.get("CJ 1")! }).execute();
  // Rows inserted with their own ids leave the sequences behind: what the server inserts next must not collide.
  await sql`SELECT setval(pg_get_serial_sequence('form', 'id'), 100), setval(pg_get_serial_sequence('form_section', 'id'), 100),
    setval(pg_get_serial_sequence('question', 'id'), 100), setval(pg_get_serial_sequence('question_option', 'id'), 100),
    setval(pg_get_serial_sequence('observer', 'id'), 100)`.execute(db);
}
