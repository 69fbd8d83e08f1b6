/**
 * The date-time pickers speak local wall-clock strings ("YYYY-MM-DD HH:mm:ss", Mantine dates 8+), the URL and the
 * API speak instants (ISO 8601 in UTC): a shared link means the same moment in every time zone, shown in the
 * reader's own.
 */
const pad = (value: number) => String(value).padStart(2, "0");

/** The picker's value for an instant of a filter, in the user's time zone; null when the field is empty. */
export function toPickerValue(iso: string): string | null {
  const date = new Date(iso);
  if (!iso || Number.isNaN(date.getTime())) return null;
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/** The instant a picker's local value names; "" when the field was cleared. */
export function fromPickerValue(value: string | null): string {
  if (!value) return "";
  // Without an offset, a date-time string is read as local time (ECMAScript Date Time String Format).
  const date = new Date(value.replace(" ", "T"));
  return Number.isNaN(date.getTime()) ? "" : date.toISOString();
}
