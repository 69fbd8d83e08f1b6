import { sql } from "kysely";
import { PASSWORD_COST } from "../auth/password.ts";
import type { DatabaseHandle } from "../db/database.ts";
import type { FileStore } from "../files/file-store.ts";
import { planSeed } from "./plan.ts";
import { insertAssignments } from "./write/assignments.ts";
import { insertForms } from "./write/forms.ts";
import { importDemoStations, lookUpStations } from "./write/geography.ts";
import { nameDemoRound } from "./write/round.ts";
import type { Tx } from "./write/ids.ts";
import { insertNotes } from "./write/notes.ts";
import { insertNotifications } from "./write/notifications.ts";
import { hashAdminPasswords, insertNgos } from "./write/ngos.ts";
import { hashPins, insertObservers } from "./write/observers.ts";
import { insertVisits } from "./write/visits.ts";

/*
 * Deterministic demo data for a first start: the polling stations of content/polling-stations.csv imported as an
 * organisation imports its official list (the counties are the migrations'), three NGOs, admins, observers, the
 * Romanian-era forms, each observer's assigned station, a day of answers (some flagged), station facts, notes with photos and a few notifications.
 * Everything comes from fixed seeds, a fixed election day and a fixed file, so two runs (on PGlite or PostgreSQL)
 * produce the same rows; only the salted password and PIN hashes differ.
 *
 * content/ holds what the demo says, plan.ts decides who answers what and when, write/ turns the plan into rows.
 */

export interface SeedOptions {
  /** How many observers to create (200 by default). */
  observers?: number;
  /** log2 of scrypt's N for the admins' passwords (PASSWORD_COST by default; tests choose a cheap one). */
  passwordCost?: number;
}

/**
 * Fills an empty database with the demo data, in one transaction. Does nothing (`seeded: false`) when
 * any NGO exists. Attachments are written to `files` before the transaction commits.
 */
export async function seedDemoData(handle: DatabaseHandle, files: FileStore, options: SeedOptions = {}): Promise<{ seeded: boolean }> {
  const observerCount = options.observers ?? 200;
  if (!Number.isInteger(observerCount) || observerCount < 0 || observerCount > 999_999) {
    throw new RangeError(`observers must be an integer from 0 to 999999, got ${observerCount}`);
  }
  if (await hasData(handle.db)) return { seeded: false };
  const plan = planSeed(observerCount);
  const [passwordHashes, pinHashes] = await Promise.all([hashAdminPasswords(options.passwordCost ?? PASSWORD_COST), hashPins(plan.observers)]);
  return handle.db.transaction().execute(async (trx) => {
    // Two servers starting on one empty PostgreSQL database must not both seed it.
    await sql`LOCK TABLE ngo IN EXCLUSIVE MODE`.execute(trx);
    if (await hasData(trx)) return { seeded: false };
    await nameDemoRound(trx);
    const ngoIds = await insertNgos(trx, passwordHashes);
    const countyIds = await importDemoStations(trx);
    const formIds = await insertForms(trx);
    const observerIds = await insertObservers(trx, plan.observers, pinHashes, ngoIds);
    const stations = [...plan.visits, ...plan.assignments].map((planned) => planned.station);
    const stationIds = await lookUpStations(trx, stations, countyIds);
    await insertAssignments(trx, plan.assignments, observerIds, stationIds);
    await insertVisits(trx, plan.visits, observerIds, stationIds, formIds);
    await insertNotes(trx, files, plan.notes, observerIds, stationIds, formIds);
    await insertNotifications(trx, plan, observerIds, ngoIds);
    return { seeded: true };
  });
}

async function hasData(db: DatabaseHandle["db"] | Tx): Promise<boolean> {
  return (await db.selectFrom("ngo").select("id").limit(1).executeTakeFirst()) !== undefined;
}
