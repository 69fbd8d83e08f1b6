import { useEffect, useState } from "react";
import { setupI18n, type I18n, type Messages } from "@lingui/core";
import { useLingui } from "@lingui/react";
import type { Locale } from "../../../shared/i18n/locales";

const catalogs = new Map<Locale, Promise<Messages>>();

// The same chunks the app's language switch loads (activateLocale): a catalog already fetched is not fetched again.
function loadCatalog(locale: Locale): Promise<Messages> {
  let catalog = catalogs.get(locale);
  if (!catalog) {
    catalog = import(`../../../locales/${locale}/messages.po`).then((module: { messages: Messages }) => module.messages);
    catalogs.set(locale, catalog);
    catalog.catch(() => catalogs.delete(locale));
  }
  return catalog;
}

/**
 * A Lingui instance for the preview's own words in `locale`, whatever the app's language: the app's instance when
 * they agree, else one of its own once that catalog has loaded (null until then). If it cannot load, the preview
 * speaks the app's language rather than nothing.
 */
export function usePreviewI18n(locale: Locale): I18n | null {
  const { i18n: app } = useLingui();
  const [own, setOwn] = useState<{ locale: Locale; i18n: I18n } | { locale: Locale; failed: true } | null>(null);
  const sameAsApp = app.locale === locale;

  useEffect(() => {
    if (sameAsApp) return;
    let current = true;
    loadCatalog(locale).then(
      (messages) => current && setOwn({ locale, i18n: setupI18n({ locale, messages: { [locale]: messages } }) }),
      () => current && setOwn({ locale, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [locale, sameAsApp]);

  if (sameAsApp || (own?.locale === locale && "failed" in own)) return app;
  return own?.locale === locale && "i18n" in own ? own.i18n : null;
}
