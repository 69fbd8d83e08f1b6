import { sql, type Kysely } from "kysely";
import type { Database, ElectionRoundStatus } from "../../src/db/schema.ts";

/** A round opened by a test, with its copy of round 1's registry. */
export interface TestRound {
  id: number;
  /** The station of this round that has the same county and number as `stationOfRoundOne`. */
  stationFor: (stationOfRoundOne: number) => number;
}

/**
 * Opens a round next to the seeded ones (round 1, current, and the demo's archived round 2), with a copy of round 1's registry (same counties and numbers, new ids)
 * and every NGO taking part, without createElectionRound's copy of the forms: a suite can then prove that what it
 * does in one round stays there.
 */
export async function openRound(db: Kysely<Database>, id: number, status: ElectionRoundStatus = "active"): Promise<TestRound> {
  // Opened active, so that the registry can be copied in; an archived round takes no writes (round_archived_guard).
  await db.insertInto("electionRound").values({ id, name: `Runda ${id}`, electionDay: `2027-0${id}-01`, status: "active" }).execute();
  await sql`INSERT INTO election_round_ngo (election_round_id, ngo_id) SELECT ${id}, id FROM ngo`.execute(db);
  const { rows } = await sql<{ old: number; new: number }>`
    WITH copied AS (
      INSERT INTO polling_station (election_round_id, county_id, number, locality, institution, address, registered_voters, latitude, longitude, status)
      SELECT ${id}, county_id, number, locality, institution, address, registered_voters, latitude, longitude, status
      FROM polling_station WHERE election_round_id = 1
      RETURNING id, county_id, number
    )
    SELECT s.id AS old, copied.id AS new FROM copied JOIN polling_station s ON s.election_round_id = 1 AND s.county_id = copied.county_id AND s.number = copied.number`.execute(db);
  if (status !== "active") await db.updateTable("electionRound").set({ status }).where("id", "=", id).execute();
  const ids = new Map(rows.map((row) => [row.old, row.new]));
  return {
    id,
    stationFor: (stationOfRoundOne) => {
      const station = ids.get(stationOfRoundOne);
      if (station === undefined) throw new Error(`Station ${stationOfRoundOne} is not in round 1.`);
      return station;
    },
  };
}
