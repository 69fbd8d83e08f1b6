// The soak's output: a line a minute, the server's memory samples, and the totals and verdict at the end.
import { availableParallelism, loadavg } from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { MeasuredServer } from "../support/server.ts";
import type { CountBack } from "./count-back.ts";
import type { LiveStreamCount } from "./live-stream.ts";
import { describeCounts, type Recorder } from "./recorder.ts";
import type { AnswerLedger } from "./observers.ts";
import type { Tally } from "../support/api.ts";
import { percentile } from "../support/latency.ts";
import type { ServerHeap } from "../support/server-heap.ts";

/** More live heap than at the start beyond this, under load or after it, is a miss until shown otherwise. */
const HEAP_GROWTH_LIMIT = 16 * 1024 * 1024;
/**
 * Observer writes come at their own pace whatever the answers take: a minute whose p95 is far above the best minute's
 * says the server fell behind then (requests queued up), even if it caught up later.
 */
const FELL_BEHIND = { factor: 4, floorMs: 2_000 };

const MiB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const signedMiB = (bytes: number) => `${bytes >= 0 ? "+" : "−"}${MiB(Math.abs(bytes))}`;
const mark = (ok: boolean) => (ok ? " " : "✗");
export const loadAverage = () => loadavg().map((load) => load.toFixed(2)).join(", ");

export interface Memory { rss: number; heap: number }
export interface MinuteSample {
  memory: Memory;
  observerWriteP95: number;
  /** The share of one core the server had this minute, and the machine's 1-minute load average at its end. */
  serverCpu: number;
  load: number;
}

/** The server's resident memory, and its live heap after a full collection (one short pause a minute). */
export async function sampleMemory(server: MeasuredServer, heap: ServerHeap): Promise<Memory> {
  return { heap: await heap.liveBytes(), rss: server.rss() };
}

/** One line a minute: the window's counts, the server's CPU and memory, and whether the load generator kept up. */
export function minuteReporter(recorder: Recorder, server: MeasuredServer, heap: ServerHeap) {
  const lag = monitorEventLoopDelay({ resolution: 20 });
  lag.enable();
  let cpu = process.cpuUsage();
  let serverCpu = server.cpuSeconds();
  let since = performance.now();
  return async (label: string): Promise<MinuteSample> => {
    const seconds = (performance.now() - since) / 1000;
    const share = (cpuSeconds: number) => `${((cpuSeconds / seconds) * 100).toFixed(0)}%`;
    const used = process.cpuUsage(cpu);
    const serverSeconds = server.cpuSeconds() - serverCpu;
    const window = recorder.takeWindow();
    const memory = await sampleMemory(server, heap);
    console.log(`${label.padEnd(8)} ${describeCounts(window)} · server ${share(serverSeconds)} of a core, RSS ${MiB(memory.rss)}, live heap ${MiB(memory.heap)} · ` +
      `load generator ${share((used.user + used.system) / 1e6)}, event-loop lag p99 ${(lag.percentile(99) / 1e6).toFixed(0)} ms · load average ${loadAverage()}`);
    lag.reset();
    cpu = process.cpuUsage();
    serverCpu = server.cpuSeconds();
    since = performance.now();
    return { memory, observerWriteP95: percentile(window.latencies["observer write"], 0.95), serverCpu: serverSeconds / seconds, load: loadavg()[0] };
  };
}

/** A staff stream and whom it speaks for: an organizer sees every NGO's events, an NGO admin its own NGO's. */
export interface ScopedStream { organizer: boolean; ngoId: number; count: LiveStreamCount }

/** The answers events a stream must have: every acknowledged batch of an observer in its scope. */
export const expectedAnswers = (stream: ScopedStream, ledger: AnswerLedger) =>
  stream.organizer ? [...ledger.eventsByNgo.values()].reduce((sum, count) => sum + count, 0) : (ledger.eventsByNgo.get(stream.ngoId) ?? 0);

function liveLine(streams: ScopedStream[], ledger: AnswerLedger, organizer: boolean) {
  const mine = streams.filter((stream) => stream.organizer === organizer);
  const sum = (of: (stream: ScopedStream, expected: number) => number) => mine.reduce((total, stream) => total + of(stream, expectedAnswers(stream, ledger)), 0);
  const expected = sum((_, wanted) => wanted);
  const missing = sum((stream, wanted) => Math.max(0, wanted - stream.count.answers));
  const extra = sum((stream, wanted) => Math.max(0, stream.count.answers - wanted));
  const reconnects = sum((stream) => stream.count.reconnects);
  const resets = sum((stream) => stream.count.resets);
  const who = organizer ? "organizer" : "NGO admin";
  return {
    ok: missing === 0 && resets === 0,
    text: `${mine.length} ${who} streams: ${expected - missing} of ${expected} answers events (${missing} missing, ${extra} unexpected, ${reconnects} reconnects, ${resets} resets)`,
  };
}

export interface SoakOutcome {
  minutes: number;
  recorder: Recorder;
  tally: Tally;
  ledger: AnswerLedger;
  streams: ScopedStream[];
  samples: MinuteSample[];
  idle: Memory;
  counted: CountBack;
}

export function printTotals({ minutes, recorder, tally, ledger, streams, samples, idle, counted }: SoakOutcome) {
  const total = recorder.total();
  const [start, end] = [samples[0].memory, samples.at(-1)!.memory];
  const measured = samples.slice(1);
  const best = Math.min(...measured.map((sample) => sample.observerWriteP95));
  const behind = measured.flatMap((sample, index) => (sample.observerWriteP95 > Math.max(FELL_BEHIND.floorMs, FELL_BEHIND.factor * best) ? [index + 1] : []));
  const fellBehind = behind.length > 0;
  const live = [liveLine(streams, ledger, true), liveLine(streams, ledger, false)];
  const [grown, retained] = [end.heap - start.heap, idle.heap - start.heap];
  console.log(`\nTotals (${minutes} min after the warm-up minute; load average now ${loadAverage()}):`);
  console.log(`  ${describeCounts(total)}`);
  console.log(`  observers: ${tally.arrivals} arrivals, ${tally.answers} answers (${tally.flagged} flagged), ${tally.notes} notes with ${tally.photos} photos, ${tally.departures} departures`);
  console.log(`${mark(total.errors === 0)} errors: ${total.errors}`);
  for (const [cause, count] of recorder.errorsByCause().slice(0, 10)) console.log(`      ${count} × ${cause}`);
  console.log(`${mark(!fellBehind)} pace: observer writes p95 ${best.toFixed(0)} ms in the best minute` +
    (fellBehind ? `; the server fell behind in minute${behind.length > 1 ? "s" : ""} ${behind.join(", ")}` : `, ${Math.max(...measured.map((sample) => sample.observerWriteP95)).toFixed(0)} ms in the worst`));
  const mean = (of: (sample: MinuteSample) => number) => measured.reduce((sum, sample) => sum + of(sample), 0) / measured.length;
  const cores = availableParallelism();
  if (fellBehind && mean((sample) => sample.load) > cores) {
    console.log(`      the machine was oversubscribed: load average ${mean((sample) => sample.load).toFixed(1)} on ${cores} cores, ` +
      `the server had ${(mean((sample) => sample.serverCpu) * 100).toFixed(0)}% of a core on average`);
  }
  console.log("  the calls that waited longest in total (calls, p50/p95, summed):");
  for (const route of recorder.busiestRoutes().slice(0, 8)) {
    console.log(`      ${route.name}: ${route.calls}, ${route.p50.toFixed(0)}/${route.p95.toFixed(0)} ms, ${route.seconds.toFixed(0)} s`);
  }
  console.log(`${mark(counted.lost === 0 && counted.stale === 0)} answers: ${ledger.acknowledgedOptions} acknowledged, ${counted.expected} of them current ` +
    `(a later answer to a question replaces the earlier one), ${counted.found} in the database: lost ${counted.lost}, stale ${counted.stale}`);
  for (const line of live) console.log(`${mark(line.ok)} live: ${line.text}`);
  console.log(`${mark(grown <= HEAP_GROWTH_LIMIT && retained <= HEAP_GROWTH_LIMIT)} memory: live heap ${MiB(start.heap)} after the warm-up, ` +
    `${MiB(end.heap)} at the end (${signedMiB(grown)}), ${MiB(idle.heap)} once the sessions ended (${signedMiB(retained)}); ` +
    `RSS ${MiB(start.rss)} → ${MiB(end.rss)}, ${MiB(idle.rss)} idle`);
  const misses = [
    total.errors > 0 && `${total.errors} errors`,
    fellBehind && "the server fell behind the observers' pace",
    counted.lost + counted.stale > 0 && `${counted.lost} lost and ${counted.stale} stale answers`,
    live.some((line) => !line.ok) && "live events missing",
    grown > HEAP_GROWTH_LIMIT && `live heap grew by ${MiB(grown)} under load`,
    retained > HEAP_GROWTH_LIMIT && `${MiB(retained)} of live heap kept after the sessions ended`,
  ].filter(Boolean);
  console.log(misses.length === 0 ? "Verdict: held — no errors, kept pace, no lost answers, no lost events, no memory growth." : `Verdict: ✗ MISSED — ${misses.join("; ")}.`);
}
