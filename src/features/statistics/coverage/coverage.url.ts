/** The silent threshold as the URL query `silentMinutes` holds it; the contract's default and bounds. */
export const DEFAULT_SILENT_MINUTES = 30;
const MIN_SILENT_MINUTES = 1;
const MAX_SILENT_MINUTES = 1440;

/** What the threshold control offers; a shared link with another value adds it to these. */
export const SILENT_MINUTES_CHOICES = [15, 30, 45, 60, 90, 120, 180];

/** The threshold a URL query names; anything the contract would refuse reads as the default. */
export function silentMinutesFromSearch(search: URLSearchParams): number {
  const value = Number(search.get("silentMinutes"));
  return Number.isInteger(value) && value >= MIN_SILENT_MINUTES && value <= MAX_SILENT_MINUTES ? value : DEFAULT_SILENT_MINUTES;
}

/** The 1-based page a URL query names; 1 when missing or not a page number. */
export function pageFromSearch(search: URLSearchParams): number {
  const value = Number(search.get("page"));
  return Number.isInteger(value) && value >= 1 ? value : 1;
}

/** A county code as the contract spells it (`CJ`, `B`, `D`); anything else is no county, without asking. */
export const isCountyCode = (value: string | undefined): value is string => /^[A-Z]{1,2}$/.test(value ?? "");

export const STATIONS_PAGE_SIZE = 20;
