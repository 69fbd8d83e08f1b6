import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { isStorageFull, type FileStore } from "../files/file-store.ts";
import { problem, ProblemError } from "../problem.ts";
import { notFoundAt } from "../answers/stations.ts";
import { recordLiveEvents } from "../live/record.ts";
import { extensionOf } from "./image-type.ts";
import type { NoteForm } from "./note-form.ts";

/**
 * Stores the images, then the note and its attachment rows in one transaction. Images go first: a failed put saves
 * no note at all, and a failed insert leaves unreferenced files behind (harmless: no row points to them, and their
 * random keys are never reused), never a row whose file is missing.
 */
export async function createNote(
  db: Kysely<Database>,
  files: FileStore,
  note: { observerId: number; pollingStationId: number; form: NoteForm },
  now: Date,
): Promise<number> {
  const { form } = note;
  if (form.questionId !== undefined) await checkQuestion(db, form.questionId);
  const stored = form.images.map((image) => ({ ...image, storageKey: `note-${randomUUID()}.${extensionOf[image.mimeType]}` }));
  await putAll(files, stored);
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto("note")
      .values({
        observerId: note.observerId,
        pollingStationId: note.pollingStationId,
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
    await recordLiveEvents(trx, "note", [{ observerId: note.observerId, pollingStationId: note.pollingStationId }], null, now);
    return id;
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

/** Like answers, a note may only be about a question of a published form. */
async function checkQuestion(db: Kysely<Database>, questionId: number): Promise<void> {
  const question = await db
    .selectFrom("question as q")
    .innerJoin("formSection as fs", "fs.id", "q.sectionId")
    .innerJoin("form as f", "f.id", "fs.formId")
    .select("q.id")
    .where("q.id", "=", questionId)
    .where("f.draft", "=", false)
    .executeTakeFirst();
  if (!question) {
    throw notFoundAt("The question is unknown.", { questionId: [{ code: "not_found", message: `There is no published question ${questionId}.` }] });
  }
}
