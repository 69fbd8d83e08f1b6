export const LOCALES = ["en", "ro"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
export const LOCALE_STORAGE_KEY = "language";

export function isLocale(value: unknown): value is Locale {
  return LOCALES.some((locale) => locale === value);
}
