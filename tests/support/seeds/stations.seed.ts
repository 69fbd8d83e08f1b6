import type { TestDb } from "../test-server";

/**
 * Polling stations 1..`count` of each county given by code, in the reference counties every database has (migration
 * 016; their ids are the database's own). Returns each station's id by "CODE number", e.g. "CJ 15".
 */
export async function stationsIn(db: TestDb, counts: Record<string, number>): Promise<Map<string, number>> {
  const counties = await db.selectFrom("county").select(["id", "code"]).where("code", "in", Object.keys(counts)).execute();
  const codeOf = new Map(counties.map((county) => [county.id, county.code]));
  const rows = counties.flatMap((county) => Array.from({ length: counts[county.code]! }, (_, index) => ({ countyId: county.id, number: index + 1 })));
  const stations = await db.insertInto("pollingStation").values(rows).returning(["id", "countyId", "number"]).execute();
  return new Map(stations.map((station) => [`${codeOf.get(station.countyId)} ${station.number}`, station.id]));
}

/** A reference county's id, by its code. */
export async function countyId(db: TestDb, code: string): Promise<number> {
  return (await db.selectFrom("county").select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
}
