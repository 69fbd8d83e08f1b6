/** A date and time in the given language, e.g. "9 Jun 2024, 10:42". */
export function formatDateTime(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

/** The polling-station numbers of a county, 1..limit, as a select's options. */
export function stationOptions(limit: number, from = 1): string[] {
  return Array.from({ length: Math.max(0, limit - from + 1) }, (_, index) => String(from + index));
}
