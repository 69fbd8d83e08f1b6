import { sql } from "kysely";
import type { FileStore } from "../../files/file-store.ts";
import { demoPng } from "../images.ts";
import type { NotePlan } from "../plan.ts";
import type { FormIds } from "./forms.ts";
import { stationKey } from "./geography.ts";
import type { Ids, Tx } from "./ids.ts";

/** Notes and their photos; the photos go to `files`, so a failing store rolls the whole seed back. */
export async function insertNotes(trx: Tx, files: FileStore, notes: NotePlan[], observerIds: Ids, stationIds: Ids, formIds: FormIds) {
  if (notes.length === 0) return;
  // Ids drawn up front so each note's attachments can point at it without relying on RETURNING order.
  const { rows } = await sql<{ id: number }>`
    SELECT nextval(pg_get_serial_sequence('note', 'id'))::int AS id FROM generate_series(1, ${notes.length}::int)`.execute(trx);
  const noteIds = rows.map((row) => row.id).sort((a, b) => a - b);
  await trx
    .insertInto("note")
    .values(
      notes.map((note, index) => ({
        id: noteIds[index]!,
        observerId: observerIds.get(note.visit.phone)!,
        pollingStationId: stationIds.get(stationKey(note.visit.station))!,
        questionId: note.questionCode === null ? null : formIds.questions.get(note.questionCode)!,
        text: note.text,
        lastModified: note.lastModified,
      })),
    )
    .execute();
  const attachments = notes.flatMap((note, index) =>
    Array.from({ length: note.images }, (_, image) => {
      const bytes = demoPng(note.key * 10 + image, 160, 120);
      return {
        bytes,
        row: {
          noteId: noteIds[index]!,
          fileName: `photo-${image + 1}.png`,
          mimeType: "image/png",
          storageKey: `seed-note-${note.key}-${image + 1}.png`,
          sizeBytes: bytes.length,
        },
      };
    }),
  );
  if (attachments.length === 0) return;
  await trx.insertInto("noteAttachment").values(attachments.map((a) => a.row)).execute();
  await Promise.all(attachments.map((a) => files.put(a.row.storageKey, a.bytes)));
}
