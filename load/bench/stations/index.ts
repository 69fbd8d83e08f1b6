// The polling-station registry on a throwaway PostgreSQL 15 as a production start has it (migrated, one organizer, no
// demo data), the server in a process of its own: the official-format list of 19,171 stations imported over HTTP
// (a dry run, the commit, the same file again, an edited file), each with its time and the server's peak resident
// memory above its idle level; then the list, its filters and search, p50/p95 in-process.
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { createApp } from "../../../server/src/app.ts";
import { PASSWORD_COST } from "../../../server/src/auth/password.ts";
import { operatorScope } from "../../../server/src/auth/scope.ts";
import { createSignInThrottle } from "../../../server/src/auth/sign-in-throttle.ts";
import { openDatabase } from "../../../server/src/db/database.ts";
import { migrate } from "../../../server/src/db/migrate.ts";
import { createMemoryFileStore } from "../../../server/src/files/file-store.ts";
import { insertNgoAdmin } from "../../../server/src/ngos/admin-store.ts";
import { insertNgo } from "../../../server/src/ngos/store.ts";
import { percentile } from "../../support/latency.ts";
import { startMeasuredServer, type MeasuredServer } from "../../support/server.ts";
import { withBenchDatabase } from "../../support/throwaway-database.ts";

const OFFICIAL_LIST = new URL("../../../server/src/demo/content/polling-stations.csv", import.meta.url);
const ACCOUNT = { user: "bench-organizer", password: "bench-organizer-password" };
const SAMPLES = 200;
const MiB = 1024 * 1024;

async function signIn(request: (path: string, init: RequestInit) => Promise<Response>) {
  const login = await request("/api/v2/access/authorize", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ACCOUNT),
  });
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}`);
  return { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
}

/** An edited copy of the list: every 100th station's address changed, the last 100 rows gone, 50 new stations. */
function editedList(text: string): string {
  const lines = text.trimEnd().split("\n");
  const [header, ...rows] = lines;
  const edited = rows.slice(0, -100).map((row, index) => (index % 100 === 0 ? row.replace(/;([^;]*);([^;]*)$/, ";$1 (mutat);$2") : row));
  const added = Array.from({ length: 50 }, (_, index) => `CLUJ;${5000 + index};Cluj-Napoca;Școala nouă nr. ${index + 1};Str. Nouă nr. ${index + 1};900`);
  return [header, ...edited, ...added].join("\n") + "\n";
}

/** One import over HTTP: its answer, its wall time and the server's peak resident memory above `idle`. */
async function timedImport(server: MeasuredServer, authorization: Record<string, string>, label: string, csv: string, dryRun: boolean, idle: number) {
  const form = new FormData();
  form.set("file", new File([csv], "sectii.csv", { type: "text/csv" }));
  let peak = server.rss();
  const sampler = setInterval(() => (peak = Math.max(peak, server.rss())), 20);
  const start = performance.now();
  const response = await fetch(`${server.url}/api/v1/polling-stations/import?dryRun=${dryRun}`, { method: "POST", headers: authorization, body: form });
  const body = (await response.json()) as { added?: number; changed?: number; retired?: number; unchanged?: number; detail?: string };
  const seconds = (performance.now() - start) / 1000;
  clearInterval(sampler);
  if (response.status !== 200) throw new Error(`${label}: ${response.status} ${body.detail ?? ""}`);
  const counts = `added ${body.added}, changed ${body.changed}, retired ${body.retired}, unchanged ${body.unchanged}`;
  console.log(`  ${label.padEnd(34)} ${seconds.toFixed(2).padStart(6)} s  peak +${((peak - idle) / MiB).toFixed(0)} MiB  (${counts})`);
  return seconds;
}

async function importOverHttp(databaseUrl: string): Promise<number> {
  const official = readFileSync(OFFICIAL_LIST, "utf8");
  const server = await startMeasuredServer(databaseUrl);
  try {
    const authorization = await signIn((path, init) => fetch(`${server.url}${path}`, init));
    const idle = server.rss();
    console.log(`  the file: ${official.trimEnd().split("\n").length - 1} stations, ${(Buffer.byteLength(official) / MiB).toFixed(2)} MiB; server idle at ${(idle / MiB).toFixed(0)} MiB`);
    await timedImport(server, authorization, "dry run on an empty registry", official, true, idle);
    const first = await timedImport(server, authorization, "import on an empty registry", official, false, idle);
    await timedImport(server, authorization, "the same file again", official, false, idle);
    await timedImport(server, authorization, "an edited file (dry run)", editedList(official), true, idle);
    await timedImport(server, authorization, "an edited file", editedList(official), false, idle);
    return first;
  } finally {
    await server.stop();
  }
}

async function listInProcess(databaseUrl: string): Promise<number> {
  const database = await openDatabase(databaseUrl);
  try {
    const app = createApp({
      db: database.db,
      engine: database.engine,
      files: createMemoryFileStore(),
      clock: () => new Date(),
      signInThrottle: createSignInThrottle(database.db),
      config: {
        version: "bench",
        token: { secret: new TextEncoder().encode("bench-secret-bench-secret-bench!"), issuer: "vote-monitor", audience: "vote-monitor-back-office", ttlSeconds: 3600 },
        passwordCost: PASSWORD_COST,
      },
    });
    const authorization = await signIn((path, init) => Promise.resolve(app.request(path, init)));
    const first = await app.request("/api/v1/polling-stations?pageSize=1", { headers: authorization });
    const etag = first.headers.get("etag") ?? "";
    let worst = 0;
    async function measure(label: string, path: string, headers: Record<string, string> = {}, expected = 200) {
      const times: number[] = [];
      for (let i = 0; i < SAMPLES + 10; i++) {
        const start = performance.now();
        const response = await app.request(path, { headers: { ...authorization, ...headers } });
        await response.arrayBuffer();
        if (response.status !== expected) throw new Error(`${path} answered ${response.status}`);
        if (i >= 10) times.push(performance.now() - start);
      }
      const p95 = percentile(times, 0.95);
      worst = Math.max(worst, p95);
      console.log(`  ${label.padEnd(34)} p50 ${percentile(times, 0.5).toFixed(1).padStart(5)} ms  p95 ${p95.toFixed(1).padStart(5)} ms`);
    }
    await measure("first page", "/api/v1/polling-stations?page=1&pageSize=50");
    await measure("a county (Bucharest), page 10", "/api/v1/polling-stations?county=B&page=10&pageSize=50");
    await measure("a number in every county", "/api/v1/polling-stations?number=120");
    await measure("search one word", "/api/v1/polling-stations?search=scoala");
    await measure("search two words, with diacritics", "/api/v1/polling-stations?search=%C8%98coala%20gimnazial%C4%83");
    await measure("retired only", "/api/v1/polling-stations?status=retired");
    await measure("page 380 of 50", "/api/v1/polling-stations?page=380&pageSize=50");
    await measure("unchanged (If-None-Match → 304)", "/api/v1/polling-stations?pageSize=5000", { "if-none-match": etag }, 304);
    await measure("counties with their counts", "/api/v1/polling-station");
    return worst;
  } finally {
    await database.close();
  }
}

/** A production start: the schema and its reference counties, and the organizer admin:create makes; no demo data. */
async function productionStart(databaseUrl: string) {
  const database = await openDatabase(databaseUrl);
  try {
    await migrate(database);
    const ngo = await insertNgo(database.db, { name: "Bench organizer", shortName: "BO", organizer: true, isActive: true }, "operator");
    await insertNgoAdmin(database.db, operatorScope(ngo.id), ACCOUNT.user, ACCOUNT.password, "operator", PASSWORD_COST);
  } finally {
    await database.close();
  }
}

console.log("PostgreSQL 15, a production start (no demo data)");
await withBenchDatabase(async (databaseUrl) => {
  await productionStart(databaseUrl);
  const importSeconds = await importOverHttp(databaseUrl);
  console.log("  in-process reads of the registry:");
  const worstP95 = await listInProcess(databaseUrl);
  console.log(`targets: 19,171 rows imported in <= 10 s (${importSeconds.toFixed(2)} s); every list p95 <= 50 ms (worst ${worstP95.toFixed(1)} ms)`);
});
