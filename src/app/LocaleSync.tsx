import { useEffect } from "react";
import { useLingui } from "@lingui/react";
import { useSelector } from "@xstate/store-react";
import { activateLocale } from "../shared/i18n/i18n";
import { localeStore, selectLocale } from "../shared/i18n/locale.store";
import { useInspectedStore } from "../shared/use-page-store";

/** Follows the language chosen in the header: loads its catalog when it changes (the locale store is inspected here). */
export function LocaleSync() {
  const { i18n } = useLingui();
  const locale = useSelector(localeStore, selectLocale);
  useInspectedStore(localeStore, "locale");

  useEffect(() => {
    if (i18n.locale !== locale) void activateLocale(locale, i18n);
  }, [i18n, locale]);

  return null;
}
