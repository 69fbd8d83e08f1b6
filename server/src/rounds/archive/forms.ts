import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { ZipStream } from "../../http/zip-stream.ts";
import { toFormFile } from "../../forms/form-file.ts";
import { findForm } from "../../forms/read.ts";
import { organizersIn } from "../../forms/visibility.ts";
import { safeSegment } from "./entry-names.ts";

/**
 * Each form of the round, drafts too, as `forms/<code>.json`: the file `exportForm` gives, which `importForm` takes
 * back. A round has tens of forms, so they are read one by one. Two codes that clean up to the same name keep
 * apart by their form's id. Answers how many were written.
 */
export async function writeForms(zip: ZipStream, db: Kysely<Database>, roundId: number): Promise<number> {
  const forms = await db.selectFrom("form").select(["id", "code"]).where("electionRoundId", "=", roundId).orderBy("displayOrder").orderBy("id").execute();
  const names = new Set<string>();
  for (const { id, code } of forms) {
    if (zip.closed) break;
    let name = safeSegment(code, `form-${id}`);
    if (names.has(name)) name = `${name}-${id}`;
    names.add(name);
    const file = toFormFile(await findForm(db, organizersIn(roundId), id));
    await zip.entry(`forms/${name}.json`, (entry) => entry.write(`${JSON.stringify(file, null, 2)}\n`));
  }
  return forms.length;
}
