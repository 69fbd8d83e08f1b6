import { planArchivedRound } from "../src/demo/plan-archived.ts";
import { planSeed } from "../src/demo/plan.ts";
import { photoPerAttachment } from "../src/demo/write/notes.ts";
import type { FileStore } from "../src/files/file-store.ts";

/** The photos the demo seed stores with its notes: a copy of a seeded database points at them, its file store is empty. */
export async function putDemoPhotos(files: FileStore, observers: number): Promise<void> {
  const plan = planSeed(observers);
  const notes = [...plan.notes, ...planArchivedRound(plan).notes];
  const photos = notes.flatMap((note) => Array.from({ length: note.images }, (_, image) => photoPerAttachment(note, image)));
  await Promise.all(photos.map((photo) => files.put(photo.storageKey, photo.bytes)));
}
