import { readFile } from "node:fs/promises";
import { sql } from "kysely";
import { importStationFile } from "../../polling-stations/import/index.ts";
import type { StationRef } from "../plan.ts";
import type { Ids, Tx } from "./ids.ts";

/** The demo's 19,171 stations in the official list's format, written by `npm run demo:stations`. */
const STATION_LIST = new URL("../content/polling-stations.csv", import.meta.url);

/**
 * The demo's polling stations, imported as an organisation imports its official list (the counties are the
 * migrations' reference data); returns the county ids by code.
 */
export async function importDemoStations(trx: Tx): Promise<Ids> {
  // The demo's stations are its first round's registry.
  await importStationFile(trx, 1, { bytes: await readFile(STATION_LIST), fileName: "polling-stations.csv", dryRun: false, retireMissing: true });
  const counties = await trx.selectFrom("county").select(["id", "code"]).execute();
  return new Map(counties.map((county) => [county.code, county.id]));
}

export const stationKey = (station: StationRef) => `${station.county}:${station.number}`;

/** Ids of the given stations of round `roundId`, keyed by `stationKey`. */
export async function lookUpStations(trx: Tx, roundId: number, stations: StationRef[], countyIds: Ids): Promise<Ids> {
  const wanted = [...new Map(stations.map((station) => [stationKey(station), station])).values()];
  if (wanted.length === 0) return new Map();
  // Two arrays rather than `(county_id, number) IN (...)`: PGlite answers a long row-value IN list with no rows.
  const { rows } = await sql<{ id: number; countyId: number; number: number }>`
    SELECT s.id, s.county_id, s.number
    FROM polling_station s
    JOIN unnest(${wanted.map((station) => countyIds.get(station.county)!)}::int[], ${wanted.map((station) => station.number)}::int[])
      AS w(county_id, number) ON s.county_id = w.county_id AND s.number = w.number
    WHERE s.election_round_id = ${roundId}`.execute(trx);
  const codeOfCounty = new Map([...countyIds].map(([code, id]) => [id, code]));
  return new Map(rows.map((row) => [`${codeOfCounty.get(row.countyId)}:${row.number}`, row.id]));
}
