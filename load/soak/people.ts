// The soak's people, written to the database before the run: the demo seed, two NGOs of the soak's own, their staff
// accounts and observers.
import { sql, type Kysely } from "kysely";
import { hashSecret, PASSWORD_COST, PIN_COST } from "../../server/src/auth/password.ts";
import { openDatabase } from "../../server/src/db/database.ts";
import { migrate } from "../../server/src/db/migrate.ts";
import type { Database } from "../../server/src/db/schema.ts";
import { seedDemoData } from "../../server/src/demo/seed.ts";
import { createMemoryFileStore } from "../../server/src/files/file-store.ts";

/** Soak observers have phones of their own (0766…), so the count-back finds exactly them. */
export const SOAK_PHONE_PREFIX = "0766";
const SOAK_PIN = "2580";
const SOAK_PASSWORD = "soak-staff-password";
/** Besides the demo's organizer NGO, two NGOs of the soak's own: several scopes, each with its own streams. */
const SOAK_NGOS = [
  { name: "Soak Watch North", shortName: "SWN" },
  { name: "Soak Watch South", shortName: "SWS" },
];
/** One staff session in five is the organizer's (sees every NGO), the others are split between the soak's NGOs. */
const ORGANIZER_SHARE = 0.2;

export interface SoakObserver { phone: string; pin: string; ngoId: number }
export interface SoakStaff { account: string; password: string; ngoId: number; organizer: boolean }
export interface SoakPeople { observers: SoakObserver[]; staff: SoakStaff[] }

/**
 * The demo seed (on an empty database) and the soak's people on top, written set-based with one shared PIN hash and
 * one shared password hash. Run again on the same database, it finds them and gives them these secrets again.
 */
export async function seedSoak(databaseUrl: string, counts: { observers: number; staff: number }): Promise<SoakPeople> {
  const database = await openDatabase(databaseUrl);
  try {
    await migrate(database);
    await seedDemoData(database, createMemoryFileStore());
    const [pinHash, passwordHash] = await Promise.all([hashSecret(SOAK_PIN, PIN_COST), hashSecret(SOAK_PASSWORD, PASSWORD_COST)]);
    const organizerNgo = (await database.db.selectFrom("ngo").select("id").where("organizer", "=", true).where("isActive", "=", true).orderBy("id").executeTakeFirstOrThrow()).id;
    const ngoIds = [organizerNgo, ...(await ensureSoakNgos(database.db))];
    const observers = await upsertObservers(database.db, counts.observers, ngoIds, pinHash);
    const staff = await upsertStaff(database.db, counts.staff, organizerNgo, ngoIds.slice(1), passwordHash);
    return { observers, staff };
  } finally {
    await database.close();
  }
}

async function ensureSoakNgos(db: Kysely<Database>): Promise<number[]> {
  const ids: number[] = [];
  for (const ngo of SOAK_NGOS) {
    const found = await db.selectFrom("ngo").select("id").where("shortName", "=", ngo.shortName).executeTakeFirst();
    const row = found ?? (await db.insertInto("ngo").values({ ...ngo, organizer: false, isActive: true }).returning("id").executeTakeFirstOrThrow());
    await db.updateTable("ngo").set({ isActive: true }).where("id", "=", row.id).execute();
    ids.push(row.id);
  }
  return ids;
}

/** Observer n (from 1) belongs to the n-th NGO in turn. */
async function upsertObservers(db: Kysely<Database>, count: number, ngoIds: number[], pinHash: string): Promise<SoakObserver[]> {
  await sql`
    INSERT INTO observer (ngo_id, phone, name, pin_hash)
    SELECT (${ngoIds}::int[])[1 + (n - 1) % ${ngoIds.length}], ${SOAK_PHONE_PREFIX} || lpad(n::text, 6, '0'),
           (ARRAY['Ion','Maria','Andrei','Elena','Mihai','Ioana'])[1 + n % 6] || ' Soak ' || n, ${pinHash}
    FROM generate_series(1, ${count}) n
    ON CONFLICT (phone) WHERE deleted_at IS NULL DO UPDATE SET ngo_id = excluded.ngo_id, pin_hash = excluded.pin_hash`.execute(db);
  return Array.from({ length: count }, (_, index) => ({
    phone: `${SOAK_PHONE_PREFIX}${String(index + 1).padStart(6, "0")}`,
    pin: SOAK_PIN,
    ngoId: ngoIds[index % ngoIds.length],
  }));
}

async function upsertStaff(db: Kysely<Database>, count: number, organizerNgo: number, otherNgos: number[], passwordHash: string): Promise<SoakStaff[]> {
  const organizers = Math.max(1, Math.round(count * ORGANIZER_SHARE));
  const staff = Array.from({ length: count }, (_, index) => {
    const organizer = index < organizers;
    const ngoId = organizer ? organizerNgo : otherNgos[index % otherNgos.length];
    return { account: `soak-staff-${String(index + 1).padStart(3, "0")}`, password: SOAK_PASSWORD, ngoId, organizer };
  });
  await db
    .insertInto("ngoAdmin")
    .values(staff.map(({ account, ngoId }) => ({ account, ngoId, passwordHash })))
    .onConflict((conflict) => conflict.column("account").doUpdateSet((eb) => ({ ngoId: eb.ref("excluded.ngoId"), passwordHash: eb.ref("excluded.passwordHash") })))
    .execute();
  return staff;
}
