import { sql } from "kysely";
import type { FileStore } from "../../files/file-store.ts";
import { demoPng } from "../images.ts";
import type { NotePlan } from "../plan.ts";
import type { FormIds } from "./forms.ts";
import { stationKey } from "./geography.ts";
import type { Ids, Tx } from "./ids.ts";

/** A photo as the file store keeps it. */
export interface Photo { storageKey: string; bytes: Uint8Array }

/** The demo's photos: a file of its own for every attachment, drawn from the note's key. */
export const photoPerAttachment = (note: NotePlan, image: number): Photo => ({
  storageKey: `seed-note-${note.key}-${image + 1}.png`,
  bytes: demoPng(note.key * 10 + image, 160, 120),
});

/** Rows per INSERT: PostgreSQL takes at most 65,535 parameters per statement. */
const NOTE_BATCH = 5_000;

/**
 * Notes and their photos, in round `roundId` (whose stations and questions the ids are); the photos go to `files` (each stored key once, as `photoOf` may share one file between
 * attachments), so a failing store rolls the whole transaction back.
 */
export async function insertNotes(
  trx: Tx,
  files: FileStore,
  roundId: number,
  notes: NotePlan[],
  observerIds: Ids,
  stationIds: Ids,
  formIds: FormIds,
  photoOf: (note: NotePlan, image: number) => Photo = photoPerAttachment,
) {
  if (notes.length === 0) return;
  // Ids drawn up front so each note's attachments can point at it without relying on RETURNING order.
  const { rows } = await sql<{ id: number }>`
    SELECT nextval(pg_get_serial_sequence('note', 'id'))::int AS id FROM generate_series(1, ${notes.length}::int)`.execute(trx);
  const noteIds = rows.map((row) => row.id).sort((a, b) => a - b);
  const noteRows = notes.map((note, index) => ({
    id: noteIds[index]!,
    electionRoundId: roundId,
    observerId: observerIds.get(note.visit.phone)!,
    pollingStationId: stationIds.get(stationKey(note.visit.station))!,
    questionId: note.questionCode === null ? null : formIds.questions.get(note.questionCode)!,
    text: note.text,
    lastModified: note.lastModified,
  }));
  for (let start = 0; start < noteRows.length; start += NOTE_BATCH) {
    await trx.insertInto("note").values(noteRows.slice(start, start + NOTE_BATCH)).execute();
  }
  const attachments = notes.flatMap((note, index) =>
    Array.from({ length: note.images }, (_, image) => {
      const photo = photoOf(note, image);
      return {
        photo,
        row: {
          noteId: noteIds[index]!,
          fileName: `photo-${image + 1}.png`,
          mimeType: "image/png",
          storageKey: photo.storageKey,
          sizeBytes: photo.bytes.length,
        },
      };
    }),
  );
  if (attachments.length === 0) return;
  for (let start = 0; start < attachments.length; start += NOTE_BATCH) {
    await trx.insertInto("noteAttachment").values(attachments.slice(start, start + NOTE_BATCH).map((a) => a.row)).execute();
  }
  const stored = new Map(attachments.map((a) => [a.photo.storageKey, a.photo.bytes]));
  await Promise.all([...stored].map(([key, bytes]) => files.put(key, bytes)));
}
