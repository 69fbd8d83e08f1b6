import { sql, type Kysely } from "kysely";
import type { AttachmentSigner } from "../../attachments/signing.ts";
import type { Database } from "../../db/schema.ts";
import { attachmentName } from "./file-name.ts";
import type { ImageType } from "./image-type.ts";

export interface Note {
  id: number;
  text: string | null;
  questionId: number | null;
  formId: number | null;
  formCode: string | null;
  lastModified: string;
  attachmentPath: string | null;
  attachments: { id: number; fileName: string; mimeType: ImageType; url: string }[];
}

/** Notes of one observer at one station, oldest first, optionally only those on one question, with signed photo URLs. */
export async function listNotes(
  db: Kysely<Database>,
  signer: AttachmentSigner,
  where: { observerId: number; pollingStationId: number; questionId?: number; noteId?: number },
  now: Date,
): Promise<Note[]> {
  let query = db
    .selectFrom("note as n")
    .leftJoin("question as q", "q.id", "n.questionId")
    .leftJoin("formSection as fs", "fs.id", "q.sectionId")
    .leftJoin("form as f", "f.id", "fs.formId")
    .select(["n.id", "n.text", "n.questionId", "f.id as formId", "f.code as formCode", "n.lastModified"])
    .where("n.observerId", "=", where.observerId)
    .where("n.pollingStationId", "=", where.pollingStationId)
    .orderBy("n.lastModified")
    .orderBy("n.id");
  if (where.questionId !== undefined) query = query.where("n.questionId", "=", where.questionId);
  if (where.noteId !== undefined) query = query.where("n.id", "=", where.noteId);
  const notes = await query.execute();
  const attachments =
    notes.length === 0
      ? []
      : await db
          .selectFrom("noteAttachment")
          .select(["id", "noteId", "fileName", "mimeType"])
          .where("noteId", "=", sql<number>`ANY(${notes.map((note) => note.id)}::int[])`)
          .orderBy("id")
          .execute();
  return notes.map((note) => {
    // Cleaned here too: names stored before createNote cleaned them may still hold controls or bidi overrides.
    const own = attachments
      .filter((attachment) => attachment.noteId === note.id)
      .map(({ id, fileName, mimeType }) => ({ id, fileName: attachmentName(fileName), mimeType: mimeType as ImageType, url: signer.url(id, now) }));
    return { ...note, lastModified: note.lastModified.toISOString(), attachmentPath: own[0]?.url ?? null, attachments: own };
  });
}

/**
 * A note's answer given again (a resent createNote) with its photos' URLs signed anew: the first ones expire within
 * the hour, and a phone may resend hours later. The attachment ids in the kept answer are all the signer needs.
 */
export function resignNote(note: Note, signer: AttachmentSigner, now: Date): Note {
  const attachments = note.attachments.map((attachment) => ({ ...attachment, url: signer.url(attachment.id, now) }));
  return { ...note, attachmentPath: attachments[0]?.url ?? null, attachments };
}
