// Election day held for a while against one server instance (issue 15, "Election-day scale and proof"): staff
// sessions with a live stream each, browsing and triaging, beside observers reporting at their pace. It proves no
// errors, no lost answers, no lost live events and no memory growing, and prints latency over time.
//
//   npm run soak -- [--minutes 10] [--observers 2000] [--staff 200]
//
// The server runs in a process of its own (so its memory is its own) on a throwaway PostgreSQL 15 cluster, or on
// DATABASE_URL=postgres://… when given (the demo seed on an empty database, then the soak's NGOs, admins and
// observers). A warm-up minute comes first; memory "at start" is read at its end. Each line is one minute. The
// figures are reported, never failed on: the exit code is 0 and a miss is marked ✗.
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { freePort } from "../../tests/e2e/support/server-process.ts";
import { startMeasuredServer } from "../support/server.ts";
import { countBackAnswers } from "./count-back.ts";
import { seedSoak } from "./people.ts";
import { holdLiveStream } from "./live-stream.ts";
import { createRecorder } from "./recorder.ts";
import { signInObservers, type AnswerLedger } from "./observers.ts";
import { expectedAnswers, loadAverage, minuteReporter, printTotals, sampleMemory, type MinuteSample, type ScopedStream } from "./report.ts";
import { browse, signInStaff } from "./staff.ts";
import { withBenchDatabase } from "../support/throwaway-database.ts";
import { connectServerHeap } from "../support/server-heap.ts";
import { createStoppableSleep } from "../support/stoppable-sleep.ts";

const { values: options } = parseArgs({
  options: {
    minutes: { type: "string", default: "10" },
    observers: { type: "string", default: "2000" },
    staff: { type: "string", default: "200" },
  },
});
const MINUTES = positiveInteger("--minutes", options.minutes);
const OBSERVERS = positiveInteger("--observers", options.observers);
const STAFF = positiveInteger("--staff", options.staff);
const MINUTE_MS = 60_000;
/** After the load stops, how long the last answers' events may take to reach every stream. */
const DRAIN_MS = 30_000;

function positiveInteger(name: string, value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`${name} must be a positive integer, got ${value}`);
  return parsed;
}

async function drainLiveEvents(streams: ScopedStream[], ledger: AnswerLedger) {
  const deadline = performance.now() + DRAIN_MS;
  while (performance.now() < deadline && streams.some((stream) => stream.count.answers < expectedAnswers(stream, ledger))) await sleep(200);
}

async function soak(databaseUrl: string) {
  console.log(`Seeding: the demo data, ${OBSERVERS} observers and ${STAFF} staff accounts in 3 NGOs…`);
  const people = await seedSoak(databaseUrl, { observers: OBSERVERS, staff: STAFF });
  const inspectorPort = await freePort();
  const server = await startMeasuredServer(databaseUrl, { nodeArgs: [`--inspect=127.0.0.1:${inspectorPort}`] });
  const heap = await connectServerHeap(inspectorPort);
  try {
    const recorder = createRecorder();
    const streamsStop = new AbortController();
    const loadStop = new AbortController();
    console.log(`Signing in ${STAFF} staff and opening their live streams, then ${OBSERVERS} observers…`);
    const sessions = await signInStaff(server.url, people.staff, recorder);
    const streams = sessions.map(({ staff, token }) => ({ ...staff, ...holdLiveStream(server.url, token, recorder, streamsStop.signal) }));
    await Promise.all(streams.map((stream) => stream.connected));
    const crowd = await signInObservers(server.url, people.observers, recorder);

    const report = minuteReporter(recorder, server, heap);
    const started = performance.now();
    const playing = crowd.play(loadStop.signal);
    const staffSleep = createStoppableSleep(loadStop.signal);
    const browsing = Promise.all(sessions.map((session) => browse(server.url, session, recorder, staffSleep)));
    const samples: MinuteSample[] = [];
    for (let minute = 0; minute <= MINUTES; minute++) {
      await sleep(started + (minute + 1) * MINUTE_MS - performance.now());
      samples.push(await report(minute === 0 ? "warm-up" : `min ${minute}`));
    }
    loadStop.abort();
    await Promise.all([playing, browsing]);
    await drainLiveEvents(streams, crowd.ledger);
    streamsStop.abort();
    await Promise.all(streams.map((stream) => stream.closed));
    const idle = await sampleMemory(server, heap);
    const counted = await countBackAnswers(databaseUrl, crowd.ledger);
    printTotals({ minutes: MINUTES, recorder, tally: crowd.tally, ledger: crowd.ledger, streams, samples, idle, counted });
  } finally {
    heap.close();
    await server.stop();
  }
}

const given = process.env.DATABASE_URL;
if (given && !/^postgres(ql)?:\/\//.test(given)) throw new Error("The soak runs the server on PostgreSQL: DATABASE_URL must be postgres://… (or unset for a throwaway cluster).");
console.log(`Soak: ${MINUTES} min, ${STAFF} staff sessions, ${OBSERVERS} observers, on ${given ? "DATABASE_URL" : "a throwaway PostgreSQL 15 cluster"}; load average ${loadAverage()}`);
await (given ? soak(given) : withBenchDatabase(soak));
