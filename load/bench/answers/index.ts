// Answers and urgents at election-day scale (issue 11, "Performance"), on a throwaway PostgreSQL 15 with about
// 230,000 answers from 5,000 observers (the election-day dataset of seed:scale at that size, written straight into
// the database), the server in a process of its own:
// - threads list p95 over HTTP (first page, urgent, each filter), one request at a time;
// - details p95: listFilledInAnswers, listNotes and getPollingStationInfo sent together, as the details screen does;
// - the export of every thread: time to the last byte and the server's resident memory growth while it streams;
// - submitAnswers throughput with 50 observers sending one form's answers at a time.
// Prints the figures against the targets; a miss is marked, not failed: a bench reports.
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import { openDatabase } from "../../../server/src/db/database.ts";
import { migrate } from "../../../server/src/db/migrate.ts";
import { ELECTION_DAY } from "../../../server/src/demo/content/calendar.ts";
import { BENCH_OBSERVERS, fillElectionDay } from "./dataset.ts";
import { startMeasuredServer, type MeasuredServer } from "../../support/server.ts";
import { submitThroughput } from "./submit-throughput.ts";
import { percentile } from "../../support/latency.ts";
import { withBenchDatabase } from "../../support/throwaway-database.ts";

const SAMPLES = Number(process.env.SAMPLES ?? 200);
const WARM_UP = 10;
const SUBMIT_SECONDS = Number(process.env.SECONDS ?? 15);
const SUBMITTERS = 50;
const MiB = 1024 * 1024;

interface Row { figure: string; value: string; target: string; met: boolean }
const rows: Row[] = [];
const report = (figure: string, value: number, unit: string, target: string, met: boolean) =>
  rows.push({ figure, value: `${value.toFixed(unit === "answers/s" ? 0 : 1)} ${unit}`, target, met });

async function signIn(url: string): Promise<Record<string, string>> {
  const response = await fetch(`${url}/api/v2/access/authorize`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ user: "0700000001", password: "demo1234" }),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
  return { authorization: `Bearer ${((await response.json()) as { access_token: string }).access_token}` };
}

/** p95 of `SAMPLES` requests sent one after another, each built by `pathFor(i)` (so that filters vary). */
async function timeSequential(send: (i: number) => Promise<void>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < SAMPLES + WARM_UP; i++) {
    const start = performance.now();
    await send(i);
    if (i >= WARM_UP) times.push(performance.now() - start);
  }
  return percentile(times, 0.95);
}

async function get(url: string, authorization: Record<string, string>, path: string): Promise<unknown> {
  const response = await fetch(`${url}${path}`, { headers: authorization });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return response.status === 204 ? undefined : response.json();
}

async function benchList(server: MeasuredServer, authorization: Record<string, string>, counties: string[]) {
  // Two busy hours of the dataset's election day (08:00–10:00 UTC), and the three before its last answers.
  const hourAgo = new Date(ELECTION_DAY + 10 * 3_600_000).toISOString();
  const threeHoursAgo = new Date(ELECTION_DAY + 8 * 3_600_000).toISOString();
  const cases: [string, (i: number) => string][] = [
    ["first page", () => ""],
    ["urgent", () => "&urgent=true"],
    ["county", (i) => `&county=${counties[i % counties.length]}`],
    ["county, urgent", (i) => `&county=${counties[i % counties.length]}&urgent=true`],
    ["station number", (i) => `&pollingStationNumber=${1 + (i % 200)}`],
    ["observer phone", (i) => `&observerPhoneNumber=07210${String(i % 50).padStart(2, "0")}`],
    ["from/to", () => `&from=${threeHoursAgo}&to=${hourAgo}`],
    ["all filters, urgent", (i) => `&county=${counties[i % counties.length]}&pollingStationNumber=${1 + (i % 50)}&observerPhoneNumber=0721&from=${threeHoursAgo}&urgent=true`],
    ["page 100", () => "&page=100"],
  ];
  for (const [name, query] of cases) {
    const p95 = await timeSequential((i) => get(server.url, authorization, `/api/v1/answers?pageSize=10${query(i)}`).then(() => undefined));
    report(`threads list p95, ${name}`, p95, "ms", "≤ 50 ms", p95 <= 50);
  }
}

async function benchDetails(server: MeasuredServer, authorization: Record<string, string>, threads: { observerId: number; pollingStationId: number }[]) {
  const p95 = await timeSequential(async (i) => {
    const { observerId, pollingStationId } = threads[i % threads.length];
    await Promise.all([
      get(server.url, authorization, `/api/v1/answers/filledIn?idObserver=${observerId}&idPollingStation=${pollingStationId}`),
      get(server.url, authorization, `/api/v2/note?idObserver=${observerId}&idPollingStation=${pollingStationId}`),
      get(server.url, authorization, `/api/v1/answers/pollingStationInfo?ObserverId=${observerId}&PollingStationId=${pollingStationId}`),
    ]);
  });
  report("details p95 (answers + notes + station)", p95, "ms", "≤ 100 ms", p95 <= 100);
}

/** The whole export read as it streams, its time and the server's peak RSS (sampled every 20 ms) over `before`. */
async function timeExport(server: MeasuredServer, authorization: Record<string, string>, before: number) {
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, server.rss())), 20);
  const start = performance.now();
  const response = await fetch(`${server.url}/api/v1/export/all`, { headers: authorization });
  if (!response.ok) throw new Error(`export answered ${response.status}`);
  let bytes = 0;
  for await (const chunk of response.body!) bytes += (chunk as Uint8Array).length;
  const seconds = (performance.now() - start) / 1000;
  clearInterval(sampler);
  return { seconds, bytes, peak: Math.max(peak, server.rss()) };
}

/**
 * The export of every thread, twice: the first run's growth is the target's figure; the second run, started from
 * the first one's baseline, tells whether memory keeps growing or the first run's level is reused.
 */
async function benchExport(server: MeasuredServer, authorization: Record<string, string>, answers: number) {
  await sleep(1000);
  const before = server.rss();
  const first = await timeExport(server, authorization, before);
  await sleep(2000);
  const settled = server.rss();
  const second = await timeExport(server, authorization, before);
  const mib = (bytes: number) => `${(bytes / MiB).toFixed(0)} MiB`;
  console.log(`  export: ${answers} answers, ${(first.bytes / MiB).toFixed(1)} MiB of XLSX; server RSS ${mib(before)} before, peak ${mib(first.peak)},` +
    ` ${mib(settled)} 2 s after; a second export took ${second.seconds.toFixed(1)} s, peak ${mib(second.peak)}`);
  const growth = (first.peak - before) / MiB;
  report(`export of ${answers} answers, time`, first.seconds, "s", "≤ 10 s", first.seconds <= 10);
  report("export, server memory growth", growth, "MiB", "< 100 MiB", growth < 100);
}

console.log("PostgreSQL 15: answers and urgents at election-day scale");
await withBenchDatabase(async (databaseUrl) => {
  const database = await openDatabase(databaseUrl);
  let answers: number, threads: { observerId: number; pollingStationId: number }[], counties: string[];
  try {
    await migrate(database);
    const fillStart = performance.now();
    answers = await fillElectionDay(database);
    console.log(`  ${answers} answers from ${BENCH_OBSERVERS} observers (the demo's 200 among them) written in ${((performance.now() - fillStart) / 1000).toFixed(1)} s`);
    threads = await database.db.selectFrom("answerThread").select(["observerId", "pollingStationId"]).orderBy(sql`random()`).limit(500).execute();
    counties = (await database.db.selectFrom("county").select("code").where("diaspora", "=", false).execute()).map((row) => row.code);
  } finally {
    await database.close();
  }
  const server = await startMeasuredServer(databaseUrl);
  try {
    const authorization = await signIn(server.url);
    await benchList(server, authorization, counties);
    await benchDetails(server, authorization, threads);
    await benchExport(server, authorization, answers);
    const submitted = await submitThroughput(server.url, SUBMITTERS, SUBMIT_SECONDS);
    console.log(`  submitAnswers: ${submitted.answers} answers in ${submitted.batches} batches of about ${submitted.batchSize} (${submitted.failures} failed), batch p95 ${submitted.p95.toFixed(0)} ms`);
    report(`submitAnswers, ${SUBMITTERS} observers`, submitted.perSecond, "answers/s", "≥ 1,000 answers/s", submitted.perSecond >= 1000);
  } finally {
    await server.stop();
  }
});

console.log("");
console.log(`${"figure".padEnd(48)} ${"measured".padStart(16)}  ${"target".padEnd(18)} result`);
for (const row of rows) console.log(`${row.figure.padEnd(48)} ${row.value.padStart(16)}  ${row.target.padEnd(18)} ${row.met ? "ok" : "MISSED"}`);
