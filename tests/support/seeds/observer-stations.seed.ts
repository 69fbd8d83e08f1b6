import type { TestDb } from "../test-server";
import { manyObservers, oneObserver } from "./observers.seed";
import { stationsIn } from "./stations.seed";

/**
 * The stations the assignment screens pick from: CJ 1..20 and B 1..5 of the reference counties. CJ 15 and CJ 16
 * have their place; B 4 and B 5 are retired.
 */
async function registry(db: TestDb): Promise<Map<string, number>> {
  const ids = await stationsIn(db, { CJ: 20, B: 5 });
  const id = (name: string) => ids.get(name)!;
  await db
    .updateTable("pollingStation")
    .set({ locality: "Cluj-Napoca", institution: "Școala Gimnazială „Ion Agârbiceanu”", address: "Str. Mehedinți 2" })
    .where("id", "=", id("CJ 15"))
    .execute();
  await db.updateTable("pollingStation").set({ locality: "Cluj-Napoca", institution: "Colegiul Național „George Coșbuc”" }).where("id", "=", id("CJ 16")).execute();
  await db.updateTable("pollingStation").set({ status: "retired" }).where("id", "in", [id("B 4"), id("B 5")]).execute();
  return ids;
}

/** When Ana Pop arrived at CJ 15: 09:42 in Bucharest. */
export const ANA_ARRIVED_AT = "2026-11-22T07:42:00.000Z";

/**
 * oneObserver's Ana Pop (7) assigned to CJ 15, where she arrived at ANA_ARRIVED_AT, and to B 4, retired since she
 * was assigned.
 */
export async function observerWithStations(db: TestDb) {
  await oneObserver(db);
  const ids = await registry(db);
  await db
    .insertInto("stationAssignment")
    .values([
      { observerId: 7, pollingStationId: ids.get("CJ 15")! },
      { observerId: 7, pollingStationId: ids.get("B 4")! },
    ])
    .execute();
  await db.insertInto("pollingStationInfo").values({ observerId: 7, pollingStationId: ids.get("CJ 15")!, observerArrivalTime: new Date(ANA_ARRIVED_AT) }).execute();
}

/** manyObservers (25 observers, odd ids in NGO 1) with the registry; observer 1 already assigned to CJ 15. */
export async function manyObserversWithStations(db: TestDb) {
  await manyObservers(db);
  const ids = await registry(db);
  await db.insertInto("stationAssignment").values({ observerId: 1, pollingStationId: ids.get("CJ 15")! }).execute();
}
