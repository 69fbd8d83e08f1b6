import { sql } from "kysely";
import { PASSWORD_COST } from "../auth/password.ts";
import type { DatabaseHandle } from "../db/database.ts";
import type { FileStore } from "../files/file-store.ts";
import { ARCHIVED_ASSIGNED_AT, SETUP_TIME } from "./content/calendar.ts";
import { ARCHIVED_NOTIFICATIONS, NOTIFICATIONS } from "./content/texts.ts";
import { planArchivedRound, type ArchivedRoundPlan } from "./plan-archived.ts";
import { INACTIVE_NGO, planSeed } from "./plan.ts";
import { insertAssignments } from "./write/assignments.ts";
import { insertForms, lookUpFormIds, type FormIds } from "./write/forms.ts";
import { importDemoStations, lookUpStations } from "./write/geography.ts";
import { archiveRound, DEMO_ROUND, nameDemoRound, openArchivedRound } from "./write/round.ts";
import type { Ids, Tx } from "./write/ids.ts";
import { insertNotes } from "./write/notes.ts";
import { insertNotifications, insertRegistrations, type NotificationContent } from "./write/notifications.ts";
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
    const written = { files, observerIds, ngoIds, countyIds };
    await insertRoundDay(trx, { id: DEMO_ROUND, formIds, assignedAt: SETUP_TIME, notifications: NOTIFICATIONS }, plan, written);
    await insertRegistrations(trx, plan.observers, observerIds);
    await seedArchivedRound(trx, archived, written);
    return { seeded: true };
  });
}

/** What the demo wrote before its rounds' days, which every round's day refers to. */
interface Written {
  files: FileStore;
  observerIds: Ids;
  ngoIds: NgoIds;
  countyIds: Ids;
}

/** One round's day by its plan: the assignments, then the visits with their answers, the notes and the notifications. */
async function insertRoundDay(
  trx: Tx,
  round: { id: number; formIds: FormIds; assignedAt: Date; notifications: readonly NotificationContent[] },
  plan: Pick<ArchivedRoundPlan, "visits" | "assignments" | "notes" | "notifications">,
  { files, observerIds, ngoIds, countyIds }: Written,
) {
  const stations = [...plan.visits, ...plan.assignments].map((planned) => planned.station);
  const stationIds = await lookUpStations(trx, round.id, stations, countyIds);
  await insertAssignments(trx, round.id, plan.assignments, observerIds, stationIds, round.assignedAt);
  await insertVisits(trx, round.id, plan.visits, observerIds, stationIds, round.formIds);
  await insertNotes(trx, files, round.id, plan.notes, observerIds, stationIds, round.formIds);
  await insertNotifications(trx, round.id, round.notifications, plan.notifications, observerIds, ngoIds);
}

/** Last year's round with its day, by the same writers as this year's, archived once written. */
async function seedArchivedRound(trx: Tx, plan: ArchivedRoundPlan, written: Written) {
  const takingPart = [...written.ngoIds.ngos.keys()].filter((ngo) => ngo !== INACTIVE_NGO);
  const roundId = await openArchivedRound(trx, written.ngoIds, takingPart);
  const round = { id: roundId, formIds: await lookUpFormIds(trx, roundId), assignedAt: ARCHIVED_ASSIGNED_AT, notifications: ARCHIVED_NOTIFICATIONS };
  await insertRoundDay(trx, round, plan, written);
  await archiveRound(trx, roundId);
}

async function hasData(db: DatabaseHandle["db"] | Tx): Promise<boolean> {
  return (await db.selectFrom("ngo").select("id").limit(1).executeTakeFirst()) !== undefined;
}
