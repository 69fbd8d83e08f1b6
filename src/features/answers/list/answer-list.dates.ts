/** When a thread last changed, in the user's language and time zone, e.g. "22 Nov 2026, 10:42". */
export function formatLastModified(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}
