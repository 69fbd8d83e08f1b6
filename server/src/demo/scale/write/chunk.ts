import type { FileStore } from "../../../files/file-store.ts";
import { demoPng } from "../../images.ts";
import type { NotePlan } from "../../plan.ts";
import type { Tx } from "../../write/ids.ts";
import { insertNotes, type Photo } from "../../write/notes.ts";
import { insertRegistrations } from "../../write/notifications.ts";
import { insertObservers } from "../../write/observers.ts";
import { DEMO_ROUND } from "../../write/round.ts";
import { insertVisits } from "../../write/visits.ts";
import type { ChunkPlan } from "../plan.ts";
import type { DatasetIds } from "./lookup.ts";

const PHOTO_COUNT = 6;
let photos: Photo[] | undefined;

/**
 * A handful of phone-sized photos shared by every attachment of the dataset: 100,000 attachments need not be
 * 100,000 files to exercise the notes, their signed links and the export.
 */
export function sharedPhoto(note: NotePlan, image: number): Photo {
  photos ??= Array.from({ length: PHOTO_COUNT }, (_, index) => ({
    storageKey: `scale-photo-${index + 1}.png`,
    bytes: demoPng(0x5ca1e + index, 320, 240),
  }));
  // A third of the notes have photos (every third key): divided by 3 so that every photo gets used.
  return photos[(Math.floor(note.key / 3) + image) % PHOTO_COUNT]!;
}

/** One chunk of observers with their devices, station facts, answers and notes, by the demo's writers. */
export async function insertChunk(trx: Tx, files: FileStore, plan: ChunkPlan, pinHashes: string[], ids: DatasetIds): Promise<number> {
  const observerIds = await insertObservers(trx, plan.observers, pinHashes, ids.ngos);
  await insertRegistrations(trx, plan.observers, observerIds);
  await insertVisits(trx, DEMO_ROUND, plan.visits, observerIds, ids.stations, ids.forms);
  await insertNotes(trx, files, DEMO_ROUND, plan.notes, observerIds, ids.stations, ids.forms, sharedPhoto);
  const answers = plan.visits.reduce((sum, visit) => sum + visit.submissions.reduce((count, submission) => count + submission.choices.length, 0), 0);
  return plan.observers.length + plan.visits.length + answers + plan.notes.length;
}
