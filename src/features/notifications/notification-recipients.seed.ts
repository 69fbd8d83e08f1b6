import type { TestDb } from "../../../tests/support/test-server";
import { twoNgosWithoutObservers } from "../../../tests/support/seeds/observers.seed";
import { stationsIn } from "../../../tests/support/seeds/stations.seed";

/**
 * The notification screens' test data, in the real server's database: stations 1–20 of Cluj (CJ) and 1–30 of
 * București (B), observers who arrived at stations and observers assigned to them, some with a phone registered
 * for push.
 * NGO 1 (admin.cfr, organizer): Ana Pop (11, arrived at CJ 15, assigned there, device), Bogdan Ionescu (12, arrived
 * at CJ 16, assigned to CJ 4, no device), Carmen Stan (13, arrived at CJ 3, assigned there, device), Dan Pop (14,
 * arrived at B 5, assigned there, device), Florin Dobre (16, assigned to CJ 15 and CJ 16, never arrived, device).
 * NGO 2 (ana.pop): Elena Pop (15, arrived at CJ 15, assigned nowhere, no device).
 */
export async function observersAtStations(db: TestDb) {
  await twoNgosWithoutObservers(db);
  const stations = await stationsIn(db, { CJ: 20, B: 30 });
  const registered = new Date("2026-11-21T07:00:00Z");
  await db
    .insertInto("observer")
    .values([
      { id: 11, ngoId: 1, phone: "0722000011", name: "Ana Pop", pinHash: "not used", deviceRegisterDate: registered },
      { id: 12, ngoId: 1, phone: "0722000012", name: "Bogdan Ionescu", pinHash: "not used" },
      { id: 13, ngoId: 1, phone: "0722000013", name: "Carmen Stan", pinHash: "not used", deviceRegisterDate: registered },
      { id: 14, ngoId: 1, phone: "0722000014", name: "Dan Pop", pinHash: "not used", deviceRegisterDate: registered },
      { id: 15, ngoId: 2, phone: "0722000015", name: "Elena Pop", pinHash: "not used" },
      { id: 16, ngoId: 1, phone: "0722000016", name: "Florin Dobre", pinHash: "not used", deviceRegisterDate: registered },
    ])
    .execute();
  await db
    .insertInto("notificationRegistration")
    .values([11, 13, 14, 16].map((observerId) => ({ observerId, channelName: "Firebase", token: `device-token-${observerId}` })))
    .execute();
  const arrived = new Date("2026-11-22T06:30:00Z");
  await db
    .insertInto("pollingStationInfo")
    .values(
      (
        [
          [11, "CJ 15"],
          [12, "CJ 16"],
          [13, "CJ 3"],
          [14, "B 5"],
          [15, "CJ 15"],
        ] as const
      ).map(([observerId, station]) => ({ observerId, pollingStationId: stations.get(station)!, observerArrivalTime: arrived })),
    )
    .execute();
  await db
    .insertInto("stationAssignment")
    .values(
      (
        [
          [11, "CJ 15"],
          [12, "CJ 4"],
          [13, "CJ 3"],
          [14, "B 5"],
          [16, "CJ 15"],
          [16, "CJ 16"],
        ] as const
      ).map(([observerId, station]) => ({ observerId, pollingStationId: stations.get(station)! })),
    )
    .execute();
}
