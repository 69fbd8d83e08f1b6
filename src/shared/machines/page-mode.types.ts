import type { PageRecord, PageValue, PageValues } from "./page-draft";
import type { PageError } from "./page-error";

export type PageMode = "creating" | "viewing" | "editing";

/** The page a route opens: a new record has no id yet; a record's view or edit names its id. */
export type PageRoute = { mode: "creating"; id: null } | { mode: "viewing" | "editing"; id: number };

export type PageModeInput = PageRoute & {
  /** The empty draft: every field the form edits, with its starting value. */
  blank: PageValues;
  /** A draft kept by the draft store on an earlier visit of this route, if any. */
  stored?: PageValues | null;
};

export interface PageModeContext {
  /** The record's id; null when creating. */
  id: number | null;
  blank: PageValues;
  /** The record as loaded or last saved; null when creating or not loaded yet. */
  record: PageRecord | null;
  draft: PageValues;
  /** The stored draft, waiting for the record it applies to. */
  stored: PageValues | null;
  /** The draft came from the store and still differs from the record. */
  restored: boolean;
  touched: readonly string[];
  error: PageError | null;
}

export type PageModeEvent =
  | { type: "mode.edit" }
  | { type: "mode.view" }
  | { type: "load.retry" }
  | { type: "field.change"; field: string; value: PageValue }
  | { type: "field.blur"; field: string }
  | { type: "draft.discard" }
  | { type: "form.submit" }
  | { type: "form.cancel" }
  | { type: "record.delete" }
  | { type: "delete.confirm" }
  | { type: "delete.cancel" };

/** What the draft store hears: keep this draft (for a reload), or forget the kept one. */
export type DraftStoreEvent = { type: "draft.keep"; values: PageValues } | { type: "draft.forget" };
export interface DraftStoreInput {
  id: number | null;
}

export interface RecordIdInput {
  id: number;
}
export interface CreateRecordInput {
  values: PageValues;
}
export interface UpdateRecordInput {
  id: number;
  values: PageValues;
}
