import { sql } from "kysely";
import { PASSWORD_COST } from "../auth/password.ts";
import type { DatabaseHandle } from "../db/database.ts";
import type { FileStore } from "../files/file-store.ts";
import { ARCHIVED_ASSIGNED_AT, SETUP_TIME } from "./content/calendar.ts";
import { ARCHIVED_NOTIFICATIONS, NOTIFICATIONS } from "./content/texts.ts";
import { planArchivedRound, type ArchivedRoundPlan } from "./plan-archived.ts";
import { INACTIVE_NGO, planSeed } from "./plan.ts";
import { insertAssignments } from "./write/assignments.ts";
import { insertForms, lookUpFormIds } from "./write/forms.ts";
import { importDemoStations, lookUpStations } from "./write/geography.ts";
import { archiveRound, DEMO_ROUND, nameDemoRound, openArchivedRound } from "./write/round.ts";
import type { Ids, Tx } from "./write/ids.ts";
import { insertNotes } from "./write/notes.ts";
import { insertNotifications, insertRegistrations } from "./write/notifications.ts";
import { hashAdminPasswords, insertNgos, type NgoIds } from "./write/ngos.ts";
import { hashPins, insertObservers } from "./write/observers.ts";
import { insertVisits } from "./write/visits.ts";

/*
 * Deterministic demo data for a first start: the polling stations of content/polling-stations.csv imported as an
 * organisation imports its official list (the counties are the migrations'), three NGOs, admins, observers, the
 * Romanian-era forms, each observer's assigned station, a day of answers (some flagged), station facts, notes with photos and a few notifications.
 * That is the current round (round 1, this year's election); last year's, archived, holds its own copy of the forms
 * and the registry and a smaller day by a third of the same observers (plan-archived.ts).
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
  const archived = planArchivedRound(plan);
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
    const stationIds = await lookUpStations(trx, DEMO_ROUND, stations, countyIds);
    await insertAssignments(trx, DEMO_ROUND, plan.assignments, observerIds, stationIds, SETUP_TIME);
    await insertVisits(trx, DEMO_ROUND, plan.visits, observerIds, stationIds, formIds);
    await insertNotes(trx, files, DEMO_ROUND, plan.notes, observerIds, stationIds, formIds);
    await insertNotifications(trx, DEMO_ROUND, NOTIFICATIONS, plan.notifications, observerIds, ngoIds);
    await insertRegistrations(trx, plan.observers, observerIds);
    await seedArchivedRound(trx, files, archived, observerIds, ngoIds, countyIds);
    return { seeded: true };
  });
}

/** Last year's round with its day, by the same writers as this year's, archived once written. */
async function seedArchivedRound(trx: Tx, files: FileStore, plan: ArchivedRoundPlan, observerIds: Ids, ngoIds: NgoIds, countyIds: Ids) {
  const takingPart = [...ngoIds.ngos.keys()].filter((ngo) => ngo !== INACTIVE_NGO);
  const roundId = await openArchivedRound(trx, ngoIds, takingPart);
  const formIds = await lookUpFormIds(trx, roundId);
  const stations = [...plan.visits, ...plan.assignments].map((planned) => planned.station);
  const stationIds = await lookUpStations(trx, roundId, stations, countyIds);
  await insertAssignments(trx, roundId, plan.assignments, observerIds, stationIds, ARCHIVED_ASSIGNED_AT);
  await insertVisits(trx, roundId, plan.visits, observerIds, stationIds, formIds);
  await insertNotes(trx, files, roundId, plan.notes, observerIds, stationIds, formIds);
  await insertNotifications(trx, roundId, ARCHIVED_NOTIFICATIONS, plan.notifications, observerIds, ngoIds);
  await archiveRound(trx, roundId);
}

async function hasData(db: DatabaseHandle["db"] | Tx): Promise<boolean> {
  return (await db.selectFrom("ngo").select("id").limit(1).executeTakeFirst()) !== undefined;
}
