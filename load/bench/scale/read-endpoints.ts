import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import type { DatabaseHandle } from "../../../server/src/db/database.ts";
import { percentile } from "../../support/latency.ts";
import { COVERAGE_MEASURES, STATISTICS_METHODS } from "../../support/read-catalogue.ts";

/*
 * Every list and read endpoint of the back-office on the election-day dataset, as one caller: the requests a screen
 * sends, their parameters varied per request over real counties, threads, notes and notifications of the caller's
 * scope in one election round, one request at a time (the latency of one request, not of a queue). The current round
 * is read as the screens read it, without naming it; another round names itself (`electionRoundId`) on the
 * operations that work on one round, and skips the others (observers, NGOs), which are the same in every round.
 */

export const LIST_TARGET_MS = 50;
export const CARD_TARGET_MS = 100;

export interface ReadFigure { figure: string; p50: number; p95: number; p99: number; target: number }

export interface Caller {
  name: string;
  headers: Record<string, string>;
  /** The caller's NGO id, and whether it is the organizer (sees every NGO). */
  ngoId: number;
  organizer: boolean;
}

/** A round of the dataset, as the bench names it. */
export interface BenchRound {
  id: number;
  name: string;
  status: string;
  /** Its election day, "2026-11-22". */
  day: string;
  answers: number;
  /** Whether the server reads it when a call names no round. */
  current: boolean;
}

/** The dataset's rounds, the current one first (the server's own order: rounds/visibility.ts, currentFirst). */
export async function benchRounds(database: DatabaseHandle): Promise<BenchRound[]> {
  const { rows } = await sql<Omit<BenchRound, "current">>`
    SELECT r.id, r.name, r.status, r.election_day::text AS day, coalesce(a.answers, 0)::int AS answers
    FROM election_round r
    LEFT JOIN (SELECT election_round_id, count(*) AS answers FROM answer GROUP BY election_round_id) a ON a.election_round_id = r.id
    ORDER BY r.status = 'active' DESC, r.election_day DESC, r.id DESC`.execute(database.db);
  return rows.map((row, index) => ({ ...row, current: index === 0 }));
}

/** What the requests are varied over, all within the caller's scope and one round. */
interface Inputs {
  round: BenchRound;
  counties: string[];
  threads: { observerId: number; pollingStationId: number }[];
  noted: { observerId: number; pollingStationId: number }[];
  notifications: number[];
  formId: number;
  from: string;
  to: string;
}

const NAMES = ["Popescu", "Ana", "Ionescu", "Maria", "Radu", "Elena"];

/** Picks the inputs from the database: a deterministic sample (by md5 of the natural key), so that runs compare. */
export async function readInputs(database: DatabaseHandle, caller: Caller, round: BenchRound): Promise<Inputs> {
  const db = database.db;
  const inScope = caller.organizer ? sql`true` : sql`o.ngo_id = ${caller.ngoId}`;
  // Sampled by the station's county and number, not its id: the same threads in each round of the dataset.
  const { rows: threads } = await sql<{ observerId: number; pollingStationId: number }>`
    SELECT t.observer_id, t.polling_station_id FROM answer_thread t JOIN observer o ON o.id = t.observer_id
    JOIN polling_station s ON s.id = t.polling_station_id
    WHERE t.election_round_id = ${round.id} AND ${inScope} ORDER BY md5(o.phone || s.county_id || ' ' || s.number) LIMIT 200`.execute(db);
  const { rows: noted } = await sql<{ observerId: number; pollingStationId: number }>`
    SELECT DISTINCT ON (md5(o.phone || s.county_id || ' ' || s.number)) n.observer_id, n.polling_station_id
    FROM note n JOIN observer o ON o.id = n.observer_id JOIN polling_station s ON s.id = n.polling_station_id
    WHERE n.election_round_id = ${round.id} AND ${inScope}
    ORDER BY md5(o.phone || s.county_id || ' ' || s.number) LIMIT 200`.execute(db);
  const { rows: notifications } = await sql<{ id: number }>`
    SELECT n.id FROM notification n
    WHERE n.election_round_id = ${round.id} AND ${caller.organizer ? sql`true` : sql`n.sender_ngo_id = ${caller.ngoId}`}
    ORDER BY md5(n.title || extract(epoch FROM n.sent_at - ${round.day}::timestamptz)) LIMIT 100`.execute(db);
  const counties = await db.selectFrom("county").select("code").orderBy("displayOrder").execute();
  const form = await db.selectFrom("form").select("id").where("code", "=", "B").where("electionRoundId", "=", round.id).executeTakeFirstOrThrow();
  // The busiest two hours of the round's election day (10:00–12:00 local): a from/to filter that still matches many
  // threads.
  return {
    round,
    counties: counties.map((county) => county.code),
    threads,
    noted,
    notifications: notifications.map((row) => row.id),
    formId: form.id,
    from: `${round.day}T08:00:00.000Z`,
    to: `${round.day}T10:00:00.000Z`,
  };
}

interface Case {
  figure: string;
  target: number;
  path: (i: number) => string;
  organizerOnly?: boolean;
  /** Whether the operation works on one round (`x-round: scoped`); observers and NGOs are of every round. */
  scoped: boolean;
}

function cases(inputs: Inputs): Case[] {
  const county = (i: number) => inputs.counties[i % inputs.counties.length];
  const thread = (i: number) => inputs.threads[i % inputs.threads.length];
  const noted = (i: number) => inputs.noted[i % inputs.noted.length];
  const list = (figure: string, path: (i: number) => string, organizerOnly = false): Case => ({ figure, target: LIST_TARGET_MS, path, organizerOnly, scoped: true });
  const card = (figure: string, path: (i: number) => string): Case => ({ figure, target: CARD_TARGET_MS, path, scoped: true });
  const everyRound = (figure: string, path: (i: number) => string, organizerOnly = false): Case => ({ ...list(figure, path, organizerOnly), scoped: false });
  const threads = (query: (i: number) => string) => (i: number) => `/api/v1/answers?pageSize=10&${query(i)}`;
  return [
    everyRound("observers, first page", () => "/api/v1/observer"),
    everyRound("observers, name filter", (i) => `/api/v1/observer?Name=${encodeURIComponent(NAMES[i % NAMES.length])}`),
    everyRound("observers, phone filter", (i) => `/api/v1/observer?Number=0721${String(i % 100).padStart(2, "0")}`),
    everyRound("observers, by name", () => "/api/v1/observer?SortBy=name&SortDirection=asc"),
    everyRound("observers, by last seen ascending", () => "/api/v1/observer?SortBy=lastSeen&SortDirection=asc"),
    everyRound("observers, page 50", () => "/api/v1/observer?Page=50"),
    everyRound("NGOs", () => "/api/v1/ngo", true),
    everyRound("an NGO's admins", () => "/api/v1/ngo/1/admins", true),
    list("counties", () => "/api/v1/polling-station"),
    list("forms", () => "/api/v1/form"),
    list("a form (B)", () => `/api/v1/form/${inputs.formId}`),
    list("a form's answer counts (B)", () => `/api/v1/form/${inputs.formId}/answer-counts`),
    list("threads, no filter", threads(() => "")),
    list("threads, urgent", threads(() => "urgent=true")),
    list("threads, county", threads((i) => `county=${county(i)}`)),
    list("threads, county and station", threads((i) => `county=${county(i)}&pollingStationNumber=${1 + (i % 40)}`)),
    list("threads, station number", threads((i) => `pollingStationNumber=${1 + (i % 200)}`)),
    list("threads, observer phone", threads((i) => `observerPhoneNumber=07210${String(i % 100).padStart(2, "0")}`)),
    list("threads, from/to", threads(() => `from=${inputs.from}&to=${inputs.to}`)),
    list("threads, formCode C, urgent", threads(() => "formCode=C&urgent=true")),
    list("threads, urgent, review state new", threads(() => "urgent=true&state=new")),
    list("threads, oldest unhandled first", threads(() => "urgent=true&sort=oldestUnhandled")),
    list("threads, page 100", threads(() => "page=100")),
    list("triage summary", () => "/api/v1/answers/summary"),
    list("thread: filledIn", (i) => `/api/v1/answers/filledIn?idObserver=${thread(i).observerId}&idPollingStation=${thread(i).pollingStationId}`),
    list("thread: pollingStationInfo", (i) => `/api/v1/answers/pollingStationInfo?ObserverId=${thread(i).observerId}&PollingStationId=${thread(i).pollingStationId}`),
    list("thread: triage and timeline", (i) => `/api/v1/answers/threads/${thread(i).observerId}/${thread(i).pollingStationId}`),
    list("thread: notes", (i) => `/api/v2/note?idObserver=${noted(i).observerId}&idPollingStation=${noted(i).pollingStationId}`),
    ...STATISTICS_METHODS.map((method) => card(`statistics card ${method}`, () => `/api/v1/statistics/${method}?pageSize=5`)),
    card("coverage board", () => "/api/v1/coverage"),
    ...COVERAGE_MEASURES.map((measure) => list(`coverage stations, ${measure}`, (i) => `/api/v1/coverage/stations?county=${county(i)}&measure=${measure}`)),
    list("active observers of a county", (i) => `/api/v1/observer/active?countyCodes=${county(i)}`),
    list("active observers, stations 1–50, checked in", (i) => `/api/v1/observer/active?countyCodes=${county(i)}&fromPollingStationNumber=1&toPollingStationNumber=50&currentlyCheckedIn=true`),
    list("notification history", () => "/api/v1/notification/get/all"),
    list("notification recipients", (i) => `/api/v1/notification/${inputs.notifications[i % inputs.notifications.length]}/recipients`),
  ];
}

/**
 * Each case `samples` times after a warm-up, one request at a time: in the current round without naming it, in
 * another round by `electionRoundId` (only the operations that work on one round).
 */
export async function measureReads(url: string, caller: Caller, inputs: Inputs, samples: number, warmUp = 5): Promise<ReadFigure[]> {
  const figures: ReadFigure[] = [];
  const { round } = inputs;
  const inRound = (path: string) => (round.current ? path : `${path}${path.includes("?") ? "&" : "?"}electionRoundId=${round.id}`);
  for (const { figure, target, path, organizerOnly, scoped } of cases(inputs)) {
    if (organizerOnly && !caller.organizer) continue;
    if (!round.current && !scoped) continue;
    const times: number[] = [];
    for (let i = 0; i < samples + warmUp; i++) {
      const started = performance.now();
      const response = await fetch(`${url}${inRound(path(i))}`, { headers: caller.headers });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${path(i)} as ${caller.name} answered ${response.status}`);
      if (i >= warmUp) times.push(performance.now() - started);
    }
    figures.push({ figure: `${figure}, ${caller.name}${round.current ? "" : `, round ${round.id}`}`, p50: percentile(times, 0.5), p95: percentile(times, 0.95), p99: percentile(times, 0.99), target });
  }
  return figures;
}
