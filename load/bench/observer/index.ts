// The observers' app on a phone: its first load and sign-in at 4x CPU and slow 4G, opening offline, 100 queued
// answer batches synced at slow 3G (each once on the server), and shrinking a 12-megapixel photo at 4x CPU.
// Prints each figure beside its target; a bench reports, it does not fail. RUNS (default 3) runs of each but the
// outbox sync (one run: it takes the longest). OUTBOX_ITEMS (default 100).
import { availableParallelism, loadavg } from "node:os";
import { resolve } from "node:path";
import pg from "pg";
import { build } from "vite";
import { launchBrowser } from "../../../tests/e2e/support/browser.ts";
import { demoDatabaseEnv } from "../../../tests/e2e/support/e2e-database.ts";
import { startServer } from "../../../tests/e2e/support/server-process.ts";
import { hasPostgres, startPostgresCluster } from "../../../tests/support/postgres-cluster.ts";
import { firstLoadOnce, OBSERVER, type FirstLoad } from "./first-load.ts";
import { outboxSyncOnce } from "./outbox-sync.ts";
import { median, spread } from "./page-timing.ts";
import { shrinkPhotoTimes } from "./photo-shrink.ts";

const RUNS = Number(process.env.RUNS ?? 3);
const OUTBOX_ITEMS = Number(process.env.OUTBOX_ITEMS ?? 100);

// `-- --built` serves dist/ as it is. Otherwise both apps are built into a folder of the bench's own: dist/ is rebuilt
// by the browser tests' setup, and a service worker whose precache list names files gone since never installs.
// The back-office first: its build empties the folder, the observers' app then writes its own observer/ in it.
const staticDir = process.argv.includes("--built") ? "dist" : "node_modules/.tmp/bench-observer";
if (staticDir !== "dist") {
  await build({ logLevel: "warn", build: { outDir: staticDir } });
  await build({ configFile: "vite.observer.config.ts", logLevel: "warn", build: { outDir: resolve(staticDir, "observer") } });
}
// On PostgreSQL where installed, so that the idempotency keys can be counted; on the embedded PGlite elsewhere.
const cluster = hasPostgres() ? await startPostgresCluster() : undefined;
const server = await startServer({ ...(cluster ? await demoDatabaseEnv(cluster.url, "bench_observer") : {}), STATIC_DIR: staticDir });
const db = cluster ? new pg.Client({ connectionString: `${cluster.url}/bench_observer` }) : undefined;
await db?.connect();
const browser = await launchBrowser();

const keyCount = async () =>
  db
    ? Number((await db.query<{ n: string }>("SELECT count(*) AS n FROM observer_idempotency_key k JOIN observer o ON o.id = k.observer_id WHERE o.phone = $1 AND o.deleted_at IS NULL", [OBSERVER.phone])).rows[0]?.n)
    : undefined;
// Every figure here is CPU-bound in part: on a shared machine they grow with its load, printed beside them.
const loadAverage = () => loadavg()[0].toFixed(1);
console.log(`machine: ${availableParallelism()} cores, load average ${loadAverage()} at the start`);
const ms = (values: number[]) => `${median(values).toFixed(0)} ms (${spread(values)})`;

try {
  const loads: FirstLoad[] = [];
  for (let run = 0; run < RUNS; run++) {
    const load = await firstLoadOnce(browser, server.url);
    loads.push(load);
    console.log(`   run ${run + 1}: sign-in form ${load.signInFormMs.toFixed(0)} ms, station picker ${load.stationPickerMs.toFixed(0)} ms, offline ${load.offlineFirstScreenMs.toFixed(0)} ms painted, ${load.offlineWorkingMs.toFixed(0)} ms working`);
  }
  const last = loads[loads.length - 1];
  const kilobytes = median(loads.map((load) => load.gzipBytes)) / 1000;
  const requests = median(loads.map((load) => load.requests.length));
  console.log(`a. first load of /observer/ at 4x CPU, slow 4G (150 ms, 1.6 Mbit/s down, 750 kbit/s up), cold:`);
  console.log(`   ${kilobytes.toFixed(1)} kB gzip JS+CSS (target ≤ 170 kB), ${requests} requests (target ≤ 7): ${last.requests.join(", ")}`);
  console.log(`   sign-in form visible after ${ms(loads.map((load) => load.signInFormMs))}`);
  console.log(`   station picker visible ${ms(loads.map((load) => load.stationPickerMs))} after "Sign in" (target ≤ 2500 ms)`);
  const fetched = [...last.signInFetches].sort((a, b) => b.bytes - a.bytes);
  console.log(
    `   signing in fetched ${fetched.length} responses, ${(fetched.reduce((sum, f) => sum + f.bytes, 0) / 1000).toFixed(1)} kB on the wire; ` +
      `largest: ${fetched.slice(0, 3).map((f) => `${f.path} ${(f.bytes / 1000).toFixed(1)} kB`).join(", ")}`,
  );
  console.log(`b. opening offline at 4x CPU (service worker), on the screen it was left on, "${last.offlineHeading}":`);
  console.log(`   painted after ${ms(loads.map((load) => load.offlineFirstScreenMs))} (target ≤ 1000 ms); the app working after ${ms(loads.map((load) => load.offlineWorkingMs))}`);
  console.log(`   at 1x CPU: painted after ${ms(loads.map((load) => load.offlineFirstScreenFullSpeedMs))}, working after ${ms(loads.map((load) => load.offlineWorkingFullSpeedMs))}`);

  const keysBefore = await keyCount();
  const { queued, result } = await outboxSyncOnce(browser, server.url, OUTBOX_ITEMS);
  const keysAfter = await keyCount();
  const newKeys = keysBefore === undefined || keysAfter === undefined ? undefined : keysAfter - keysBefore;
  const sentOnce = result.states.sent === OUTBOX_ITEMS && result.attempts === OUTBOX_ITEMS;
  console.log(`c. outbox at slow 3G (400 ms, 400 kbit/s each way), answer batches of form ${queued.form} (${queued.questions} questions) at ${queued.station}:`);
  console.log(
    `   ${result.items} items in ${result.seconds.toFixed(1)} s (target ≤ 30 s), ` +
      `${newKeys === undefined ? "duplicates not countable on PGlite" : `${newKeys - OUTBOX_ITEMS} duplicates`} (target 0); ` +
      `server: ${newKeys ?? "?"} new idempotency keys; outbox: ${JSON.stringify(result.states)}, ${result.attempts} attempts${sentOnce ? " (each sent once)" : ""}`,
  );

  const photo = await shrinkPhotoTimes(browser, RUNS);
  console.log(`d. shrinkPhoto at 4x CPU, 4000×3000 JPEG of ${(photo.inputBytes / 1e6).toFixed(2)} MB → ${photo.output}: ${ms(photo.times)} per photo (target ≤ 1500 ms); longest main-thread task ${ms(photo.longestTasks)}`);
  console.log(`machine: load average ${loadAverage()} at the end`);
} finally {
  await browser.close();
  await db?.end();
  await server.stop();
  cluster?.stop();
}
