import { assign, fromPromise, setup } from "xstate";
import type { NotePhoto } from "../outbox/outbox-item";

/** At most this many photos per note (the contract's NoteCreateForm.files). */
export const MAX_PHOTOS = 5;

export interface NoteDraft {
  text: string;
  photos: NotePhoto[];
}

/** Why a step of the note did not happen, translated by the view. */
export type NoteDraftError = "too_many_photos" | "not_a_photo" | "storage_full" | "empty" | "not_kept";

export type NoteDraftEvent =
  | { type: "text.change"; text: string }
  | { type: "photos.add"; files: File[] }
  | { type: "photo.remove"; index: number }
  | { type: "note.keep" };

export const noteDraftMachine = setup({
  types: {
    context: {} as NoteDraft & { error: NoteDraftError | null; lowStorage: boolean },
    events: {} as NoteDraftEvent,
  },
  actors: {
    loadDraft: fromPromise<{ draft: NoteDraft | null; lowStorage: boolean }>(() => Promise.resolve({ draft: null, lowStorage: false })),
    shrinkPhotos: fromPromise<NotePhoto[], { files: File[] }>(() => Promise.resolve([])),
    keepNote: fromPromise<void, NoteDraft>(() => Promise.resolve()),
  },
  actions: {
    keepDraft: (_, _params: NoteDraft) => {},
  },
  guards: {
    roomFor: ({ context }, params: { adding: number }) => context.photos.length + params.adding <= MAX_PHOTOS,
    hasContent: ({ context }) => context.text.trim().length > 0 || context.photos.length > 0,
  },
}).createMachine({
  id: "note-draft",
  description: "A note with up to 5 photos, shrunk on the phone; the draft survives a reload until it is kept in the outbox.",
  context: { text: "", photos: [], error: null, lowStorage: false },
  initial: "loading",
  on: {
    "text.change": {
      actions: [assign({ text: ({ event }) => event.text, error: null }), { type: "keepDraft", params: ({ context }) => ({ text: context.text, photos: context.photos }) }],
    },
  },
  states: {
    loading: {
      invoke: {
        src: "loadDraft",
        onDone: {
          target: "editing",
          actions: assign(({ event }) => ({ text: event.output.draft?.text ?? "", photos: event.output.draft?.photos ?? [], lowStorage: event.output.lowStorage })),
        },
        onError: "editing",
      },
    },
    editing: {
      on: {
        "photos.add": [
          { guard: { type: "roomFor", params: ({ event }) => ({ adding: event.files.length }) }, target: "shrinking" },
          { actions: assign({ error: "too_many_photos" }) },
        ],
        "photo.remove": {
          actions: [
            assign({ photos: ({ context, event }) => context.photos.filter((_, index) => index !== event.index), error: null }),
            { type: "keepDraft", params: ({ context }) => ({ text: context.text, photos: context.photos }) },
          ],
        },
        "note.keep": [{ guard: "hasContent", target: "keeping" }, { actions: assign({ error: "empty" }) }],
      },
    },
    shrinking: {
      description: "Each photo is shrunk to at most 1,600 px and about 400 KB, its location data dropped, before it is kept.",
      invoke: {
        src: "shrinkPhotos",
        input: ({ event }) => ({ files: event.type === "photos.add" ? event.files : [] }),
        onDone: {
          target: "editing",
          actions: [
            assign({ photos: ({ context, event }) => [...context.photos, ...event.output], error: null }),
            { type: "keepDraft", params: ({ context }) => ({ text: context.text, photos: context.photos }) },
          ],
        },
        onError: { target: "editing", actions: assign({ error: ({ event }) => errorOf(event.error, "not_a_photo") }) },
      },
    },
    keeping: {
      invoke: {
        src: "keepNote",
        input: ({ context }) => ({ text: context.text, photos: context.photos }),
        onDone: "kept",
        onError: { target: "editing", actions: assign({ error: ({ event }) => errorOf(event.error, "not_kept") }) },
      },
    },
    kept: { type: "final" },
  },
});

/** A full disk (IndexedDB's QuotaExceededError), else what failed. */
function errorOf(error: unknown, otherwise: NoteDraftError): NoteDraftError {
  return error instanceof DOMException && error.name === "QuotaExceededError" ? "storage_full" : otherwise;
}
