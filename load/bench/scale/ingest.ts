import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import type { components } from "../../../openapi/schema.d.ts";
import { hashSecret, PIN_COST } from "../../../server/src/auth/password.ts";
import type { DatabaseHandle } from "../../../server/src/db/database.ts";
import { percentile } from "../../support/latency.ts";

/*
 * Ingestion on election-day scale: `observers` observers of their own (phones 0759…, created for the run and deleted
 * after it with everything they sent, so that the dataset the read figures measure stays as seed:scale wrote it),
 * each sending one form's answers at a time through the HTTP API, as fast as the server acknowledges them, at a new
 * (station, form) each time, so that every acknowledged answer is a row of its own that the database can count back.
 * Meanwhile one staff stream reads the live channel in a process of its own (live-reader.ts): the delay
 * from each answer batch's commit (pg_xact_commit_timestamp of its live event) to the event on the stream.
 */

type Form = components["schemas"]["Form"];
type County = components["schemas"]["County"];
type AnswerInput = components["schemas"]["AnswerInput"];

const PHONE_PREFIX = "0759";
const PIN = "2468";
/** One answer in this many on a flagged option, about the dataset's share. */
const FLAG_EVERY = 33;
const phoneOf = (n: number) => `${PHONE_PREFIX}${String(n).padStart(6, "0")}`;

/** Removes every trace of the run's observers: answers (the triggers fix threads, tallies), events, the observers. */
export async function removeIngestObservers(database: DatabaseHandle): Promise<number> {
  return database.db.connection().execute(async (db) => {
    await sql`SET statement_timeout = 0`.execute(db);
    const ours = sql`(SELECT id FROM observer WHERE phone LIKE ${`${PHONE_PREFIX}%`})`;
    const { numAffectedRows } = await sql`DELETE FROM answer WHERE observer_id IN ${ours}`.execute(db);
    await sql`DELETE FROM live_event WHERE observer_id IN ${ours}`.execute(db);
    await sql`DELETE FROM polling_station_info WHERE observer_id IN ${ours}`.execute(db);
    // Deleting an observer checks that no notification names it, and nothing indexes recipients by observer (the
    // product never deletes observers, it marks them deleted): 2,000 scans of 500,000 recipients without this index,
    // made and dropped in the deleting transaction.
    await db.transaction().execute(async (trx) => {
      await sql`CREATE INDEX bench_recipient_observer_idx ON notification_recipient (observer_id)`.execute(trx);
      await sql`DELETE FROM observer WHERE phone LIKE ${`${PHONE_PREFIX}%`}`.execute(trx);
      await sql`DROP INDEX bench_recipient_observer_idx`.execute(trx);
    });
    // What the deletes left behind would otherwise cost the next run's reads (index-only scans, plans).
    await sql`VACUUM ANALYZE answer, answer_thread, answer_tally, observer, observer_activity, live_event`.execute(db);
    return Number(numAffectedRows ?? 0);
  });
}

/** The run's observers, spread over the active NGOs, all with one PIN; answers their ids. */
export async function createIngestObservers(database: DatabaseHandle, count: number): Promise<Set<number>> {
  const pinHash = await hashSecret(PIN, PIN_COST);
  const { rows } = await sql<{ id: number }>`
    INSERT INTO observer (ngo_id, phone, name, pin_hash)
    SELECT (SELECT array_agg(id ORDER BY id) FROM ngo WHERE is_active)[1 + n % (SELECT count(*) FROM ngo WHERE is_active)::int],
           ${PHONE_PREFIX} || lpad(n::text, 6, '0'), 'Observator de încărcare ' || n, ${pinHash}
    FROM generate_series(1, ${count}::int) n
    RETURNING id`.execute(database.db);
  return new Set(rows.map((row) => row.id));
}

async function post(url: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  for (;;) {
    const response = await fetch(`${url}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
    // Sign-ins wait behind PIN hashing when many arrive at once: wait as the app would.
    if (response.status !== 429) return response;
    await response.arrayBuffer();
    await sleep(Number(response.headers.get("retry-after") ?? 1) * 1000);
  }
}

async function signInAll(url: string, count: number): Promise<Record<string, string>[]> {
  const tokens: Record<string, string>[] = [];
  let next = 0;
  const worker = async () => {
    for (let n = next++; n < count; n = next++) {
      const response = await post(url, "/api/v2/access/observer", { phone: phoneOf(n + 1), pin: PIN });
      if (response.status !== 200) throw new Error(`observer sign-in answered ${response.status}`);
      tokens[n] = { authorization: `Bearer ${((await response.json()) as { access_token: string }).access_token}` };
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return tokens;
}

async function getJson<T>(url: string, headers: Record<string, string>): Promise<T> {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/** Observer n's round r: form r % forms at its county's station r / forms, one option per question. */
function batch(forms: Form[], county: County, n: number, round: number): AnswerInput[] {
  const form = forms[round % forms.length];
  const pollingStationNumber = 1 + ((n * 37 + Math.floor(round / forms.length)) % county.limit);
  return form.formSections.flatMap((section) =>
    section.questions.map((question, index) => {
      const flagged = question.optionsToQuestions.filter((option) => option.flagged);
      const regular = question.optionsToQuestions.filter((option) => !option.flagged && !option.isFreeText);
      const wantsFlag = flagged.length > 0 && (n * 31 + round * 7 + index) % FLAG_EVERY === 0;
      const option = wantsFlag ? flagged[(n + round) % flagged.length] : regular[(n + index) % regular.length];
      return { questionId: question.id, countyCode: county.code, pollingStationNumber, options: [{ optionId: option.idOption, value: option.isFreeText ? "Notă" : null }] };
    }),
  );
}

export interface IngestResult {
  observers: number;
  seconds: number;
  acknowledged: number;
  batches: number;
  failures: number;
  batchP95: number;
  /** Answers of the run's observers in the database afterwards. */
  counted: number;
  /** Commit → event on the staff stream, ms. */
  delays: number[];
  /** Batches acknowledged whose event never reached the stream. */
  eventsMissing: number;
  /** What the failures were, with their counts. */
  failureKinds: Map<string, number>;
  delaySource: string;
}

export async function ingest(url: string, database: DatabaseHandle, staffToken: string, observers: number, seconds: number): Promise<IngestResult> {
  const ids = await createIngestObservers(database, observers);
  const tokens = await signInAll(url, observers);
  const counties = (await getJson<County[]>(`${url}/api/v1/polling-station?diaspora=false`, tokens[0])).filter((county) => !county.diaspora && county.limit > 0);
  const list = await getJson<{ formVersions: { id: number; diaspora: boolean }[] }>(`${url}/api/v1/form?draft=false&diaspora=false`, tokens[0]);
  const forms = await Promise.all(list.formVersions.filter((form) => !form.diaspora).map((form) => getJson<Form>(`${url}/api/v1/form/${form.id}`, tokens[0])));

  const reader = await startLiveReader(url, staffToken);
  const times: number[] = [];
  let acknowledged = 0;
  let failures = 0;
  const failureKinds = new Map<string, number>();
  const failed = (kind: string) => {
    failures++;
    failureKinds.set(kind, (failureKinds.get(kind) ?? 0) + 1);
  };
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    tokens.map(async (authorization, n) => {
      const county = counties[n % counties.length];
      for (let round = 0; performance.now() < deadline; round++) {
        const answers = batch(forms, county, n, round);
        const sent = performance.now();
        try {
          const response = await post(url, "/api/v1/answers", { answers }, authorization);
          const body = await response.text();
          if (response.status !== 204) failed(`${response.status} ${body.slice(0, 120)}`);
          else {
            acknowledged += answers.length;
            times.push(performance.now() - sent);
          }
        } catch (error) {
          failed(String((error as Error).cause ?? error));
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await sleep(3_000);
  const events = (await reader.stop()).filter((event) => ids.has(event.observerId));

  const { rows } = await sql<{ count: number }>`
    SELECT count(*)::int AS count FROM answer WHERE observer_id IN (SELECT id FROM observer WHERE phone LIKE ${`${PHONE_PREFIX}%`})`.execute(database.db);
  const { delays, source } = await commitToEvent(database, events);
  return {
    observers,
    seconds: elapsed,
    acknowledged,
    batches: times.length,
    failures,
    failureKinds,
    batchP95: percentile(times, 0.95),
    counted: rows[0].count,
    delays,
    eventsMissing: times.length - events.length,
    delaySource: source,
  };
}

interface SeenEvent { id: number; observerId: number; arrived: number }

async function startLiveReader(url: string, token: string): Promise<{ stop(): Promise<SeenEvent[]> }> {
  const child = spawn(process.execPath, ["--import", "tsx", "load/bench/scale/live-reader.ts", url, token], { stdio: ["ignore", "pipe", "inherit"] });
  const events: SeenEvent[] = [];
  let ready!: () => void;
  const opened = new Promise<void>((resolve) => (ready = resolve));
  createInterface({ input: child.stdout }).on("line", (line) => {
    if (line === "ready") return ready();
    const [id, observerId, arrived] = line.split(" ").map(Number);
    events.push({ id: id, observerId: observerId, arrived: arrived });
  });
  await opened;
  return {
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      return events;
    },
  };
}

/**
 * Each event's delay from its transaction's commit, which PostgreSQL records with track_commit_timestamp (the kept
 * cluster has it on); without it, from the request's start, which the event carries (an upper bound).
 */
async function commitToEvent(database: DatabaseHandle, events: SeenEvent[]): Promise<{ delays: number[]; source: string }> {
  const { rows: setting } = await sql<{ on: boolean }>`SELECT current_setting('track_commit_timestamp') = 'on' AS on`.execute(database.db);
  const commitTimes = setting[0].on
    ? sql<{ id: number; at: number }>`
        SELECT id, extract(epoch FROM pg_xact_commit_timestamp(xmin)) * 1000 AS at FROM live_event WHERE id = ANY(${events.map((event) => event.id)}::bigint[])`
    : sql<{ id: number; at: number }>`
        SELECT id, extract(epoch FROM at) * 1000 AS at FROM live_event WHERE id = ANY(${events.map((event) => event.id)}::bigint[])`;
  const { rows } = await commitTimes.execute(database.db);
  const committed = new Map(rows.map((row) => [Number(row.id), Number(row.at)]));
  return {
    delays: events.filter((event) => committed.has(event.id)).map((event) => event.arrived - committed.get(event.id)!),
    source: setting[0].on ? "commit → event" : "request → event (track_commit_timestamp off: an upper bound)",
  };
}
