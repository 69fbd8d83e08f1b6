const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/**
 * "3 hours ago" / "acum 3 ore" ("3 hr. ago" in the short style): how long ago an instant was, in the largest whole
 * unit, in the given language.
 */
export function formatTimeAgo(
  iso: string,
  locale: string,
  { style = "long", now = Date.now() }: { style?: Intl.RelativeTimeFormatStyle; now?: number } = {},
): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: "auto", style });
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, "minute");
}

/**
 * A date and time in the user's language and time zone: "9 Jun 2024, 10:42", or to the second where the order of
 * close events matters ("9 Jun 2024, 10:42:07").
 */
export function formatDateTime(iso: string, locale: string, { seconds = false }: { seconds?: boolean } = {}): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: seconds ? "medium" : "short" }).format(new Date(iso));
}
