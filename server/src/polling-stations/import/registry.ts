import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { County, CurrentStation } from "./fields.ts";

/**
 * Imports of the registry run one after the other: each compares the file with the registry as the previous one
 * left it. Distinct from the migrations' (720513) and the live events' (720514) keys.
 */
const STATION_IMPORT_LOCK = 720515;

/** Held until the transaction ends. */
export async function lockImports(trx: Kysely<Database>): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${STATION_IMPORT_LOCK}::bigint)`.execute(trx);
}

/** Every county, in the registry's display order (as the counties list orders them). */
export function readCounties(db: Kysely<Database>): Promise<County[]> {
  return db.selectFrom("county").select(["id", "code", "name", "diaspora"]).orderBy("displayOrder").orderBy("name").execute();
}

type Text = string | null;
type Amount = number | null;
type StationTuple = [number, number, number, Text, Text, Text, Amount, Amount, Amount, CurrentStation["status"]];

/**
 * Every station of a round's registry. One JSON text rather than a row per station: PGlite hands 19,171 rows to
 * JavaScript in about 0.8 s, the same stations as one text in under 0.1 s (and pg gains too).
 */
export async function readStations(db: Kysely<Database>, roundId: number): Promise<CurrentStation[]> {
  const { rows } = await sql<{ stations: string }>`
    SELECT coalesce(json_agg(json_build_array(
      id, county_id, number, locality, institution, address, registered_voters, latitude, longitude, status
    )), '[]')::text AS stations
    FROM polling_station WHERE election_round_id = ${roundId}`.execute(db);
  const tuples = JSON.parse(rows[0]!.stations) as StationTuple[];
  return tuples.map(([id, countyId, number, locality, institution, address, registeredVoters, latitude, longitude, status]) => ({
    id,
    countyId,
    number,
    locality,
    institution,
    address,
    registeredVoters,
    latitude,
    longitude,
    status,
  }));
}

