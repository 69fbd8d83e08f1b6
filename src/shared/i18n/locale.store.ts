import { createStore } from "@xstate/store";
import { DEFAULT_LOCALE, isLocale, LOCALE_STORAGE_KEY, type Locale } from "./locales";

function readStoredLocale(): Locale {
  try {
    const stored = globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY);
    return isLocale(stored) ? stored : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

/** The interface language chosen by the user, saved in local storage under `language`. */
export const localeStore = createStore({
  context: { locale: readStoredLocale() },
  on: {
    localeChosen: (context, event: { locale: Locale }, enqueue) => {
      enqueue.effect(() => globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, event.locale));
      return { ...context, locale: event.locale };
    },
  },
});

export const selectLocale = (snapshot: { context: { locale: Locale } }) => snapshot.context.locale;
