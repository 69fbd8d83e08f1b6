// npm run seed:scale: a national election day on PostgreSQL 15, for bench:scale and for anyone who wants to see the
// product at that size (issue 15, "Election-day scale and proof"). The demo seed (counties with their 19,171 real
// stations, forms A–D, the demo NGOs and accounts) plus the profile of server/src/demo/scale/: 20,000 observers in 5
// NGOs, about 2,000,000 answers (a few percent flagged, clustered at troubled stations), 200,000 notes whose 100,000
// photos share six files in the file store, station facts, 1,000 notifications with their recipients; then an
// earlier round (2024), archived, of the same size (a copy of the current round's rows 728 days earlier), so that
// the current round is read beside another round's 2,000,000 answers in the same tables.
//
// Where: DATABASE_URL if set (postgres:// only), else a PostgreSQL 15 cluster kept in .data/scale/pg, started for the
// run and stopped after it; attachments in DATA_DIR/files (.data/scale/files). See load/support/scale-database.ts.
// Deterministic: the same rows on every run (only the salted password and PIN hashes differ), checked by the
// fingerprints printed at the end (each round's and the whole's). Resumable: each step commits with its marker
// (scale_seed_progress); kill it midway, run it again, and it carries on where it stopped to the same fingerprint.
import { performance } from "node:perf_hooks";
import { join } from "node:path";
import { openDatabase } from "../server/src/db/database.ts";
import { migrate } from "../server/src/db/migrate.ts";
import { DEMO_ACCOUNTS } from "../server/src/demo/accounts.ts";
import { SCALE_ACCOUNTS } from "../server/src/demo/scale/content.ts";
import { fingerprint } from "../server/src/demo/scale/fingerprint.ts";
import { SCALE_PROFILE } from "../server/src/demo/scale/profile.ts";
import { seedScaleData } from "../server/src/demo/scale/seed.ts";
import { createDirectoryFileStore } from "../server/src/files/file-store.ts";
import { openScaleDatabase, type ScaleDatabase } from "./support/scale-database.ts";

/** Writes what is missing of the dataset into `target` and prints what it holds. */
export async function seedScale(target: ScaleDatabase): Promise<void> {
  const started = performance.now();
  const database = await openDatabase(target.url);
  try {
    await migrate(database);
    const files = createDirectoryFileStore(join(target.dataDir, "files"));
    const { wrote } = await seedScaleData(database, files, { profile: SCALE_PROFILE, log: (line) => console.log(`  ${line}`) });
    console.log(wrote ? `  written in ${((performance.now() - started) / 1000).toFixed(1)} s` : "  already complete: nothing to write");
    const printed = await fingerprint(database.db);
    for (const round of printed.rounds) {
      console.log(`  ${round.round === "-" ? "across rounds" : `round ${round.round}`}: fingerprint ${round.digest}`);
      console.log(`    ${Object.entries(round.rows).map(([table, rows]) => `${table} ${rows}`).join(", ")}`);
    }
    console.log(`  fingerprint ${printed.digest} (the same on every complete run)`);
  } finally {
    await database.close();
  }
}

export function printAccounts() {
  console.log("Sign in with (password demo1234):");
  for (const account of [...DEMO_ACCOUNTS, ...SCALE_ACCOUNTS]) console.log(`  ${account.user}  ${account.description}`);
}

if (import.meta.main) {
  const started = performance.now();
  const target = await openScaleDatabase().catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
  console.log(`Election-day dataset on ${target.description}`);
  try {
    await seedScale(target);
  } finally {
    target.stop();
  }
  printAccounts();
  console.log(
    target.kept
      ? "The cluster in .data/scale/pg is stopped again: npm run bench:scale starts it and serves this dataset."
      : `Serve it: DATABASE_URL=${target.url} DATA_DIR=${target.dataDir} SEED=false npm run serve`,
  );
  console.log(`Total ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
