import { sql, type Kysely } from "kysely";
import type { DatabaseHandle } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import type { FileStore } from "../../files/file-store.ts";
import { seedDemoData } from "../seed.ts";
import { hashPins } from "../write/observers.ts";
import { allotNotes, observerChunks, planChunk, planScaleNotifications } from "./plan.ts";
import { COMPLETE, completeFor, markStep, openProgress, PREVIOUS_ROUND_DONE, runStep } from "./progress.ts";
import type { ScaleProfile } from "./profile.ts";
import { insertChunk } from "./write/chunk.ts";
import { lookUpDataset } from "./write/lookup.ts";
import { hashScalePasswords, insertScaleNgos } from "./write/ngos.ts";
import { insertScaleNotifications } from "./write/notifications.ts";
import { archivePreviousRound, copyNotifications, copyObserverChunk, insertPreviousRound, previousRoundId } from "./write/previous-round.ts";

/*
 * The election-day dataset: the demo seed first (its imported stations, forms, the demo's NGOs, admins and observers),
 * then the profile's NGOs, observers (their answers, station facts and notes), notifications, and statistics for the
 * planner. Every step is deterministic and commits with its marker (progress.ts), so a run stopped midway and run
 * again ends with the same rows; only the salted hashes differ. Answers go in with the triggers on: threads, tallies
 * and observer activity are kept by the database exactly as for answers sent through the API. With
 * `profile.previousRound`, an earlier archived round (2024) follows, a copy of the current one
 * (write/previous-round.ts).
 */

const NOTIFICATION_CHUNK = 250;

export interface ScaleSeedOptions {
  profile: ScaleProfile;
  /** One line per step, with its rows and seconds. */
  log?: (line: string) => void;
}

/** Writes what is missing of the dataset; answers whether anything was left to write. */
export async function seedScaleData(handle: DatabaseHandle, files: FileStore, { profile, log = () => {} }: ScaleSeedOptions): Promise<{ wrote: boolean }> {
  // One connection without the server's statement timeout: VACUUM and a chunk's statements may take longer.
  return handle.db.connection().execute(async (db) => {
    await sql`SET statement_timeout = 0`.execute(db);
    const done = await openProgress(db);
    if (completeFor(done, profile)) return { wrote: false };
    /** `rows` is null for a step another run wrote meanwhile, undefined when not counted. */
    const report = (step: string, rows: number | null | undefined, started: number) => {
      if (rows === null) return;
      const written = rows === undefined ? "" : `${rows} rows`;
      log(`${step.padEnd(40)} ${written.padStart(14)} ${((performance.now() - started) / 1000).toFixed(1).padStart(7)} s`);
    };

    let started = performance.now();
    if (!done.has("demo")) {
      await seedDemoData({ ...handle, db }, files);
      await markStep(db, "demo", 0, (performance.now() - started) / 1000);
      report("demo", undefined, started);
    }
    if (!done.has("ngos")) {
      const hashes = await hashScalePasswords();
      started = performance.now();
      report("ngos", await runStep(db, "ngos", (trx) => insertScaleNgos(trx, hashes)), started);
    }

    const ids = await db.transaction().execute(lookUpDataset);
    const notes = allotNotes(profile);
    for (const [first, last] of observerChunks(profile)) {
      const step = `observers ${first}-${last}`;
      if (done.has(step)) continue;
      started = performance.now();
      const plan = planChunk(first, last, profile, notes);
      // Hashed before the transaction opens, so that it stays short.
      const pinHashes = await hashPins(plan.observers);
      report(step, await runStep(db, step, (trx) => insertChunk(trx, files, plan, pinHashes, ids)), started);
    }

    const notifications = planScaleNotifications(profile.notifications);
    for (let start = 0; start < notifications.length; start += NOTIFICATION_CHUNK) {
      const step = `notifications ${start + 1}-${Math.min(notifications.length, start + NOTIFICATION_CHUNK)}`;
      if (done.has(step)) continue;
      started = performance.now();
      const chunk = notifications.slice(start, start + NOTIFICATION_CHUNK);
      report(step, await runStep(db, step, (trx) => insertScaleNotifications(trx, chunk, start + 1)), started);
    }

    if (profile.previousRound) await writePreviousRound(db, done, profile, report);

    // Outside a transaction (VACUUM refuses one): the planner's statistics and the visibility map for index-only scans.
    started = performance.now();
    await sql`VACUUM ANALYZE`.execute(db);
    await markStep(db, COMPLETE, 0, (performance.now() - started) / 1000);
    report("vacuum analyze", undefined, started);
    return { wrote: true };
  });
}

type Report = (step: string, rows: number | null | undefined, started: number) => void;

/** Last year's round, copied from the current one in steps as resumable as the current round's own. */
async function writePreviousRound(db: Kysely<Database>, done: Set<string>, profile: ScaleProfile, report: Report): Promise<void> {
  let started = performance.now();
  report("previous round", await runStep(db, "previous round", insertPreviousRound), started);
  // The planner's statistics of the current round's rows and the new registry and forms, which the copies join.
  await sql`ANALYZE`.execute(db);
  const id = await db.transaction().execute(previousRoundId);
  for (let first = 1; first <= profile.observers; first += profile.chunk) {
    const last = Math.min(profile.observers, first + profile.chunk - 1);
    const step = `previous round observers ${first}-${last}`;
    if (done.has(step)) continue;
    started = performance.now();
    report(step, await runStep(db, step, (trx) => copyObserverChunk(trx, id, first, last, last === profile.observers)), started);
  }
  started = performance.now();
  report("previous round notifications", await runStep(db, "previous round notifications", (trx) => copyNotifications(trx, id)), started);
  started = performance.now();
  report(PREVIOUS_ROUND_DONE, await runStep(db, PREVIOUS_ROUND_DONE, (trx) => archivePreviousRound(trx, id)), started);
}
