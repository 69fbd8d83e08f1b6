import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { RegistryDiff, StationUpdate } from "./diff.ts";
import type { FileStation } from "./fields.ts";

/*
 * Set-based writes: each kind of change is one statement over arrays bound as single parameters (unnest), whatever
 * the number of stations, so 19,171 rows cost three round trips instead of thousands, and the registry's version
 * (raised once per statement that touches a row) moves only when something changed. Stations are never deleted.
 */

/** Writes the diff into the round's registry inside the caller's transaction. */
export async function applyDiff(trx: Kysely<Database>, roundId: number, diff: RegistryDiff): Promise<void> {
  if (diff.added.length > 0) await insertStations(trx, roundId, diff.added);
  const updates = [...diff.changed, ...diff.retired.filter((station) => station.listed)];
  if (updates.length > 0) await updateStations(trx, roundId, updates);
  const missing = diff.retired.filter((station) => !station.listed).map((station) => station.id);
  if (missing.length > 0) await retireStations(trx, roundId, missing);
}

const column = <T, K extends keyof T>(rows: readonly T[], key: K): T[K][] => rows.map((row) => row[key]);

async function insertStations(trx: Kysely<Database>, roundId: number, stations: readonly FileStation[]): Promise<void> {
  await sql`
    INSERT INTO polling_station (election_round_id, county_id, number, locality, institution, address, registered_voters, latitude, longitude, status)
    SELECT ${roundId}::int, * FROM unnest(
      ${column(stations, "countyId")}::int[], ${column(stations, "number")}::int[],
      ${column(stations, "locality")}::text[], ${column(stations, "institution")}::text[], ${column(stations, "address")}::text[],
      ${column(stations, "registeredVoters")}::int[], ${column(stations, "latitude")}::float8[], ${column(stations, "longitude")}::float8[],
      ${column(stations, "status")}::text[]
    )`.execute(trx);
}

/** Every fact and the status of each station, as the diff has them after; updated_at only on these rows. */
async function updateStations(trx: Kysely<Database>, roundId: number, stations: readonly StationUpdate[]): Promise<void> {
  await sql`
    UPDATE polling_station AS s
    SET locality = u.locality, institution = u.institution, address = u.address, registered_voters = u.registered_voters,
        latitude = u.latitude, longitude = u.longitude, status = u.status, updated_at = now()
    FROM unnest(
      ${column(stations, "id")}::int[],
      ${column(stations, "locality")}::text[], ${column(stations, "institution")}::text[], ${column(stations, "address")}::text[],
      ${column(stations, "registeredVoters")}::int[], ${column(stations, "latitude")}::float8[], ${column(stations, "longitude")}::float8[],
      ${column(stations, "status")}::text[]
    ) AS u (id, locality, institution, address, registered_voters, latitude, longitude, status)
    WHERE s.id = u.id AND s.election_round_id = ${roundId}`.execute(trx);
}

async function retireStations(trx: Kysely<Database>, roundId: number, ids: readonly number[]): Promise<void> {
  await sql`
    UPDATE polling_station SET status = 'retired', updated_at = now()
    WHERE id = ANY(${ids}::int[]) AND election_round_id = ${roundId} AND status = 'active'`.execute(trx);
}
