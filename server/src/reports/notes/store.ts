import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { isStorageFull, type FileStore } from "../../files/file-store.ts";
import { problem, ProblemError } from "../../problem.ts";
import { formFitsStation, formNotForStation, notFoundAt, type ResolvedStation } from "../stations.ts";
import { requestSignal } from "../../db/abandoned-requests.ts";
import { recordLiveEvents } from "../../live/record.ts";
import { extensionOf } from "./image-type.ts";
import type { NoteForm } from "./note-form.ts";

/** Writes the note and its attachment rows in the caller's transaction; the note's id. */
export type InsertNote = (trx: Transaction<Database>) => Promise<number>;

/**
 * Stores the images, then has `save` write the note and its attachment rows through `insert`, in one transaction of
 * its own (which may hold an idempotency key's claim too). Images go first, so that no row ever points to a missing
 * file; when anything fails after them (a put, the insert, the commit, the client going away), or `save` ends without
 * inserting (a concurrent resend of the same key saved the note), the files this request stored are deleted again
 * unless a row references them (a commit whose answer was lost).
 */
export async function createNote<T>(
  db: Kysely<Database>,
  files: FileStore,
  note: { roundId: number; observerId: number; station: ResolvedStation; form: NoteForm },
  now: Date,
  save: (insert: InsertNote) => Promise<T>,
): Promise<T> {
  const { form, station } = note;
  if (form.questionId !== undefined) await checkQuestion(db, note.roundId, form.questionId, station);
  const stored = form.images.map((image) => ({ ...image, storageKey: `note-${randomUUID()}.${extensionOf[image.mimeType]}` }));
  const discard = () => (stored.length > 0 ? discardUnreferenced(db, files, stored.map((image) => image.storageKey)) : Promise.resolve());
  let inserted = false;
  const insert: InsertNote = async (trx) => {
    inserted = true;
    const { id } = await trx
      .insertInto("note")
      .values({
        electionRoundId: note.roundId,
        observerId: note.observerId,
        pollingStationId: station.id,
        questionId: form.questionId ?? null,
        text: form.text,
        lastModified: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (stored.length > 0) {
      await trx
        .insertInto("noteAttachment")
        .values(
          stored.map((image) => ({
            noteId: id,
            fileName: image.fileName,
            mimeType: image.mimeType,
            storageKey: image.storageKey,
            sizeBytes: image.bytes.length,
          })),
        )
        .execute();
    }
    // Last: from here to the commit, other transactions that record live events wait for this one.
    await recordLiveEvents(trx, "note", [{ observerId: note.observerId, pollingStationId: station.id }], null, now);
    return id;
  };
  try {
    await putAll(files, stored);
    const result = await save(insert);
    if (!inserted) await discard();
    return result;
  } catch (error) {
    await discard();
    throw error;
  }
}

/**
 * Deletes those of `keys` that no attachment row references. Outside the request's context: a client that went away
 * must still not leave its files behind. When the database cannot say, the files stay (logged): a file without a row
 * only takes space, a row without its file would lose a photo.
 */
export async function discardUnreferenced(db: Kysely<Database>, files: FileStore, keys: string[]): Promise<void> {
  await requestSignal.exit(async () => {
    try {
      const referenced = await db.selectFrom("noteAttachment").select("storageKey").where("storageKey", "in", keys).execute();
      const kept = new Set(referenced.map((row) => row.storageKey));
      await Promise.all(keys.filter((key) => !kept.has(key)).map((key) => files.delete(key)));
    } catch (error) {
      console.error(`Could not delete the attachments of a note that was not saved (${keys.join(", ")}):`, error);
    }
  });
}

async function putAll(files: FileStore, images: { storageKey: string; bytes: Uint8Array }[]): Promise<void> {
  try {
    for (const image of images) await files.put(image.storageKey, image.bytes);
  } catch (error) {
    // Logged for the operator, who must free space or fix the storage; the observer's app may send the note again.
    console.error("Storing a note's attachments failed:", error);
    throw storageProblem(error);
  }
}

function storageProblem(error: unknown): ProblemError {
  if (isStorageFull(error)) {
    return new ProblemError(
      problem(507, "storage_full", "The attachment storage is full; the note was not saved.", { title: "Insufficient Storage" }),
    );
  }
  return new ProblemError(
    problem(503, "storage_unavailable", "The attachments could not be stored; the note was not saved.", { title: "Service Unavailable" }),
  );
}

/** Like answers, a note may only be about a question of a published form of its round that is for its station. */
async function checkQuestion(db: Kysely<Database>, roundId: number, questionId: number, station: ResolvedStation): Promise<void> {
  const form = await db
    .selectFrom("question as q")
    .innerJoin("formSection as fs", "fs.id", "q.sectionId")
    .innerJoin("form as f", "f.id", "fs.formId")
    .select(["f.code", "f.diaspora"])
    .where("q.id", "=", questionId)
    .where("f.electionRoundId", "=", roundId)
    .where("f.draft", "=", false)
    .executeTakeFirst();
  if (!form) {
    throw notFoundAt("The question is unknown.", { questionId: [{ code: "not_found", message: `There is no published question ${questionId} in this election round.` }] });
  }
  if (!formFitsStation(form, station)) {
    const message = `Question ${questionId} is of form ${form.code}, for stations abroad only; the station is in Romania.`;
    throw formNotForStation({ questionId: [{ code: "invalid", message }] });
  }
}
