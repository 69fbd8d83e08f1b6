import { sql, type Kysely } from "kysely";
import type { components } from "../../../openapi/schema.d.ts";
import type { Database, PollingStationStatus } from "../db/schema.ts";

type MyStation = components["schemas"]["MyStation"];

/**
 * The stations of the round an observer is assigned to or recorded an arrival at, with that observer's own visit:
 * assigned first, then by county code and number. Led by the observer's own rows (both keyed by observer first), so
 * the round's 19,000 stations are never scanned.
 */
export async function listMyStations(db: Kysely<Database>, roundId: number, observerId: number): Promise<MyStation[]> {
  const { rows } = await sql<{
    id: number;
    countyCode: string;
    countyName: string;
    pollingStationNumber: number;
    locality: string | null;
    institution: string | null;
    address: string | null;
    status: PollingStationStatus;
    assigned: boolean;
    arrivedAt: Date | null;
    leftAt: Date | null;
  }>`
    WITH mine AS (
      SELECT polling_station_id FROM station_assignment WHERE observer_id = ${observerId} AND election_round_id = ${roundId}
      UNION
      SELECT polling_station_id FROM polling_station_info WHERE observer_id = ${observerId} AND election_round_id = ${roundId})
    SELECT s.id, c.code AS county_code, c.name AS county_name, s.number AS polling_station_number, s.locality, s.institution,
      s.address, s.status, a.observer_id IS NOT NULL AS assigned,
      -- As findVisit reads it: a record imported without an arrival time arrived at its last change.
      CASE WHEN i.observer_id IS NULL THEN NULL ELSE coalesce(i.observer_arrival_time, i.last_modified) END AS arrived_at,
      i.observer_leave_time AS left_at
    FROM mine m
    JOIN polling_station s ON s.id = m.polling_station_id AND s.election_round_id = ${roundId}
    JOIN county c ON c.id = s.county_id
    LEFT JOIN station_assignment a ON a.observer_id = ${observerId} AND a.polling_station_id = s.id AND a.election_round_id = ${roundId}
    LEFT JOIN polling_station_info i ON i.observer_id = ${observerId} AND i.polling_station_id = s.id AND i.election_round_id = ${roundId}
    ORDER BY assigned DESC, c.code, s.number`.execute(db);
  return rows.map((row) => ({ ...row, arrivedAt: row.arrivedAt?.toISOString() ?? null, leftAt: row.leftAt?.toISOString() ?? null }));
}
