/** The record a profile page shows: anything with an id (an observer, an NGO). */
export interface PageRecord {
  readonly id: number;
}

export type PageValue = string | number | boolean | null;

/** What the form edits and submits: one value per field. */
export type PageValues = Readonly<Record<string, PageValue | undefined>>;

const sameKind = (value: unknown, like: PageValue | undefined) =>
  value === null || like === null || like === undefined ? value === null : typeof value === typeof like;

/** The draft a record starts as: each field of `blank` takes the record's value when it has one of the same kind. */
export function draftOf(blank: PageValues, record: PageRecord | null): PageValues {
  if (!record) return blank;
  const source = record as unknown as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(blank).map(([field, empty]) => [field, sameKind(source[field], empty) ? (source[field] as PageValue) : empty]),
  );
}

/** `field.change`: a field the draft does not have is ignored, so a stray event cannot grow the draft. */
export function changeField(draft: PageValues, field: string, value: PageValue): PageValues {
  if (!(field in draft) || !sameKind(value, draft[field])) return draft;
  return draft[field] === value ? draft : { ...draft, [field]: value };
}

export function isSameDraft(left: PageValues, right: PageValues): boolean {
  const fields = new Set([...Object.keys(left), ...Object.keys(right)]);
  return [...fields].every((field) => left[field] === right[field]);
}

/** A draft kept from an earlier visit laid over the record: only fields the draft has, of the same kind. */
export function restoreDraft(baseline: PageValues, stored: PageValues | null): PageValues {
  if (!stored) return baseline;
  return Object.entries(stored).reduce((draft, [field, value]) => changeField(draft, field, value ?? null), baseline);
}

/** The draft a page starts with: the kept one laid over `baseline`; its fields count as visited. */
export function restoredDraft(baseline: PageValues, stored: PageValues | null) {
  const draft = restoreDraft(baseline, stored);
  const restored = !isSameDraft(draft, baseline);
  return { draft, restored, touched: restored ? Object.keys(stored ?? {}) : [] };
}

/** What is sent: text trimmed and inner whitespace collapsed, as the spec asks before submit. */
export function normalizeDraft(draft: PageValues): PageValues {
  return Object.fromEntries(
    Object.entries(draft).map(([field, value]) => [field, typeof value === "string" ? value.trim().replace(/\s+/g, " ") : value]),
  );
}

/** Fields the user has visited (typed in or left): only they show the browser's validation messages. */
export function touchField(touched: readonly string[], field: string): readonly string[] {
  return touched.includes(field) ? touched : [...touched, field];
}
