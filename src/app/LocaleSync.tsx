import { useEffect } from "react";
import { useLingui } from "@lingui/react";
import { useSelector } from "@xstate/store-react";
import { loadCatalog } from "../shared/i18n/i18n";
import { localeStore, selectLocale } from "../shared/i18n/locale.store";

/** Follows the chosen language: loads its catalog and keeps <html lang> in step. */
export function LocaleSync() {
  const { i18n } = useLingui();
  const locale = useSelector(localeStore, selectLocale);

  useEffect(() => {
    if (i18n.locale !== locale) void loadCatalog(locale, i18n);
  }, [i18n, locale]);

  useEffect(() => {
    document.documentElement.lang = i18n.locale;
  }, [i18n.locale]);

  return null;
}
