import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { fieldErrorMap } from "../http/validation.ts";
import { problem, ProblemError, type FieldError } from "../problem.ts";

/** How observers name a polling station: its county's code and its number within the county. */
export interface StationRef {
  countyCode: string;
  pollingStationNumber: number;
}

/** A station's id, and whether it is abroad (its county is the diaspora's). */
export interface ResolvedStation {
  id: number;
  abroad: boolean;
}

const keyOf = (station: StationRef) => `${station.countyCode}:${station.pollingStationNumber}`;

/**
 * The named stations, keyed by `countyCode:number`. A station is known when its county exists and the
 * number is within `1..limit`; a known station without a row yet gets one, so that a database whose counties were
 * loaded without station rows still takes reports. Unknown stations are a 404 naming each offending field.
 */
export async function resolveStations(
  db: Kysely<Database>,
  stations: { ref: StationRef; field: string }[],
): Promise<Map<string, ResolvedStation>> {
  const wanted = [...new Map(stations.map((s) => [keyOf(s.ref), s.ref])).values()];
  // Counties and stations in one round trip (every answer batch starts here); two arrays rather than a row-value IN
  // list, which PGlite answers with no rows when it is long.
  const lookUp = async () =>
    (
      await sql<{ code: string; countyId: number | null; pollingStationCount: number | null; diaspora: boolean | null; stationId: number | null; number: number }>`
        SELECT w.code, c.id AS county_id, c.polling_station_count, c.diaspora, s.id AS station_id, w.number
        FROM unnest(${wanted.map((s) => s.countyCode)}::text[], ${wanted.map((s) => s.pollingStationNumber)}::int[]) AS w(code, number)
        LEFT JOIN county c ON c.code = w.code
        LEFT JOIN polling_station s ON s.county_id = c.id AND s.number = w.number`.execute(db)
    ).rows;
  let rows = await lookUp();
  const countyByCode = new Map(rows.filter((row) => row.countyId !== null).map((row) => [row.code, { id: row.countyId!, stations: row.pollingStationCount! }]));

  const errors = fieldErrorMap();
  for (const { ref, field } of stations) {
    const county = countyByCode.get(ref.countyCode);
    if (!county) errors[`${field}countyCode`] = [{ code: "not_found", message: `There is no county ${ref.countyCode}.` }];
    else if (ref.pollingStationNumber > county.stations) {
      errors[`${field}pollingStationNumber`] = [
        { code: "not_found", message: `County ${ref.countyCode} has stations 1 to ${county.stations}.` },
      ];
    }
  }
  if (Object.keys(errors).length > 0) throw notFoundAt("A polling station is unknown.", errors);

  const missing = rows.filter((row) => row.stationId === null);
  if (missing.length > 0) {
    await sql`
      INSERT INTO polling_station (county_id, number)
      SELECT county_id, number FROM unnest(${missing.map((row) => row.countyId!)}::int[], ${missing.map((row) => row.number)}::int[]) AS w(county_id, number)
      ON CONFLICT (county_id, number) DO NOTHING`.execute(db);
    rows = await lookUp();
  }
  return new Map(rows.map((row) => [`${row.code}:${row.number}`, { id: row.stationId!, abroad: row.diaspora! }]));
}

export const stationKey = keyOf;

/**
 * A form marked diaspora is for stations abroad only; the general forms are for every station, abroad too (see
 * listForms). What an observer sends about a form at a station it is not for is a 422 naming each offending field.
 */
export const formFitsStation = (form: { diaspora: boolean }, station: ResolvedStation) => !form.diaspora || station.abroad;

export function formNotForStation(errors: Record<string, FieldError[]>): ProblemError {
  return new ProblemError(problem(422, "form_not_for_station", "A form for stations abroad only was sent for a station in Romania.", { errors }));
}

/** A 404 that lists which fields named something unknown, so that a client can point at them. */
export function notFoundAt(detail: string, errors: Record<string, FieldError[]>): ProblemError {
  return new ProblemError(problem(404, "not_found", detail, { errors }));
}
