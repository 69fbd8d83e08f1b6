// The live triage room at election-day pace (issue 14, "Performance"), on a throwaway PostgreSQL 15 with the server
// in a process of its own:
// - observer commit → event on a staff stream: p95 over every (answer, stream) pair, with 50 open staff streams
//   and 20 answers/s sent through the API;
// - the same with 200 open streams, and the server's peak resident memory meanwhile.
// Prints the figures against the targets; a miss is marked, not failed: a bench reports.
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import type { components } from "../../../openapi/schema.d.ts";
import { openDatabase } from "../../../server/src/db/database.ts";
import { migrate } from "../../../server/src/db/migrate.ts";
import { seedDemoData } from "../../../server/src/demo/seed.ts";
import { createMemoryFileStore } from "../../../server/src/files/file-store.ts";
import type { LiveThreadEvent } from "../../../server/src/live/events.ts";
import { readSse } from "../../../server/src/live/sse-reader.ts";
import { startMeasuredServer, type MeasuredServer } from "../../support/server.ts";
import { percentile } from "../../support/latency.ts";
import { withBenchDatabase } from "../../support/throwaway-database.ts";

type Form = components["schemas"]["Form"];

const RATE = Number(process.env.RATE ?? 20);
const SECONDS = Number(process.env.SECONDS ?? 20);
const OBSERVERS = 40;
const PIN = "2468";
const MiB = 1024 * 1024;

interface Reporter {
  id: number;
  authorization: Record<string, string>;
  flagged: boolean;
  /** The previous answer's request: one at a time per observer, so its events arrive in the order sent. */
  busy: Promise<void>;
}

async function post(url: string, path: string, authorization: Record<string, string>, body: unknown): Promise<Response> {
  for (;;) {
    const response = await fetch(`${url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...authorization },
      body: JSON.stringify(body),
    });
    // Sign-ins are throttled while the server hashes PINs: wait as the app would.
    if (response.status !== 429) return response;
    await response.arrayBuffer();
    await sleep(Number(response.headers.get("retry-after") ?? 1) * 1000);
  }
}

async function json<T>(response: Response, expected: number): Promise<T> {
  if (response.status !== expected) throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

async function prepare(url: string) {
  const staff = await json<{ access_token: string }>(await post(url, "/api/v2/access/authorize", {}, { user: "0700000001", password: "demo1234" }), 200);
  const authorization = { authorization: `Bearer ${staff.access_token}` };
  const form = await json<Form>(
    await post(url, "/api/v1/form", authorization, {
      code: "LIVE",
      description: "Bench live",
      diaspora: false,
      draft: false,
      currentVersion: 1,
      formSections: [
        {
          code: "S1",
          description: "Deschidere",
          questions: [
            {
              code: "Q1",
              text: "Deschis la timp?",
              questionType: 1,
              optionsToQuestions: [
                { text: "Da", isFreeText: false, flagged: false },
                { text: "Nu", isFreeText: false, flagged: true },
              ],
            },
          ],
        },
      ],
    }),
    201,
  );
  const question = form.formSections[0].questions[0];
  const reporters: Reporter[] = [];
  for (let n = 0; n < OBSERVERS; n++) {
    const phone = `0799${String(n).padStart(6, "0")}`;
    const { id } = await json<{ id: number }>(await post(url, "/api/v1/observer", authorization, { name: `Bench ${n}`, phone, pin: PIN }), 201);
    const token = await json<{ access_token: string }>(await post(url, "/api/v2/access/observer", {}, { phone, pin: PIN }), 200);
    reporters.push({ id, authorization: { authorization: `Bearer ${token.access_token}` }, flagged: false, busy: Promise.resolve() });
  }
  const options = { yes: question.optionsToQuestions[0].idOption, no: question.optionsToQuestions[1].idOption };
  return { authorization, questionId: question.id, options, reporters };
}

type Prepared = Awaited<ReturnType<typeof prepare>>;

interface PhaseResult {
  p50: number;
  p95: number;
  max: number;
  missing: number;
  peakRss: number;
}

/** `streams` staff streams open while RATE answers/s arrive for SECONDS; latency from each answer's request. */
async function phase(server: MeasuredServer, prepared: Prepared, streams: number): Promise<PhaseResult> {
  const total = RATE * SECONDS;
  const sentAt = new Map<number, number[]>();
  const latencies: number[] = [];
  const abort = new AbortController();
  let received = 0;
  let allReceived = () => {};
  const done = new Promise<void>((resolve) => (allReceived = resolve));

  const readers = await Promise.all(
    Array.from({ length: streams }, async () => {
      const response = await fetch(`${server.url}/api/v1/live`, { headers: prepared.authorization, signal: abort.signal });
      if (response.status !== 200) throw new Error(`the stream answered ${response.status}`);
      return readSse(response);
    }),
  );
  const reading = readers.map(async (reader) => {
    const seen = new Map<number, number>();
    try {
      for (let event = await reader.next(60_000); event; event = await reader.next(60_000)) {
        if (event.event !== "thread") continue;
        const arrived = performance.now();
        const { idObserver } = JSON.parse(event.data) as LiveThreadEvent;
        const index = seen.get(idObserver) ?? 0;
        seen.set(idObserver, index + 1);
        const sent = sentAt.get(idObserver)?.[index];
        if (sent !== undefined) latencies.push(arrived - sent);
        if (++received === total * streams) allReceived();
      }
    } catch {
      // Aborted at the end of the phase.
    }
  });

  let peakRss = server.rss();
  const sampling = setInterval(() => (peakRss = Math.max(peakRss, server.rss())), 200);
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const wait = started + (i * 1000) / RATE - performance.now();
    if (wait > 0) await sleep(wait);
    const reporter = prepared.reporters[i % prepared.reporters.length];
    reporter.busy = reporter.busy.then(async () => {
      reporter.flagged = !reporter.flagged;
      const times = sentAt.get(reporter.id) ?? [];
      sentAt.set(reporter.id, times);
      times.push(performance.now());
      const answers = [{ questionId: prepared.questionId, countyCode: "AB", pollingStationNumber: 7, options: [{ optionId: reporter.flagged ? prepared.options.no : prepared.options.yes }] }];
      const response = await post(server.url, "/api/v1/answers", reporter.authorization, { answers });
      await response.arrayBuffer();
      if (response.status !== 204) throw new Error(`an answer was refused with ${response.status}`);
    });
  }
  await Promise.all(prepared.reporters.map((reporter) => reporter.busy));
  await Promise.race([done, sleep(10_000)]);
  clearInterval(sampling);
  peakRss = Math.max(peakRss, server.rss());
  abort.abort();
  await Promise.all(readers.map((reader) => reader.cancel()));
  await Promise.all(reading);
  return {
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    max: Math.max(...latencies),
    missing: total * streams - received,
    peakRss,
  };
}

console.log(`PostgreSQL 15, ${RATE} answers/s for ${SECONDS} s from ${OBSERVERS} observers`);
await withBenchDatabase(async (url) => {
  const database = await openDatabase(url);
  try {
    await migrate(database);
    await seedDemoData(database, createMemoryFileStore());
  } finally {
    await database.close();
  }
  const server = await startMeasuredServer(url);
  try {
    const prepared = await prepare(server.url);
    const rows: [string, string, string, boolean][] = [];
    for (const streams of [50, 200]) {
      const result = await phase(server, prepared, streams);
      const line = `${streams} streams`;
      rows.push([`${line}: commit → event p95`, `${result.p95.toFixed(0)} ms (p50 ${result.p50.toFixed(0)}, max ${result.max.toFixed(0)})`, "<= 2000 ms", result.p95 <= 2000]);
      rows.push([`${line}: events lost`, String(result.missing), "0", result.missing === 0]);
      rows.push([`${line}: server peak memory`, `${(result.peakRss / MiB).toFixed(0)} MiB`, streams === 200 ? "< 300 MiB" : "-", result.peakRss < 300 * MiB]);
    }
    for (const [figure, value, target, met] of rows) console.log(`  ${met ? " " : "✗"} ${figure.padEnd(40)} ${value.padEnd(36)} target ${target}`);
  } finally {
    await server.stop();
  }
});
