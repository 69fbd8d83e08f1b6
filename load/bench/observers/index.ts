// On each engine (a throwaway PostgreSQL 15, then the embedded PGlite) seeds 20,000 observers in several NGOs and
// prints: the observers list's p50/p95 in-process (server time without the network), its throughput and latency
// over HTTP at 50 connections (the server in its own process), and a 10,000-row CSV import time.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import { createApp } from "../../../server/src/app.ts";
import { hashSecret, PASSWORD_COST, PIN_COST } from "../../../server/src/auth/password.ts";
import { createSignInThrottle } from "../../../server/src/auth/sign-in-throttle.ts";
import { openDatabase, type DatabaseHandle } from "../../../server/src/db/database.ts";
import { migrate } from "../../../server/src/db/migrate.ts";
import { seedDemoData } from "../../../server/src/demo/seed.ts";
import { createMemoryFileStore } from "../../../server/src/files/file-store.ts";
import { startServer } from "../../../tests/e2e/support/server-process.ts";
import { describeLoad, percentile, runLoad } from "../../support/latency.ts";
import { withBenchDatabase } from "../../support/throwaway-database.ts";

const OBSERVERS = 20_000;
const IMPORT_ROWS = 10_000;
const SAMPLES = 200;
const CONNECTIONS = 50;
const LOAD_SECONDS = Number(process.env.SECONDS ?? 10);

/** 20,000 observers spread over the three NGOs, half of them with an arrival (their lastSeen); set-based. */
async function addObservers(database: DatabaseHandle) {
  const pinHash = await hashSecret("1234", PIN_COST);
  await sql`
    INSERT INTO observer (ngo_id, phone, name, pin_hash, device_register_date)
    SELECT 1 + (n % 3), '0755' || lpad(n::text, 6, '0'),
           (ARRAY['Ion','Maria','Andrei','Elena','Mihai','Ioana'])[1 + n % 6] || ' ' ||
           (ARRAY['Popescu','Ionescu','Popa','Dumitru','Stan','Stoica','Gheorghe'])[1 + n % 7] || ' ' || n,
           ${pinHash}, CASE WHEN n % 2 = 0 THEN now() END
    FROM generate_series(1, ${OBSERVERS}) n`.execute(database.db);
  await sql`
    INSERT INTO polling_station_info (observer_id, polling_station_id, last_modified, observer_arrival_time)
    SELECT o.id, 1 + (o.id % 19000), now() - (o.id % 600) * interval '1 minute', now() - (o.id % 600) * interval '1 minute'
    FROM observer o WHERE o.id % 2 = 0
    ON CONFLICT DO NOTHING`.execute(database.db);
  await sql`ANALYZE`.execute(database.db);
}

async function prepare(url: string): Promise<DatabaseHandle> {
  const database = await openDatabase(url);
  await migrate(database);
  await seedDemoData(database, createMemoryFileStore());
  await addObservers(database);
  return database;
}

const token = { secret: new TextEncoder().encode("bench-secret-bench-secret-bench!"), issuer: "vote-monitor", audience: "vote-monitor-back-office", ttlSeconds: 3600 };

const appDependencies = (database: DatabaseHandle) => ({
  db: database.db,
  engine: database.engine,
  files: createMemoryFileStore(),
  clock: () => new Date(),
  signInThrottle: createSignInThrottle(database.db),
  config: { version: "bench", token, passwordCost: PASSWORD_COST },
});

async function inProcess(database: DatabaseHandle) {
  const app = createApp(appDependencies(database));
  const login = await app.request("/api/v2/access/authorize", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ user: "0700000001", password: "demo1234" }),
  });
  const authorization = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };

  async function measure(label: string, path: string) {
    const times: number[] = [];
    for (let i = 0; i < SAMPLES + 10; i++) {
      const start = performance.now();
      const response = await app.request(path, { headers: authorization });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
      if (i >= 10) times.push(performance.now() - start);
    }
    console.log(`  ${label.padEnd(28)} p50 ${percentile(times, 0.5).toFixed(1)} ms  p95 ${percentile(times, 0.95).toFixed(1)} ms  (${SAMPLES} requests)`);
  }
  const total = ((await (await app.request("/api/v1/observer/count", { headers: authorization })).json()) as { count: number }).count;
  console.log(`  observers in scope of the organizer: ${total}`);
  await measure("list, first page", "/api/v1/observer?Page=1&PageSize=20");
  await measure("list, filtered by name", "/api/v1/observer?Name=maria&Page=1&PageSize=20");
  await measure("list, filtered by phone", "/api/v1/observer?Number=07551&Page=1&PageSize=20");
  await measure("list, sorted by name, p.50", "/api/v1/observer?SortBy=name&SortDirection=asc&Page=50&PageSize=20");
  return { app, authorization };
}

/** The list over HTTP at 50 connections, the server in a process of its own on the same database. */
async function overHttp(env: Record<string, string>) {
  const server = await startServer({ SEED: "false", ...env });
  try {
    const login = await fetch(`${server.url}/api/v2/access/authorize`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ user: "0700000001", password: "demo1234" }),
    });
    const authorization = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
    const result = await runLoad({ connections: CONNECTIONS, seconds: LOAD_SECONDS }, () =>
      fetch(`${server.url}/api/v1/observer?Page=1&PageSize=20`, { headers: authorization }),
    );
    console.log(`  list over HTTP, ${CONNECTIONS} connections: ${describeLoad(result)}`);
  } finally {
    await server.stop();
  }
}

async function importTime(app: Awaited<ReturnType<typeof inProcess>>["app"], authorization: Record<string, string>) {
  const rows = Array.from({ length: IMPORT_ROWS }, (_, i) => `07660${String(i).padStart(5, "0")},${String(1000 + (i % 9000))},Observator Importat ${i}`);
  const form = new FormData();
  form.set("file", new File([`Phone,Pin,Name\n${rows.join("\n")}\n`], "observers.csv", { type: "text/csv" }));
  form.set("ngoId", "2");
  const start = performance.now();
  const imported = await app.request("/api/v1/observer/import", { method: "POST", headers: authorization, body: form });
  console.log(`  import of ${IMPORT_ROWS} rows: ${imported.status} ${await imported.text()} in ${((performance.now() - start) / 1000).toFixed(2)} s`);
}

/** Seeds, then measures over HTTP (the server owns the database alone, as PGlite needs), then in-process. */
async function benchEngine(url: string, serverEnv: Record<string, string>) {
  await (await prepare(url)).close();
  await overHttp(serverEnv);
  const database = await openDatabase(url);
  try {
    const { app, authorization } = await inProcess(database);
    await importTime(app, authorization);
  } finally {
    await database.close();
  }
}

console.log("PostgreSQL 15");
await withBenchDatabase((databaseUrl) => benchEngine(databaseUrl, { DATABASE_URL: databaseUrl }));

console.log("PGlite (embedded)");
const dataDir = mkdtempSync(join(tmpdir(), "bench-pglite-"));
try {
  await benchEngine(`pglite:${join(dataDir, "db")}`, { DATA_DIR: dataDir });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
console.log("targets: list p95 < 50 ms in-process; over HTTP on the embedded database >= 100 req/s with p95 <= 500 ms; import < 5 s");
