import { useLingui } from "@lingui/react/macro";
import { Button } from "@mantine/core";
import type { Locale } from "../../shared/i18n/locales";
import { activateObserverLocale } from "./observer-i18n";

const LANGUAGES: { locale: Locale; label: string; name: string }[] = [
  { locale: "ro", label: "RO", name: "Română" },
  { locale: "en", label: "EN", name: "English" },
];

/**
 * Română / English, kept on the phone: two buttons, the chosen one pressed. Not a SegmentedControl: its sliding
 * indicator measures the layout when it mounts, a sixth of the app's opening on a slow phone.
 */
export function LanguageToggle() {
  const { i18n, t } = useLingui();
  return (
    <Button.Group aria-label={t`Language`} style={{ alignSelf: "flex-start" }}>
      {LANGUAGES.map(({ locale, label, name }) => {
        const chosen = i18n.locale === locale;
        return (
          <Button
            key={locale}
            size="compact-sm"
            color="dark"
            variant={chosen ? "filled" : "default"}
            aria-pressed={chosen}
            title={name}
            lang={locale}
            onClick={() => {
              if (!chosen) void activateObserverLocale(i18n, locale, window.localStorage);
            }}
          >
            {label}
          </Button>
        );
      })}
    </Button.Group>
  );
}
