import { createStore } from "@xstate/store";
import { LOCALE_STORAGE_KEY, readStoredLocale, type Locale } from "./locales";

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
