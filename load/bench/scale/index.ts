// npm run bench:scale: the product on a national election day (issue 15, "Election-day scale and proof"), on the
// dataset of npm run seed:scale (written first, resumably, when it is not complete), the server in a process of its
// own on that PostgreSQL 15 (see load/support/scale-database.ts for which one):
// 1. every list and read endpoint, as an organizer and as an NGO admin: p50/p95/p99 of one request at a time
//    (targets: lists and reads p95 ≤ 50 ms, statistics cards and the coverage board ≤ 100 ms), in the current round
//    (the one a call without electionRoundId reads), then the same in the largest other round (an earlier archived
//    one of the same size), named by electionRoundId (ROUNDS=current skips it): each beside the other's answers;
// 2. the XLSX export of about 1,000,000 answers: time, and the server's memory while it streams (≤ 30 s, < 200 MiB
//    over the server's resident memory before it: an idle server already holds about 200 MiB);
// 3. ingestion: 2,000 observers submitting through the HTTP API as fast as they are acknowledged, counted back from
//    the database (≥ 2,000 answers/s, 0 errors, 0 lost), and meanwhile the live channel's delay from an answer's
//    commit to its event on an open staff stream (p95 ≤ 2 s).
// 4. the archive of the largest other round (exportElectionRound: its answers workbook, photos, forms, registry and
//    log in one zip): time, and the server's memory while it streams (< 200 MiB, the export's bound).
// Each part runs on a server started for it. Reads and the export run before ingestion, and the ingestion's observers
// are the run's own, deleted afterwards with everything they sent: the dataset's fingerprint is checked unchanged at
// the end, so that runs compare.
// Prints each figure beside its target and the 1-minute load average when it was taken; a miss is marked, not
// failed: a bench reports. SAMPLES (100), INGEST_OBSERVERS (2000), INGEST_SECONDS (30) tune it; PARTS=reads,export,archive,ingest
// (all four by default) runs some of them.
// The export and ingestion work on the current round.
import { loadavg } from "node:os";
import { sql } from "kysely";
import { openDatabase, type DatabaseHandle } from "../../../server/src/db/database.ts";
import { fingerprint } from "../../../server/src/demo/scale/fingerprint.ts";
import { isComplete } from "../../../server/src/demo/scale/progress.ts";
import { startMeasuredServer, type MeasuredServer } from "../../support/server.ts";
import { exportCutOff, measureDownload, measureExport } from "./xlsx-export.ts";
import { ingest, removeIngestObservers } from "./ingest.ts";
import { benchRounds, measureReads, readInputs, type BenchRound, type Caller, type ReadFigure } from "./read-endpoints.ts";
import { SCALE_PROFILE } from "../../../server/src/demo/scale/profile.ts";
import { seedScale } from "../../seed-scale.ts";
import { percentile } from "../../support/latency.ts";
import { openScaleDatabase } from "../../support/scale-database.ts";

const SAMPLES = Number(process.env.SAMPLES ?? 100);
const INGEST_OBSERVERS = Number(process.env.INGEST_OBSERVERS ?? 2_000);
const INGEST_SECONDS = Number(process.env.INGEST_SECONDS ?? 30);
const EXPORT_ANSWERS = 1_000_000;
const PARTS = new Set((process.env.PARTS ?? "reads,export,archive,ingest").split(","));
/** Which rounds the reads measure: the current one, and the others by electionRoundId. */
const ROUNDS = new Set((process.env.ROUNDS ?? "current,other").split(","));
const MiB = 1024 * 1024;
const STAFF = [
  { name: "organizer", user: "0700000001" },
  { name: "NGO admin", user: "0700000002" },
] as const;

interface Row { figure: string; value: string; target: string; met: boolean; load: number }
const reads: (ReadFigure & { load: number })[] = [];
const others: Row[] = [];
const load = () => loadavg()[0];

async function signIn(url: string, database: DatabaseHandle, name: string, user: string): Promise<Caller & { token: string }> {
  const response = await fetch(`${url}/api/v2/access/authorize`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ user, password: "demo1234" }),
  });
  if (!response.ok) throw new Error(`sign-in as ${user} answered ${response.status}`);
  const token = ((await response.json()) as { access_token: string }).access_token;
  const admin = await database.db.selectFrom("ngoAdmin").innerJoin("ngo", "ngo.id", "ngoAdmin.ngoId").select(["ngo.id", "ngo.organizer"]).where("account", "=", user).executeTakeFirstOrThrow();
  return { name, token, headers: { authorization: `Bearer ${token}` }, ngoId: admin.id, organizer: admin.organizer };
}

/** Each part on a server started for it, so that no part's figures (memory above all) carry another's. */
async function withServer(url: string, database: DatabaseHandle, run: (server: MeasuredServer, callers: (Caller & { token: string })[]) => Promise<void>) {
  const server = await startMeasuredServer(url);
  try {
    const callers = [];
    for (const { name, user } of STAFF) callers.push(await signIn(server.url, database, name, user));
    await run(server, callers);
  } finally {
    await server.stop();
  }
}

/** The current round and the largest other one (the demo seed's own archived round is small). */
async function benchReads(server: MeasuredServer, database: DatabaseHandle, callers: Caller[], rounds: BenchRound[]) {
  const [current, ...others] = rounds;
  const largestOther = others.sort((a, b) => b.answers - a.answers).slice(0, 1);
  for (const round of [current, ...largestOther]) {
    if (!ROUNDS.has(round.current ? "current" : "other")) continue;
    for (const caller of callers) {
      const inputs = await readInputs(database, caller, round);
      console.log(`  reads as ${caller.name} in round ${round.id} (${round.current ? "current, not named" : `${round.status}, ?electionRoundId=${round.id}`})…`);
      for (const figure of await measureReads(server.url, caller, inputs, SAMPLES)) reads.push({ ...figure, load: load() });
    }
  }
}

async function benchExport(server: MeasuredServer, database: DatabaseHandle, organizer: Caller, current: BenchRound) {
  const cutOff = await exportCutOff(database, current.id, EXPORT_ANSWERS);
  console.log(`  export of ${cutOff.answers} answers (to=${cutOff.to}, ${cutOff.threads} threads)…`);
  const exported = await measureExport(server, organizer.headers, cutOff);
  const growth = (exported.rssPeak - exported.rssBefore) / MiB;
  const exportLoad = load();
  console.log(`    ${(exported.bytes / MiB).toFixed(1)} MiB of XLSX; server RSS ${(exported.rssBefore / MiB).toFixed(0)} MiB before, peak ${(exported.rssPeak / MiB).toFixed(0)} MiB`);
  others.push({ figure: `export of ${exported.answers} answers, time`, value: `${exported.seconds.toFixed(1)} s`, target: "≤ 30 s", met: exported.seconds <= 30, load: exportLoad });
  others.push({ figure: "export, server memory (peak RSS − RSS before)", value: `${growth.toFixed(0)} MiB`, target: "< 200 MiB", met: growth < 200, load: exportLoad });
  others.push({ figure: "export, server peak RSS", value: `${(exported.rssPeak / MiB).toFixed(0)} MiB`, target: "-", met: true, load: exportLoad });
}

/** The archive of the largest other round (exportElectionRound): every answer, note, photo and form of it, in one zip. */
async function benchArchive(server: MeasuredServer, organizer: Caller, round: BenchRound) {
  console.log(`  archive of round ${round.id} (${round.answers} answers)…`);
  const archived = await measureDownload(server, organizer.headers, `/api/v1/election-rounds/${round.id}/export`);
  const growth = (archived.rssPeak - archived.rssBefore) / MiB;
  const archiveLoad = load();
  console.log(`    ${(archived.bytes / MiB).toFixed(1)} MiB of zip in ${archived.seconds.toFixed(1)} s; server RSS ${(archived.rssBefore / MiB).toFixed(0)} MiB before, peak ${(archived.rssPeak / MiB).toFixed(0)} MiB`);
  others.push({ figure: `archive of a round of ${round.answers} answers, time`, value: `${archived.seconds.toFixed(1)} s`, target: "-", met: true, load: archiveLoad });
  others.push({ figure: "archive, server memory (peak RSS − RSS before)", value: `${growth.toFixed(0)} MiB`, target: "< 200 MiB", met: growth < 200, load: archiveLoad });
}

async function benchIngestion(server: MeasuredServer, database: DatabaseHandle, organizer: Caller & { token: string }) {
  console.log(`  ingestion: ${INGEST_OBSERVERS} observers for ${INGEST_SECONDS} s…`);
  const result = await ingest(server.url, database, organizer.token, INGEST_OBSERVERS, INGEST_SECONDS);
  const ingestLoad = load();
  const perSecond = result.acknowledged / result.seconds;
  const lost = result.acknowledged - result.counted;
  for (const [kind, count] of result.failureKinds) console.log(`    ${count} × ${kind}`);
  console.log(`    ${result.acknowledged} answers acknowledged in ${result.batches} batches (p95 ${result.batchP95.toFixed(0)} ms), ${result.counted} counted back, ${result.failures} errors; ${result.delays.length} events read, ${result.eventsMissing} missing`);
  const delayP95 = percentile(result.delays, 0.95);
  others.push({ figure: `ingestion, ${result.observers} observers`, value: `${perSecond.toFixed(0)} answers/s`, target: "≥ 2,000 answers/s", met: perSecond >= 2000, load: ingestLoad });
  others.push({ figure: "ingestion, errors", value: String(result.failures), target: "0", met: result.failures === 0, load: ingestLoad });
  others.push({ figure: "ingestion, lost (acknowledged − counted back)", value: String(lost), target: "0", met: lost === 0, load: ingestLoad });
  others.push({ figure: `live ${result.delaySource}, p50`, value: `${percentile(result.delays, 0.5).toFixed(0)} ms`, target: "-", met: true, load: ingestLoad });
  others.push({ figure: `live ${result.delaySource}, p95`, value: `${delayP95.toFixed(0)} ms`, target: "≤ 2,000 ms", met: delayP95 <= 2000, load: ingestLoad });
  others.push({ figure: "live events missing", value: String(result.eventsMissing), target: "0", met: result.eventsMissing === 0, load: ingestLoad });
}

const started = performance.now();
const target = await openScaleDatabase();
console.log(`bench:scale on ${target.description}, load average ${loadavg().map((value) => value.toFixed(2)).join(" ")}`);
try {
  const database = await openDatabase(target.url);
  try {
    if (!(await isComplete(database.db, SCALE_PROFILE))) {
      console.log("The dataset is not complete: seed:scale first.");
      await seedScale(target);
    }
    // A run killed during ingestion left its observers behind.
    await removeIngestObservers(database);
    const printed = await fingerprint(database.db);
    const before = printed.digest;
    const rounds = await benchRounds(database);
    const { rows } = await sql<{ answers: number }>`SELECT count(*)::int AS answers FROM answer`.execute(database.db);
    console.log(`  ${rows[0].answers} answers, fingerprint ${before}`);
    for (const round of rounds) {
      const digest = printed.rounds.find((entry) => entry.round === round.name)?.digest ?? "-";
      console.log(`  round ${round.id} ${round.name} (${round.status}, ${round.day}): ${round.answers} answers, fingerprint ${digest}${round.current ? "  ← current (no electionRoundId)" : ""}`);
    }
    const current = rounds[0];
    if (PARTS.has("reads")) await withServer(target.url, database, (server, callers) => benchReads(server, database, callers, rounds));
    if (PARTS.has("export")) await withServer(target.url, database, (server, [organizer]) => benchExport(server, database, organizer, current));
    const [largestOther] = rounds.filter((round) => !round.current).sort((a, b) => b.answers - a.answers);
    if (PARTS.has("archive") && largestOther) await withServer(target.url, database, (server, [organizer]) => benchArchive(server, organizer, largestOther));
    if (PARTS.has("ingest")) {
      await withServer(target.url, database, (server, [organizer]) => benchIngestion(server, database, organizer));
      const removed = await removeIngestObservers(database);
      const after = (await fingerprint(database.db)).digest;
      console.log(`  the run's ${removed} answers removed; fingerprint ${after} ${after === before ? "(unchanged)" : "CHANGED"}`);
    }
  } finally {
    await database.close();
  }
} finally {
  target.stop();
}

const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(10);
console.log("");
console.log(`${"figure".padEnd(62)} ${"p50".padStart(10)} ${"p95".padStart(10)} ${"p99".padStart(10)}  target      result  load`);
for (const row of reads) {
  console.log(`${row.figure.padEnd(62)} ${ms(row.p50)} ${ms(row.p95)} ${ms(row.p99)}  ≤ ${String(row.target).padEnd(4)} ms  ${(row.p95 <= row.target ? "ok" : "MISSED").padEnd(6)}  ${row.load.toFixed(2)}`);
}
console.log("");
console.log(`${"figure".padEnd(62)} ${"measured".padStart(16)}  ${"target".padEnd(18)} result  load`);
for (const row of others) console.log(`${row.figure.padEnd(62)} ${row.value.padStart(16)}  ${row.target.padEnd(18)} ${(row.met ? "ok" : "MISSED").padEnd(6)}  ${row.load.toFixed(2)}`);
console.log(`\nTotal ${((performance.now() - started) / 1000).toFixed(0)} s`);
