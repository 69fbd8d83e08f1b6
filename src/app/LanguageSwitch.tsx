import { SegmentedControl, VisuallyHidden } from "@mantine/core";
import { useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/store-react";
import { isLocale } from "../shared/i18n/locales";
import { localeStore, selectLocale } from "../shared/i18n/locale.store";

/** Each language is named in itself, since that is the name its speakers look for. */
const languages = [
  { value: "en", code: "EN", name: "English" },
  { value: "ro", code: "RO", name: "Română" },
];

export function LanguageSwitch() {
  const { t } = useLingui();
  const locale = useSelector(localeStore, selectLocale);
  return (
    <SegmentedControl
      size="xs"
      aria-label={t({ id: "LANGUAGES", message: "Language" })}
      value={locale}
      onChange={(value) => {
        if (isLocale(value)) localeStore.trigger.localeChosen({ locale: value });
      }}
      data={languages.map(({ value, code, name }) => ({
        value,
        label: (
          <>
            <span aria-hidden="true">{code}</span>
            <VisuallyHidden lang={value}>{name}</VisuallyHidden>
          </>
        ),
      }))}
    />
  );
}
