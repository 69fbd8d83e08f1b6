import { fromCallback } from "xstate";
import type { DraftStoreEvent, DraftStoreInput, PageValues } from "./machines/page-mode.machine";

/** Where a page keeps its draft and which fields it may keep (a secret such as a PIN never goes to storage). */
export interface DraftStorage {
  storage: Storage;
  key: string;
  fields: readonly string[];
}

const keptFields = (values: PageValues, fields: readonly string[]): PageValues =>
  Object.fromEntries(fields.filter((field) => field in values).map((field) => [field, values[field]]));

/** The draft an earlier visit kept, or null; anything unreadable counts as none. */
export function readStoredDraft({ storage, key, fields }: DraftStorage): PageValues | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(key) ?? "null");
    if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
    const kept = keptFields(value as PageValues, fields);
    return Object.keys(kept).length > 0 ? kept : null;
  } catch {
    return null;
  }
}

/** The page machine's draftStore: keeps each changed draft, forgets it once saved, discarded or left. */
export function storedDraftActor({ storage, key, fields }: DraftStorage) {
  return fromCallback<DraftStoreEvent, DraftStoreInput>(({ receive }) => {
    receive((event) => {
      if (event.type === "draft.keep") storage.setItem(key, JSON.stringify(keptFields(event.values, fields)));
      else storage.removeItem(key);
    });
  });
}
