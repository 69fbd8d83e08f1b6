import type { Kysely } from "kysely";
import type { components } from "../../../openapi/schema.d.ts";
import type { Database } from "../db/schema.ts";

type StationRegistry = components["schemas"]["StationRegistry"];

/**
 * A round's whole registry in the phone's compact shape: the counties in display order, every station (retired ones
 * too) in the registry's order. The stations in one statement along polling_station's (round, county, number) index.
 */
export async function readStationRegistry(db: Kysely<Database>, roundId: number): Promise<Omit<StationRegistry, "version">> {
  const counties = await db.selectFrom("county").select(["code", "name", "diaspora"]).orderBy("displayOrder").orderBy("name").execute();
  const stations = await db
    .selectFrom("pollingStation as s")
    .innerJoin("county as c", "c.id", "s.countyId")
    .select(["s.id", "c.code as countyCode", "s.number", "s.locality", "s.institution", "s.address", "s.status"])
    .where("s.electionRoundId", "=", roundId)
    .orderBy("c.displayOrder")
    .orderBy("s.countyId")
    .orderBy("s.number")
    .execute();
  return { counties, stations };
}
