import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { FileStore } from "../../files/file-store.ts";
import type { ZipStream } from "../../http/zip-stream.ts";
import { safeSegment } from "./entry-names.ts";

interface Attachment {
  id: number;
  noteId: number;
  fileName: string;
  mimeType: string;
  storageKey: string;
}

const PAGE_SIZE = 500;
/** Files asked of the store ahead of the one being written: an object store answers each in tens of milliseconds. */
const READ_AHEAD = 4;
/** Photos and other media are compressed already: deflating them again costs time and saves nothing. */
const COMPRESSED = /^(image\/(jpeg|png|gif|webp|heic|heif|avif)|video\/|audio\/)/;

export interface PhotosWritten {
  written: number;
  /** Entries the store had no bytes for (named as they would have been). */
  missing: string[];
}

/** The round's note attachments in id order, a page at a time. */
async function* attachmentPages(db: Kysely<Database>, roundId: number): AsyncGenerator<Attachment[]> {
  for (let after = 0; ; ) {
    const page = await db
      .selectFrom("noteAttachment as a")
      .innerJoin("note as n", "n.id", "a.noteId")
      .select(["a.id", "a.noteId", "a.fileName", "a.mimeType", "a.storageKey"])
      .where("n.electionRoundId", "=", roundId)
      .where("a.id", ">", after)
      .orderBy("a.id")
      .limit(PAGE_SIZE)
      .execute();
    if (page.length === 0) return;
    yield page;
    after = page[page.length - 1]!.id;
  }
}

/**
 * Every photo of the round's notes as `photos/<note id>-<attachment id>-<file name>`, its bytes read from the file
 * store: at most READ_AHEAD files are held at once, whatever the number of photos.
 */
export async function writePhotos(zip: ZipStream, db: Kysely<Database>, files: FileStore, roundId: number): Promise<PhotosWritten> {
  const result: PhotosWritten = { written: 0, missing: [] };
  const pending: { attachment: Attachment; bytes: Promise<Uint8Array | null> }[] = [];
  const writeNext = async () => {
    const { attachment, bytes } = pending.shift()!;
    const name = `photos/${attachment.noteId}-${attachment.id}-${safeSegment(attachment.fileName, "photo")}`;
    const content = await bytes;
    if (!content) return void result.missing.push(name);
    await zip.entry(name, (entry) => entry.write(content), { store: COMPRESSED.test(attachment.mimeType) });
    result.written += 1;
  };
  for await (const page of attachmentPages(db, roundId)) {
    for (const attachment of page) {
      if (zip.closed) return result;
      const bytes = files.get(attachment.storageKey);
      // Awaited in turn; if the archive fails first, a later read's failure must not count as unhandled.
      bytes.catch(() => undefined);
      pending.push({ attachment, bytes });
      if (pending.length >= READ_AHEAD) await writeNext();
    }
  }
  while (pending.length > 0 && !zip.closed) await writeNext();
  return result;
}
