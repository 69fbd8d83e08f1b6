export const LOCALES = ["en", "ro"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
export const LOCALE_STORAGE_KEY = "language";

export function isLocale(value: unknown): value is Locale {
  return LOCALES.some((locale) => locale === value);
}

/** The language saved by an earlier visit, or the default. */
export function readStoredLocale(storage: Pick<Storage, "getItem"> | undefined = globalThis.localStorage): Locale {
  try {
    const stored = storage?.getItem(LOCALE_STORAGE_KEY);
    return isLocale(stored) ? stored : DEFAULT_LOCALE;
  } catch {
    // storage can be unavailable (privacy settings); the default language still works
    return DEFAULT_LOCALE;
  }
}
