// Statistics and coverage at election-day scale (issue 12, "Performance"), on a throwaway PostgreSQL 15 with
// 2,000,000 answers from 20,000 observers across the 19,171 stations (the election-day dataset of seed:scale, written
// straight into the database), the server in a process of its own. Over HTTP, one request at a time, as an organizer
// and as an NGO admin:
// - every card: p50/p95/p99 of page 1 at size 5 (the card) and 20 (the full list), target p95 ≤ 100 ms;
// - the coverage board (target ≤ 300 ms) and the station lists behind its numbers;
// - the answers lists a card links to (county, urgent, form), which now also total their threads;
// - in Chromium at 1x CPU, /statistics in a new tab: its cards, their charts and the coverage board painted
//   (target: the cards ≤ 1 s after navigation), see browser-paint.ts.
// Prints the figures against the targets; a miss is marked, not failed: a bench reports.
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { build } from "vite";
import { openDatabase } from "../../../server/src/db/database.ts";
import { migrate } from "../../../server/src/db/migrate.ts";
import { startMeasuredServer } from "../../support/server.ts";
import { fillStatisticsDay, STAT_OBSERVERS } from "./dataset.ts";
import { benchStatisticsPage, type StatisticsPageTimes } from "./browser-paint.ts";
import { withBenchDatabase } from "../../support/throwaway-database.ts";
import { percentile } from "../../support/latency.ts";
import { STATISTICS_METHODS } from "../../support/read-catalogue.ts";

const SAMPLES = Number(process.env.SAMPLES ?? 100);
const WARM_UP = 5;
const PAGE_RUNS = Number(process.env.PAGE_RUNS ?? 5);

interface Row { figure: string; p50: number; p95: number; p99: number; target: number }
const rows: Row[] = [];

async function signIn(url: string, user: string): Promise<Record<string, string>> {
  const response = await fetch(`${url}/api/v2/access/authorize`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ user, password: "demo1234" }),
  });
  if (!response.ok) throw new Error(`sign-in as ${user} answered ${response.status}`);
  return { authorization: `Bearer ${((await response.json()) as { access_token: string }).access_token}` };
}

/** `SAMPLES` requests one after another (after a warm-up), each path built by `pathFor(i)`. */
async function measure(figure: string, target: number, url: string, headers: Record<string, string>, pathFor: (i: number) => string) {
  const times: number[] = [];
  for (let i = 0; i < SAMPLES + WARM_UP; i++) {
    const start = performance.now();
    const response = await fetch(`${url}${pathFor(i)}`, { headers });
    if (!response.ok) throw new Error(`${pathFor(i)} answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
    if (i >= WARM_UP) times.push(performance.now() - start);
  }
  rows.push({ figure, p50: percentile(times, 0.5), p95: percentile(times, 0.95), p99: percentile(times, 0.99), target });
}

// A build of its own: dist/ is rebuilt by the browser tests, maybe while this runs. BUILD=0 reuses the last one;
// SPA_DIR=<dir> measures another build (an older commit's, to compare).
const staticDir = process.env.SPA_DIR ?? join(tmpdir(), "bench-statistics-dist");
if (process.env.BUILD !== "0" && !process.env.SPA_DIR) await build({ logLevel: "warn", build: { outDir: staticDir, emptyOutDir: true } });
/** What Chromium measured on /statistics, once the database is filled. */
const measured: { page?: StatisticsPageTimes } = {};

console.log(`PostgreSQL 15: statistics and coverage at election-day scale (${STAT_OBSERVERS} observers)`);
await withBenchDatabase(async (databaseUrl) => {
  const database = await openDatabase(databaseUrl);
  let counties: string[];
  try {
    await migrate(database);
    const fillStart = performance.now();
    const answers = await fillStatisticsDay(database, console.log);
    console.log(`  ${answers} answers written in ${((performance.now() - fillStart) / 1000).toFixed(1)} s`);
    counties = (await database.db.selectFrom("county").select("code").orderBy("displayOrder").execute()).map((row) => row.code);
  } finally {
    await database.close();
  }
  const server = await startMeasuredServer(databaseUrl);
  try {
    const callers = [
      ["organizer", await signIn(server.url, "0700000001")],
      ["NGO admin", await signIn(server.url, "0700000002")],
    ] as const;
    const county = (i: number) => counties[i % counties.length];
    for (const [who, headers] of callers) {
      for (const method of STATISTICS_METHODS) {
        for (const size of [5, 20]) {
          await measure(`${method}, ${size}, ${who}`, 100, server.url, headers, () => `/api/v1/statistics/${method}?pageSize=${size}`);
        }
      }
      await measure(`coverage board, ${who}`, 300, server.url, headers, () => "/api/v1/coverage");
      for (const measureName of ["observed", "unobserved", "silent"]) {
        await measure(`coverage stations ${measureName}, ${who}`, 300, server.url, headers, (i) => `/api/v1/coverage/stations?county=${county(i)}&measure=${measureName}`);
      }
      await measure(`answers of a county, ${who}`, 50, server.url, headers, (i) => `/api/v1/answers?county=${county(i)}`);
      await measure(`urgents of a county, form A, ${who}`, 50, server.url, headers, (i) => `/api/v1/answers?county=${county(i)}&formCode=A&urgent=true`);
      await measure(`urgents, all, ${who}`, 50, server.url, headers, () => "/api/v1/answers?urgent=true");
    }
  } finally {
    await server.stop();
  }
  measured.page = await benchStatisticsPage(databaseUrl, staticDir, PAGE_RUNS);
});

const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(10);
console.log("");
console.log(`${"figure".padEnd(58)} ${"p50".padStart(10)} ${"p95".padStart(10)} ${"p99".padStart(10)}  target   result`);
for (const row of rows) {
  console.log(`${row.figure.padEnd(58)} ${ms(row.p50)} ${ms(row.p95)} ${ms(row.p99)}  ≤ ${String(row.target).padEnd(4)} ms ${row.p95 <= row.target ? "ok" : "MISSED"}`);
}

if (measured.page) {
  const { cards, charts, board, firstStatisticSent, lastStatisticAnswered, cardCount } = measured.page;
  const figures = [
    [`cards painted (${cardCount} cards, ranked rows)`, cards, 1000],
    ["  of which: first statistics GET sent at", firstStatisticSent, Infinity],
    ["  of which: last statistics GET answered at", lastStatisticAnswered, Infinity],
    ["cards with their bar charts drawn", charts, Infinity],
    // Below the cards, mostly below the fold: the figure is the cards; this one is for information.
    ["coverage board painted", board, Infinity],
  ] as const;
  console.log("");
  console.log(`/statistics in a new tab, Chromium headless, 1x CPU, 1280×800, ${PAGE_RUNS} runs: ms from navigation start`);
  console.log(`${"figure".padEnd(58)} ${"p50".padStart(10)} ${"p95".padStart(10)} ${"max".padStart(10)}  target`);
  for (const [figure, times, target] of figures) {
    const p95 = percentile([...times], 0.95);
    const verdict = target === Infinity ? "(for information)" : `≤ ${target} ms ${p95 <= target ? "ok" : "MISSED"}`;
    console.log(`${figure.padEnd(58)} ${ms(percentile([...times], 0.5))} ${ms(p95)} ${ms(Math.max(...times))}  ${verdict}`);
  }
  console.log(`cards painted, each run: ${cards.map((time) => time.toFixed(0)).join(", ")} ms`);
}
