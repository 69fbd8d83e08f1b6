import type { TestDb } from "../test-server";
import { stationRegistry } from "./polling-stations.seed";

/** When Ana Pop arrived at CJ 1 and left it; when Bogdan Ilie, assigned nowhere, arrived there. */
export const STATION_TIMES = { anaArrived: "2026-11-22T05:40:00.000Z", anaLeft: "2026-11-22T18:05:00.000Z", bogdanArrived: "2026-11-22T06:10:00.000Z" };

/**
 * stationRegistry with observers at CJ 1 (id 1): Ana Pop (7, NGO 1) assigned, arrived, left and took a note there;
 * Șerban Stan (8, NGO 1) assigned, not arrived yet; Bogdan Ilie (9, NGO 2) arrived without an assignment. CJ 2 has
 * none. Written as the server's writes would leave them: station_presence follows by its triggers.
 */
export async function stationWithObservers(db: TestDb) {
  await stationRegistry(db);
  await db
    .insertInto("observer")
    .values([
      { id: 7, ngoId: 1, phone: "0722000007", name: "Ana Pop", pinHash: "not used" },
      { id: 8, ngoId: 1, phone: "0722000008", name: "Șerban Stan", pinHash: "not used" },
      { id: 9, ngoId: 2, phone: "0722000009", name: "Bogdan Ilie", pinHash: "not used" },
    ])
    .execute();
  await db
    .insertInto("stationAssignment")
    .values([
      { observerId: 7, pollingStationId: 1 },
      { observerId: 8, pollingStationId: 1 },
    ])
    .execute();
  await db
    .insertInto("pollingStationInfo")
    .values([
      { observerId: 7, pollingStationId: 1, observerArrivalTime: STATION_TIMES.anaArrived, observerLeaveTime: STATION_TIMES.anaLeft },
      { observerId: 9, pollingStationId: 1, observerArrivalTime: STATION_TIMES.bogdanArrived },
    ])
    .execute();
  await db.insertInto("note").values({ observerId: 7, pollingStationId: 1, text: "Coadă la intrare" }).execute();
}
