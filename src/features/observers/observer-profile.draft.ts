import type { ObserverFormValues } from "./observer-profile.form";

/** What a draft keeps: everything but the PIN, a secret that must not sit in storage. */
export type ObserverDraft = Pick<ObserverFormValues, "name" | "phone">;

/** One draft per route: `observer-draft:new` or `observer-draft:edit:<id>`. */
export function observerDraftKey(id: number | null): string {
  return id === null ? "observer-draft:new" : `observer-draft:edit:${id}`;
}

export function readObserverDraft(storage: Storage, key: string): ObserverDraft | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(key) ?? "null");
    if (typeof value !== "object" || value === null) return null;
    const { name, phone } = value as Record<string, unknown>;
    return typeof name === "string" && typeof phone === "string" ? { name, phone } : null;
  } catch {
    return null;
  }
}

export function writeObserverDraft(storage: Storage, key: string, values: ObserverFormValues): void {
  const draft: ObserverDraft = { name: values.name, phone: values.phone };
  storage.setItem(key, JSON.stringify(draft));
}

export function clearObserverDraft(storage: Storage, key: string): void {
  storage.removeItem(key);
}
