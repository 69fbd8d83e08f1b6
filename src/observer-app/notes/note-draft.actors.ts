import { fromPromise } from "xstate";
import { newClientId } from "../outbox/client-id";
import type { ObserverWrites } from "../outbox/observer-writes";
import type { NotePhoto } from "../outbox/outbox-item";
import { shrinkPhoto } from "../photos/shrink-photo";
import { readValue, writeValue, type ObserverDb } from "../storage/observer-db";
import type { CurrentStation } from "../storage/observer-store";
import type { NoteDraft } from "./note-draft.machine";
import { isStorageLow } from "./storage-room";

export interface NoteDraftDependencies {
  db: ObserverDb;
  writes: ObserverWrites;
  station: CurrentStation;
  question: { id: number; code: string } | null;
  /** Where the draft waits in IndexedDB until the note is kept. */
  draftKey: string;
}

export function createNoteDraftImplementations({ db, writes, station, question, draftKey }: NoteDraftDependencies) {
  return {
    actors: {
      loadDraft: fromPromise(async () => ({ draft: (await readValue<NoteDraft | null>(db, draftKey)) ?? null, lowStorage: await isStorageLow() })),
      // One photo at a time: a 12-megapixel decode holds ~48 MB, five at once would strain a phone.
      shrinkPhotos: fromPromise<NotePhoto[], { files: File[] }>(async ({ input }) => {
        const shrunk: NotePhoto[] = [];
        for (const file of input.files) shrunk.push({ name: `${newClientId()}.jpg`, blob: await shrinkPhoto(file) });
        return shrunk;
      }),
      keepNote: fromPromise<void, NoteDraft>(({ input }) => writes.addNote(station, { question: question ?? undefined, ...input }, draftKey)),
    },
    actions: { keepDraft: (_: unknown, draft: NoteDraft) => void writeValue(db, draftKey, draft) },
  };
}
