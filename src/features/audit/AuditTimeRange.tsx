import "@mantine/dates/styles.css";
import "dayjs/locale/ro";
import { DatesProvider, DateTimePicker } from "@mantine/dates";
import { useLingui } from "@lingui/react/macro";
import { fromPickerValue, toPickerValue } from "../../shared/picker-dates";
import { isTimeRangeValid } from "../../shared/filter-form";

const DATE_TIME_FORMAT = "YYYY-MM-DD HH:mm";

interface AuditTimeRangeProps {
  /** ISO instants, "" when open-ended. */
  from: string;
  to: string;
  onChange: (field: "from" | "to", value: string) => void;
}

/** The earliest and latest time of the entries, picked in the user's time zone. */
export function AuditTimeRange({ from, to, onChange }: AuditTimeRangeProps) {
  const { t, i18n } = useLingui();
  const toBeforeFrom = !isTimeRangeValid(from, to);
  return (
    <DatesProvider settings={{ locale: i18n.locale, firstDayOfWeek: 1 }}>
      <DateTimePicker
        label={t({ message: "From", comment: "Label: the earliest time of the staff actions shown" })}
        valueFormat={DATE_TIME_FORMAT}
        value={toPickerValue(from)}
        onChange={(value) => onChange("from", fromPickerValue(value))}
        clearable
        clearButtonProps={{ "aria-label": t({ message: "Clear the From time", comment: "Icon button: remove the earliest time filter" }) }}
        w={{ base: "100%", xs: 170 }}
      />
      <DateTimePicker
        label={t({ message: "To", comment: "Label: the latest time of the staff actions shown" })}
        valueFormat={DATE_TIME_FORMAT}
        value={toPickerValue(to)}
        onChange={(value) => onChange("to", fromPickerValue(value))}
        clearable
        clearButtonProps={{ "aria-label": t({ message: "Clear the To time", comment: "Icon button: remove the latest time filter" }) }}
        w={{ base: "100%", xs: 170 }}
        error={toBeforeFrom ? t({ message: "Must not be before From", comment: "Error: the To time lies before the From time" }) : null}
      />
    </DatesProvider>
  );
}
