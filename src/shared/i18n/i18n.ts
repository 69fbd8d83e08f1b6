import type { I18n, Messages } from "@lingui/core";
import type { Locale } from "./locales";

/**
 * Loads one locale's catalog (a separate chunk per locale; @lingui/vite-plugin compiles the .po), activates it
 * and declares the page's language to browsers and screen readers.
 */
export async function activateLocale(locale: Locale, i18n: I18n): Promise<void> {
  const { messages } = (await import(`../../locales/${locale}/messages.po`)) as { messages: Messages };
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
}
