// Seeds 20,000 observers in several NGOs on a throwaway PostgreSQL 15 and prints the observers list
// endpoint's p50/p95 (in-process requests: server time without the network) and a 10,000-row CSV import time.
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import pg from "pg";
import { createApp } from "../server/src/app.ts";
import { createSignInThrottle } from "../server/src/auth/sign-in-throttle.ts";
import { hashSecret, PIN_COST } from "../server/src/auth/password.ts";
import { openDatabase } from "../server/src/db/database.ts";
import { migrate } from "../server/src/db/migrate.ts";
import { seedDemoData } from "../server/src/db/seed.ts";
import { createMemoryFileStore } from "../server/src/files/file-store.ts";
import { startPostgresCluster } from "../tests/support/postgres-cluster.ts";

const OBSERVERS = 20_000;
const IMPORT_ROWS = 10_000;
const SAMPLES = 200;

const cluster = await startPostgresCluster();
const admin = new pg.Client({ connectionString: `${cluster.url}/postgres` });
await admin.connect();
await admin.query("CREATE DATABASE bench");
await admin.end();
const database = await openDatabase(`${cluster.url}/bench`);

try {
  await migrate(database);
  const files = createMemoryFileStore();
  await seedDemoData(database, files);
  const pinHash = await hashSecret("1234", PIN_COST);
  // Set-based: 20,000 observers spread over the three NGOs, half of them with an arrival (their lastSeen).
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

  const app = createApp({
    db: database.db,
    engine: database.engine,
    files,
    clock: () => new Date(),
    signInThrottle: createSignInThrottle(database.db),
    config: {
      version: "bench",
      token: { secret: new TextEncoder().encode("bench-secret-bench-secret-bench!"), issuer: "vote-monitor", audience: "vote-monitor-back-office", ttlSeconds: 3600 },
    },
  });
  const login = await app.request("/api/v2/access/authorize", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ user: "0700000001", password: "demo1234" }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const authorization = { authorization: `Bearer ${token}` };

  const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];
  async function measure(label: string, path: string) {
    const times: number[] = [];
    for (let i = 0; i < SAMPLES + 10; i++) {
      const start = performance.now();
      const response = await app.request(path, { headers: authorization });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
      if (i >= 10) times.push(performance.now() - start);
    }
    console.log(`${label.padEnd(28)} p50 ${percentile(times, 0.5).toFixed(1)} ms  p95 ${percentile(times, 0.95).toFixed(1)} ms  (${SAMPLES} requests)`);
  }
  const total = ((await (await app.request("/api/v1/observer/count", { headers: authorization })).json()) as { count: number }).count;
  console.log(`observers in scope of the organizer: ${total}`);
  await measure("list, first page", "/api/v1/observer?Page=1&PageSize=20");
  await measure("list, filtered by name", "/api/v1/observer?Name=maria&Page=1&PageSize=20");
  await measure("list, filtered by phone", "/api/v1/observer?Number=07551&Page=1&PageSize=20");
  await measure("list, sorted by name, p.50", "/api/v1/observer?SortBy=name&SortDirection=asc&Page=50&PageSize=20");

  const rows = Array.from({ length: IMPORT_ROWS }, (_, i) => `07660${String(i).padStart(5, "0")},${String(1000 + (i % 9000))},Observator Importat ${i}`);
  const form = new FormData();
  form.set("file", new File([`Phone,Pin,Name\n${rows.join("\n")}\n`], "observers.csv", { type: "text/csv" }));
  form.set("ngoId", "2");
  const start = performance.now();
  const imported = await app.request("/api/v1/observer/import", { method: "POST", headers: authorization, body: form });
  const seconds = (performance.now() - start) / 1000;
  console.log(`import of ${IMPORT_ROWS} rows: ${imported.status} ${await imported.text()} in ${seconds.toFixed(2)} s`);
  console.log("targets: list p95 < 50 ms, import < 5 s");
} finally {
  await database.close();
  cluster.stop();
}
