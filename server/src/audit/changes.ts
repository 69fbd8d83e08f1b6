import type { AuditChange } from "../db/schema.ts";

type Value = string | number | boolean | Date | null | undefined;

/** A value as the log shows it: text, or null for none. */
const shown = (value: Value): string | null => {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString() : String(value);
};

/** The fields whose shown values differ between before and after, in the order given. */
export function changedFields<K extends string>(before: Record<K, Value>, after: Record<K, Value>, fields: readonly K[]): AuditChange[] {
  return fields
    .map((field) => ({ field, from: shown(before[field]), to: shown(after[field]) }))
    .filter((change) => change.from !== change.to);
}

/** A new subject's fields, each from null. */
export function initialFields<K extends string>(after: Record<K, Value>, fields: readonly K[]): AuditChange[] {
  return fields.map((field) => ({ field, from: null, to: shown(after[field]) }));
}

/** A PIN or password that changed: named, its values never shown. */
export const secretChanged = (field: "pin" | "password"): AuditChange => ({ field, from: null, to: null });
