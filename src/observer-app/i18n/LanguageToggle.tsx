import { useLingui } from "@lingui/react/macro";
import { SegmentedControl } from "@mantine/core";
import { isLocale } from "../../shared/i18n/locales";
import { activateObserverLocale } from "./observer-i18n";

/** Română / English, kept on the phone. */
export function LanguageToggle() {
  const { i18n, t } = useLingui();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t`Language`}
      value={i18n.locale}
      onChange={(locale) => {
        if (isLocale(locale)) void activateObserverLocale(i18n, locale, window.localStorage);
      }}
      data={[
        { value: "ro", label: "RO" },
        { value: "en", label: "EN" },
      ]}
    />
  );
}
