import { NativeSelect } from "@mantine/core";
import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { SILENT_MINUTES_CHOICES } from "./coverage.url";

interface SilentMinutesSelectProps {
  value: number;
  onChange: (silentMinutes: number) => void;
}

/** How long observers may stay quiet before their station counts as silent; a native select, keyboard-ready. */
export function SilentMinutesSelect({ value, onChange }: SilentMinutesSelectProps) {
  const { t } = useLingui();
  const choices = SILENT_MINUTES_CHOICES.includes(value) ? SILENT_MINUTES_CHOICES : [...SILENT_MINUTES_CHOICES, value].sort((a, b) => a - b);
  return (
    <NativeSelect
      w={220}
      data-testid="coverage-silent-minutes"
      label={t({ message: "Silent after", comment: "Label: a station is silent when its observers sent nothing for this long" })}
      value={String(value)}
      onChange={(event) => onChange(Number(event.currentTarget.value))}
      data={choices.map((minutes) => ({
        value: String(minutes),
        label: t({ message: plural(minutes, { one: "# minute", other: "# minutes" }), comment: "Choice of the silent threshold" }),
      }))}
    />
  );
}
