import { fail } from "../problem.ts";

// RFC 3339 (section 5.6; a space for the T as its note allows): a date, a time and a UTC offset, nothing left out.
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;

// What both JavaScript and PostgreSQL's timestamptz hold, in UTC: PostgreSQL has no year 0, ISO text no year 10000.
const EARLIEST = Date.parse("0001-01-01T00:00:00.000Z");
const LATEST = Date.parse("9999-12-31T23:59:59.999Z");

/**
 * The instant an RFC 3339 date-time names, or null when it names none: a leap second (JavaScript and PostgreSQL
 * have none), a day or an hour that does not exist, year 0, or an instant outside years 1–9999 once the offset
 * is applied. The one reading of every client instant, at the edge (ajv's `date-time`) and in handlers alike.
 * Digits past the millisecond are dropped, as a Date holds no more.
 */
export function parseInstant(text: string): Date | null {
  const match = RFC3339.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const [fraction = "", sign, offsetHours = "0", offsetMinutes = "0"] = match.slice(7);
  if (year < 1 || Number(offsetHours) > 23 || Number(offsetMinutes) > 59) return null;
  const local = new Date(0);
  // setUTCFullYear, as Date.UTC reads years 0–99 as 1900–1999.
  local.setUTCFullYear(year, month - 1, day);
  local.setUTCHours(hour, minute, second, Number(fraction.slice(0, 3).padEnd(3, "0")));
  // A Date rolls 31 February, 24:00 and 23:59:60 over into the next unit: such text names no instant of its own.
  const roundTrips =
    local.getUTCFullYear() === year && local.getUTCMonth() === month - 1 && local.getUTCDate() === day &&
    local.getUTCHours() === hour && local.getUTCMinutes() === minute && local.getUTCSeconds() === second;
  if (!roundTrips) return null;
  const offset = (sign === "-" ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes)) * 60_000;
  const time = local.getTime() - offset;
  return time < EARLIEST || time > LATEST ? null : new Date(time);
}

/** A client's instant that the router has checked already; should one slip through, a 400 on its field, not a 500. */
export function readInstant(field: string, text: string): Date {
  const instant = parseInstant(text);
  if (!instant) throw fail.validation({ [field]: [{ code: "format", message: 'must match format "date-time"' }] });
  return instant;
}
