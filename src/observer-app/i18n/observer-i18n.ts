import type { I18n, Messages } from "@lingui/core";
import { isLocale, LOCALE_STORAGE_KEY, type Locale } from "../../shared/i18n/locales";

/** The language chosen on this phone, else the phone's own if the app speaks it, else Romanian (the observers'). */
export function observerLocale(storage: Pick<Storage, "getItem"> = window.localStorage, languages = navigator.languages): Locale {
  const stored = storage.getItem(LOCALE_STORAGE_KEY);
  if (isLocale(stored)) return stored;
  const spoken = languages.map((language) => language.slice(0, 2)).find(isLocale);
  return spoken ?? "ro";
}

/** Loads the app's catalog for `locale` (one chunk each, precached by the service worker) and activates it. */
export async function activateObserverLocale(i18n: I18n, locale: Locale, storage?: Pick<Storage, "setItem">): Promise<void> {
  const { messages } = (await import(`../../locales/${locale}/observer.po`)) as { messages: Messages };
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
  storage?.setItem(LOCALE_STORAGE_KEY, locale);
}
