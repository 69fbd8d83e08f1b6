// On a throwaway PostgreSQL 15 with 20,000 more observers in NGO 2 (60% with a registered device, half with an
// arrival at a station), prints: the active-observer search's p50/p95 in-process, how long sending to every observer
// of the NGO (and to 10,000 chosen ones) takes to answer, and how long the background fan-out takes to settle every
// recipient through the outbox provider, run as the server runs it (a started worker, woken by the send).
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import { createApp } from "../../../server/src/app.ts";
import { PASSWORD_COST } from "../../../server/src/auth/password.ts";
import { createSignInThrottle } from "../../../server/src/auth/sign-in-throttle.ts";
import { openDatabase, type DatabaseHandle } from "../../../server/src/db/database.ts";
import { migrate } from "../../../server/src/db/migrate.ts";
import { seedDemoData } from "../../../server/src/demo/seed.ts";
import { createMemoryFileStore } from "../../../server/src/files/file-store.ts";
import { createFanOut } from "../../../server/src/notifications/fan-out.ts";
import { outboxProvider } from "../../../server/src/notifications/provider.ts";
import { percentile } from "../../support/latency.ts";
import { withBenchDatabase } from "../../support/throwaway-database.ts";

const OBSERVERS = 20_000;
const SAMPLES = 200;
const SENDS = 3;
const token = { secret: new TextEncoder().encode("bench-secret-bench-secret-bench!"), issuer: "vote-monitor", audience: "vote-monitor-back-office", ttlSeconds: 3600 };

async function addObservers(database: DatabaseHandle) {
  await sql`
    INSERT INTO observer (ngo_id, phone, name, pin_hash, device_register_date)
    SELECT 2, '0756' || lpad(n::text, 6, '0'),
           (ARRAY['Ion','Maria','Andrei','Elena','Mihai','Ioana'])[1 + n % 6] || ' ' ||
           (ARRAY['Popescu','Ionescu','Popa','Dumitru','Stan','Stoica','Gheorghe'])[1 + n % 7] || ' ' || n,
           'not-a-real-hash', CASE WHEN n % 5 < 3 THEN now() END
    FROM generate_series(1, ${OBSERVERS}) n`.execute(database.db);
  await sql`
    INSERT INTO notification_registration (observer_id, channel_name, token)
    SELECT id, 'Firebase', 'bench-token-' || id FROM observer WHERE phone LIKE '0756%' AND device_register_date IS NOT NULL`.execute(database.db);
  await sql`
    INSERT INTO polling_station_info (observer_id, polling_station_id, last_modified, observer_arrival_time, observer_leave_time)
    SELECT o.id, 1 + (o.id % 19000), now(), now() - (o.id % 600) * interval '1 minute', CASE WHEN o.id % 3 = 0 THEN now() END
    FROM observer o WHERE o.phone LIKE '0756%' AND o.id % 2 = 0
    ON CONFLICT DO NOTHING`.execute(database.db);
  await sql`ANALYZE`.execute(database.db);
}

async function bench(database: DatabaseHandle) {
  const fanOut = createFanOut({ db: database.db, provider: outboxProvider, clock: () => new Date() });
  fanOut.start();
  const app = createApp({
    db: database.db,
    engine: database.engine,
    files: createMemoryFileStore(),
    clock: () => new Date(),
    signInThrottle: createSignInThrottle(database.db),
    config: { version: "bench", token, passwordCost: PASSWORD_COST },
    notifications: { provider: outboxProvider, wake: fanOut.wake },
  });
  const login = await app.request("/api/v2/access/authorize", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ user: "0700000002", password: "demo1234" }),
  });
  const authorization = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };

  async function search(label: string, query: string) {
    const times: number[] = [];
    let found = 0;
    for (let i = 0; i < SAMPLES + 10; i++) {
      const start = performance.now();
      const response = await app.request(`/api/v1/observer/active?${query}`, { headers: authorization });
      const body = (await response.json()) as unknown[];
      if (response.status !== 200) throw new Error(`${query} answered ${response.status}`);
      if (i >= 10) times.push(performance.now() - start);
      found = body.length;
    }
    console.log(`  search ${label.padEnd(30)} ${String(found).padStart(5)} found  p50 ${percentile(times, 0.5).toFixed(1)} ms  p95 ${percentile(times, 0.95).toFixed(1)} ms`);
  }
  await search("one county (B)", "countyCodes=B");
  await search("Cluj, stations 1–300", "countyCodes=CJ&fromPollingStationNumber=1&toPollingStationNumber=300");
  await search("four counties, checked in", "countyCodes=B&countyCodes=CJ&countyCodes=IS&countyCodes=TM&currentlyCheckedIn=true");
  await search("ten counties", ["B", "CJ", "IS", "TM", "CT", "BV", "PH", "DJ", "GL", "BH"].map((code) => `countyCodes=${code}`).join("&"));

  async function send(label: string, path: string, body: Record<string, unknown>, key: string) {
    const start = performance.now();
    const response = await app.request(path, {
      method: "POST",
      headers: { ...authorization, "content-type": "application/json", "idempotency-key": key },
      body: JSON.stringify({ channel: "Firebase", from: "Bench", title: "Bench", message: "Fan-out bench", ...body }),
    });
    const result = (await response.json()) as { recipients: number; reachable: number };
    const answered = performance.now() - start;
    if (response.status !== 202) throw new Error(`${path} answered ${response.status}`);
    for (;;) {
      const { rows } = await sql<{ count: number }>`SELECT count(*)::int AS count FROM notification_recipient WHERE status = 'queued'`.execute(database.db);
      if (rows[0].count === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const settled = performance.now() - start;
    console.log(
      `  ${label.padEnd(34)} ${result.recipients} recipients (${result.reachable} reachable): answered in ${answered.toFixed(0)} ms, fan-out done in ${(settled / 1000).toFixed(2)} s`,
    );
  }
  for (let i = 1; i <= SENDS; i++) await send(`send to all, #${i}`, "/api/v1/notification/send/all", {}, `all-${i}`);
  const { rows } = await sql<{ id: number }>`
    SELECT id FROM observer WHERE ngo_id = 2 AND deleted_at IS NULL ORDER BY id DESC LIMIT 10000`.execute(database.db);
  await send("send to 10,000 chosen", "/api/v1/notification/send", { recipients: rows.map((row) => row.id) }, "chosen");

  const start = performance.now();
  const history = await app.request("/api/v1/notification/get/all?pageSize=20", { headers: authorization });
  await history.arrayBuffer();
  console.log(`  history, first page (counts per status over ${SENDS + 1} large notifications): ${(performance.now() - start).toFixed(0)} ms`);
  await fanOut.stop();
}

console.log("PostgreSQL 15");
await withBenchDatabase(async (url) => {
  const database = await openDatabase(url);
  try {
    await migrate(database);
    await seedDemoData(database, createMemoryFileStore());
    await addObservers(database);
    await bench(database);
  } finally {
    await database.close();
  }
});
console.log("targets: search p95 <= 100 ms; sending to 20,000 answers <= 500 ms; the fan-out completes <= 60 s (outbox)");
