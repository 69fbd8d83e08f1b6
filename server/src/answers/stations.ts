import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { fieldErrorMap } from "../http/validation.ts";
import { problem, ProblemError, type FieldError } from "../problem.ts";

/** How observers name a polling station: its county's code and its number within the county. */
export interface StationRef {
  countyCode: string;
  pollingStationNumber: number;
}

const keyOf = (station: StationRef) => `${station.countyCode}:${station.pollingStationNumber}`;

/**
 * The ids of the named stations, keyed by `countyCode:number`. A station is known when its county exists and the
 * number is within `1..limit`; a known station without a row yet gets one, so that a database whose counties were
 * loaded without station rows still takes reports. Unknown stations are a 404 naming each offending field.
 */
export async function resolveStations(
  db: Kysely<Database>,
  stations: { ref: StationRef; field: string }[],
): Promise<Map<string, number>> {
  const wanted = [...new Map(stations.map((s) => [keyOf(s.ref), s.ref])).values()];
  const codes = [...new Set(wanted.map((s) => s.countyCode))];
  const counties = await db.selectFrom("county").select(["id", "code", "pollingStationCount"]).where("code", "in", codes).execute();
  const countyByCode = new Map(counties.map((county) => [county.code, county]));

  const errors = fieldErrorMap();
  for (const { ref, field } of stations) {
    const county = countyByCode.get(ref.countyCode);
    if (!county) errors[`${field}countyCode`] = [{ code: "not_found", message: `There is no county ${ref.countyCode}.` }];
    else if (ref.pollingStationNumber > county.pollingStationCount) {
      errors[`${field}pollingStationNumber`] = [
        { code: "not_found", message: `County ${ref.countyCode} has stations 1 to ${county.pollingStationCount}.` },
      ];
    }
  }
  if (Object.keys(errors).length > 0) throw notFoundAt("A polling station is unknown.", errors);

  const countyIds = wanted.map((s) => countyByCode.get(s.countyCode)!.id);
  const numbers = wanted.map((s) => s.pollingStationNumber);
  // Two arrays rather than a row-value IN list, which PGlite answers with no rows when it is long.
  const existing = async () =>
    (
      await sql<{ id: number; countyId: number; number: number }>`
        SELECT s.id, s.county_id, s.number
        FROM polling_station s
        JOIN unnest(${countyIds}::int[], ${numbers}::int[]) AS w(county_id, number)
          ON s.county_id = w.county_id AND s.number = w.number`.execute(db)
    ).rows;
  let rows = await existing();
  if (rows.length < wanted.length) {
    await sql`
      INSERT INTO polling_station (county_id, number)
      SELECT county_id, number FROM unnest(${countyIds}::int[], ${numbers}::int[]) AS w(county_id, number)
      ON CONFLICT (county_id, number) DO NOTHING`.execute(db);
    rows = await existing();
  }
  const codeOfCounty = new Map(counties.map((county) => [county.id, county.code]));
  return new Map(rows.map((row) => [`${codeOfCounty.get(row.countyId)}:${row.number}`, row.id]));
}

export const stationKey = keyOf;

/** A 404 that lists which fields named something unknown, so that a client can point at them. */
export function notFoundAt(detail: string, errors: Record<string, FieldError[]>): ProblemError {
  return new ProblemError(problem(404, "not_found", detail, { errors }));
}
