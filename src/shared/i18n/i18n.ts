import type { I18n, Messages } from "@lingui/core";
import type { Locale } from "./locales";

/**
 * The login route loads only the words of the login screen and the shell (`first-screen`); from the first signed-in
 * screen on, the whole catalog (`messages`). Each is a separate chunk per locale (@lingui/vite-plugin compiles the
 * .po), so the login route stays small however many screens the product has.
 */
let whole = false;

function loadCatalog(locale: Locale): Promise<{ messages: Messages }> {
  return whole ? import(`../../locales/${locale}/messages.po`) : import(`../../locales/${locale}/first-screen.po`);
}

/** Loads one locale's catalog, activates it and declares the page's language to browsers and screen readers. */
export async function activateLocale(locale: Locale, i18n: I18n): Promise<void> {
  const { messages } = await loadCatalog(locale);
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
}

/** Signed in: loads the whole catalog of `locale` (or of the active locale) now, and of any locale chosen later. */
export async function activateWholeCatalog(i18n: I18n, locale = i18n.locale as Locale | ""): Promise<void> {
  whole = true;
  // An instance not activated yet (the app's own tests give theirs) loads its catalog when it is.
  if (locale) await activateLocale(locale, i18n);
}
