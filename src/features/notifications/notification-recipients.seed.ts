import { sql } from "kysely";
import type { TestDb } from "../../../tests/support/test-server";
import { twoNgosWithoutObservers } from "../../../tests/support/seeds/observers.seed";

/**
 * The notification screens' test data, in the real server's database: Cluj (CJ, 20 stations) and București (B,
 * 30), observers who arrived at stations, some with a phone registered for push.
 * NGO 1 (admin.cfr, organizer): Ana Pop (11, CJ 15, device), Bogdan Ionescu (12, CJ 16, no device), Carmen Stan
 * (13, CJ 3, device), Dan Pop (14, B 5, device). NGO 2 (ana.pop): Elena Pop (15, CJ 15, no device).
 */
export async function observersAtStations(db: TestDb) {
  await twoNgosWithoutObservers(db);
  await db
    .insertInto("county")
    .values([
      { id: 1, code: "CJ", name: "Cluj", pollingStationCount: 20, displayOrder: 1 },
      { id: 2, code: "B", name: "București", pollingStationCount: 30, displayOrder: 2 },
    ])
    .execute();
  await db
    .insertInto("pollingStation")
    .values([
      { id: 1, countyId: 1, number: 3 },
      { id: 2, countyId: 1, number: 15 },
      { id: 3, countyId: 1, number: 16 },
      { id: 4, countyId: 2, number: 5 },
    ])
    .execute();
  const registered = new Date("2026-11-21T07:00:00Z");
  await db
    .insertInto("observer")
    .values([
      { id: 11, ngoId: 1, phone: "0722000011", name: "Ana Pop", pinHash: "not used", deviceRegisterDate: registered },
      { id: 12, ngoId: 1, phone: "0722000012", name: "Bogdan Ionescu", pinHash: "not used" },
      { id: 13, ngoId: 1, phone: "0722000013", name: "Carmen Stan", pinHash: "not used", deviceRegisterDate: registered },
      { id: 14, ngoId: 1, phone: "0722000014", name: "Dan Pop", pinHash: "not used", deviceRegisterDate: registered },
      { id: 15, ngoId: 2, phone: "0722000015", name: "Elena Pop", pinHash: "not used" },
    ])
    .execute();
  await db
    .insertInto("notificationRegistration")
    .values([11, 13, 14].map((observerId) => ({ observerId, channelName: "Firebase", token: `device-token-${observerId}` })))
    .execute();
  const arrived = new Date("2026-11-22T06:30:00Z");
  await db
    .insertInto("pollingStationInfo")
    .values(
      [
        [11, 2],
        [12, 3],
        [13, 1],
        [14, 4],
        [15, 2],
      ].map(([observerId, pollingStationId]) => ({ observerId: observerId!, pollingStationId: pollingStationId!, observerArrivalTime: arrived })),
    )
    .execute();
  await sql`SELECT setval(pg_get_serial_sequence('county', 'id'), 100), setval(pg_get_serial_sequence('polling_station', 'id'), 100)`.execute(db);
}
