import { sql } from "kysely";
import type { TestDb } from "../test-server";

/**
 * The observer screens' test data, written into the real server's database (tests/support/test-server.ts): the
 * organizer NGO 1 (signed in as admin.cfr) and NGO 2 (ana.pop, not an organizer), without observers.
 */
export async function twoNgosWithoutObservers(db: TestDb) {
  await db
    .insertInto("ngo")
    .values([
      { id: 1, name: "Code for Romania", shortName: "CfR", organizer: true, isActive: true },
      { id: 2, name: "Asociația Observatorilor", shortName: "AO", organizer: false, isActive: true },
    ])
    .execute();
  await db
    .insertInto("ngoAdmin")
    .values([
      { id: 1, ngoId: 1, account: ORGANIZER, passwordHash: "not used: tokens are minted" },
      { id: 2, ngoId: 2, account: STAFF, passwordHash: "not used: tokens are minted" },
    ])
    .execute();
  // Rows inserted with their own ids leave the sequences behind: what the server inserts next must not collide.
  await sql`SELECT setval(pg_get_serial_sequence('ngo', 'id'), 100), setval(pg_get_serial_sequence('ngo_admin', 'id'), 100),
    setval(pg_get_serial_sequence('observer', 'id'), 100)`.execute(db);
}

/** twoNgosWithoutObservers and one observer of NGO 1: Ana Pop (7), 0722000000. */
export async function oneObserver(db: TestDb) {
  await twoNgosWithoutObservers(db);
  await db.insertInto("observer").values({ id: 7, ngoId: 1, phone: "0722000000", name: "Ana Pop", pinHash: "not used" }).execute();
}

const FIRST_NAMES = ["Ana", "Bogdan", "Carmen", "Dan", "Elena", "Florin", "Gabriela", "Horia", "Ioana"];
const LAST_NAMES = ["Pop", "Ionescu", "Stan"];
const NOW = Date.parse("2026-11-22T08:00:00Z");

/**
 * twoNgosWithoutObservers and 25 observers with distinct names and phones (07220000NN), odd ids in NGO 1 and even
 * ids in NGO 2; every fifth was never seen. The tests ask the server for the order, they do not compute it.
 */
export async function manyObservers(db: TestDb) {
  await twoNgosWithoutObservers(db);
  const observers = Array.from({ length: 25 }, (_, index) => ({
    id: index + 1,
    ngoId: index % 2 === 0 ? 1 : 2,
    name: `${FIRST_NAMES[index % FIRST_NAMES.length]} ${LAST_NAMES[Math.floor(index / FIRST_NAMES.length) % LAST_NAMES.length]}`,
    phone: `07220000${String(index + 1).padStart(2, "0")}`,
    pinHash: "not used",
  }));
  await db.insertInto("observer").values(observers).execute();
  // observer_activity is the server's own cache of "last seen" (not in the Database type): written as answers would.
  const seen = observers.filter(({ id }) => id % 5 !== 0).map(({ id }) => sql`(${id}, ${new Date(NOW - ((id * 7) % 25) * 3_600_000 - id * 60_000)})`);
  await sql`INSERT INTO observer_activity (observer_id, last_seen) VALUES ${sql.join(seen)}`.execute(db);
  await sql`SELECT setval(pg_get_serial_sequence('observer', 'id'), 100)`.execute(db);
}

export const ORGANIZER = "admin.cfr";
export const STAFF = "ana.pop";
