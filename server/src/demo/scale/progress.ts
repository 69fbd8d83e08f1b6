import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { Tx } from "../write/ids.ts";
import type { ScaleProfile } from "./profile.ts";

/*
 * The dataset is written in steps (the demo, the added NGOs, each chunk of observers, each chunk of notifications),
 * each committed with its marker row in one transaction: a run stopped midway leaves whole steps behind, and the next
 * run skips exactly those. Two runs at once queue on the table lock and skip what the other one wrote.
 */

export const PROGRESS_TABLE = "scale_seed_progress";

/** Creates the marker table; refuses a database that holds other data than this dataset (or the demo's start of it). */
export async function openProgress(db: Kysely<Database>): Promise<Set<string>> {
  const { rows } = await sql<{ exists: boolean }>`SELECT to_regclass(${PROGRESS_TABLE}) IS NOT NULL AS exists`.execute(db);
  if (!rows[0]!.exists) {
    const other = await db.selectFrom("ngo").select("id").limit(1).executeTakeFirst();
    if (other) throw new Error("This database already holds data that is not the election-day dataset: give an empty one.");
    await sql`
      CREATE TABLE IF NOT EXISTS scale_seed_progress (
        step     text PRIMARY KEY,
        rows     bigint NOT NULL,
        seconds  real NOT NULL,
        done_at  timestamptz NOT NULL DEFAULT now()
      )`.execute(db);
  }
  return doneSteps(db);
}

export async function doneSteps(db: Kysely<Database>): Promise<Set<string>> {
  const { rows } = await sql<{ step: string }>`SELECT step FROM scale_seed_progress`.execute(db);
  return new Set(rows.map((row) => row.step));
}

export const COMPLETE = "complete";
/** The previous round's last step: a dataset complete without it (written before it existed) gets it on the next run. */
export const PREVIOUS_ROUND_DONE = "previous round archived";

/** Whether every step `profile` asks for is recorded. */
export const completeFor = (done: Set<string>, profile: Pick<ScaleProfile, "previousRound">) =>
  done.has(COMPLETE) && (!profile.previousRound || done.has(PREVIOUS_ROUND_DONE));

/** Whether the dataset of `profile` was written to its end (false too when there is no marker table). */
export async function isComplete(db: Kysely<Database>, profile: Pick<ScaleProfile, "previousRound"> = {}): Promise<boolean> {
  const { rows } = await sql<{ exists: boolean }>`SELECT to_regclass(${PROGRESS_TABLE}) IS NOT NULL AS exists`.execute(db);
  return rows[0]!.exists && completeFor(await doneSteps(db), profile);
}

/**
 * Runs `write` and records `step` in one transaction, unless the step is recorded already (then `null`).
 * `write` answers the number of rows it wrote, kept with the marker.
 */
export async function runStep(db: Kysely<Database>, step: string, write: (trx: Tx) => Promise<number>): Promise<number | null> {
  const started = performance.now();
  return db.transaction().execute(async (trx) => {
    await sql`LOCK TABLE scale_seed_progress IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
    const { rows } = await sql`SELECT 1 FROM scale_seed_progress WHERE step = ${step}`.execute(trx);
    if (rows.length > 0) return null;
    const written = await write(trx);
    await markStep(trx, step, written, (performance.now() - started) / 1000);
    return written;
  });
}

/** Records a step that committed on its own (the demo seed, VACUUM). */
export async function markStep(db: Kysely<Database>, step: string, rows: number, seconds: number): Promise<void> {
  await sql`
    INSERT INTO scale_seed_progress (step, rows, seconds) VALUES (${step}, ${rows}, ${seconds})
    ON CONFLICT (step) DO NOTHING`.execute(db);
}
