import { sql } from "kysely";
import type { TestDb } from "../test-server";

/**
 * The NGO screens' test data, written into the real server's database (tests/support/test-server.ts):
 * NGO 1 is the only organizer, signed in as admin.cfr; NGO 2 is inactive and still has two admins (7 and 8), so
 * the server refuses to delete it (409 ngo_not_empty) until a test removes them.
 */
export async function twoNgos(db: TestDb) {
  await db
    .insertInto("ngo")
    .values([
      { id: 1, name: "Code for Romania", shortName: "CfR", organizer: true, isActive: true },
      { id: 2, name: "Asociația Observatorilor", shortName: "AO", organizer: false, isActive: false },
    ])
    .execute();
  await db
    .insertInto("ngoAdmin")
    .values([
      { id: 1, ngoId: 1, account: "admin.cfr", passwordHash: "not used: tokens are minted" },
      { id: 7, ngoId: 2, account: "admin.ao", passwordHash: "not used: tokens are minted" },
      { id: 8, ngoId: 2, account: "ioana.ao", passwordHash: "not used: tokens are minted" },
    ])
    .execute();
  await bumpSequences(db);
}

/**
 * twoNgos, and what the profile needs besides: an empty NGO 3 the server lets go, and a second admin of NGO 1
 * (ana.cfr, 2) beside the signed-in one, whom the server refuses to let remove himself.
 */
export async function ngoProfiles(db: TestDb) {
  await twoNgos(db);
  await db.insertInto("ngo").values({ id: 3, name: "Asociația Pro Democrația", shortName: "APD", organizer: false, isActive: true }).execute();
  await db.insertInto("ngoAdmin").values({ id: 2, ngoId: 1, account: "ana.cfr", passwordHash: "not used: tokens are minted" }).execute();
}

/** Rows inserted with their own ids leave the sequences behind: what the server inserts next must not collide. */
export async function bumpSequences(db: TestDb) {
  await sql`SELECT setval(pg_get_serial_sequence('ngo', 'id'), 100), setval(pg_get_serial_sequence('ngo_admin', 'id'), 100)`.execute(db);
}

/** The signed-in organizer of twoNgos. */
export const ORGANIZER = "admin.cfr";
