import { sql } from "kysely";
import { DEMO_COUNTIES } from "../content/counties.ts";
import type { StationRef } from "../plan.ts";
import type { Ids, Tx } from "./ids.ts";

/** Counties, and their stations 1..limit written by the database itself (19,171 rows); returns county ids by code. */
export async function insertCountiesAndStations(trx: Tx): Promise<Ids> {
  const counties = await trx
    .insertInto("county")
    .values(
      DEMO_COUNTIES.map((county, index) => ({
        code: county.code,
        name: county.name,
        pollingStationCount: county.limit,
        diaspora: county.diaspora,
        displayOrder: index + 1,
      })),
    )
    .returning(["id", "code"])
    .execute();
  await sql`
    INSERT INTO polling_station (county_id, number, address)
    SELECT c.id, n, 'Secția de votare nr. ' || n || ', ' || c.name
    FROM county c CROSS JOIN LATERAL generate_series(1, c.polling_station_count) AS n
    ORDER BY c.display_order, n`.execute(trx);
  return new Map(counties.map((county) => [county.code, county.id]));
}

export const stationKey = (station: StationRef) => `${station.county}:${station.number}`;

/** Ids of the given stations, keyed by `stationKey`. */
export async function lookUpStations(trx: Tx, stations: StationRef[], countyIds: Ids): Promise<Ids> {
  const wanted = [...new Map(stations.map((station) => [stationKey(station), station])).values()];
  if (wanted.length === 0) return new Map();
  // Two arrays rather than `(county_id, number) IN (...)`: PGlite answers a long row-value IN list with no rows.
  const { rows } = await sql<{ id: number; countyId: number; number: number }>`
    SELECT s.id, s.county_id, s.number
    FROM polling_station s
    JOIN unnest(${wanted.map((station) => countyIds.get(station.county)!)}::int[], ${wanted.map((station) => station.number)}::int[])
      AS w(county_id, number) ON s.county_id = w.county_id AND s.number = w.number`.execute(trx);
  const codeOfCounty = new Map([...countyIds].map(([code, id]) => [id, code]));
  return new Map(rows.map((row) => [`${codeOfCounty.get(row.countyId)}:${row.number}`, row.id]));
}
