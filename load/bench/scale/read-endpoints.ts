import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import type { DatabaseHandle } from "../../../server/src/db/database.ts";
import { percentile } from "../../support/latency.ts";
import { COVERAGE_MEASURES, STATISTICS_METHODS } from "../../support/read-catalogue.ts";

/*
 * Every list and read endpoint of the back-office on the election-day dataset, as one caller: the requests a screen
 * sends, their parameters varied per request over real counties, threads, notes and notifications of the caller's
 * scope, one request at a time (the latency of one request, not of a queue).
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

/** What the requests are varied over, all within the caller's scope. */
interface Inputs {
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
export async function readInputs(database: DatabaseHandle, caller: Caller): Promise<Inputs> {
  const db = database.db;
  const inScope = caller.organizer ? sql`true` : sql`o.ngo_id = ${caller.ngoId}`;
  const { rows: threads } = await sql<{ observerId: number; pollingStationId: number }>`
    SELECT t.observer_id, t.polling_station_id FROM answer_thread t JOIN observer o ON o.id = t.observer_id
    WHERE ${inScope} ORDER BY md5(o.phone || t.polling_station_id) LIMIT 200`.execute(db);
  const { rows: noted } = await sql<{ observerId: number; pollingStationId: number }>`
    SELECT DISTINCT ON (md5(o.phone || n.polling_station_id)) n.observer_id, n.polling_station_id
    FROM note n JOIN observer o ON o.id = n.observer_id WHERE ${inScope}
    ORDER BY md5(o.phone || n.polling_station_id) LIMIT 200`.execute(db);
  const { rows: notifications } = await sql<{ id: number }>`
    SELECT n.id FROM notification n WHERE ${caller.organizer ? sql`true` : sql`n.sender_ngo_id = ${caller.ngoId}`}
    ORDER BY md5(n.title || n.sent_at) LIMIT 100`.execute(db);
  const counties = await db.selectFrom("county").select("code").orderBy("displayOrder").execute();
  const form = await db.selectFrom("form").select("id").where("code", "=", "B").executeTakeFirstOrThrow();
  // The busiest two hours of the day (10:00–12:00 local): a from/to filter that still matches many threads.
  return {
    counties: counties.map((county) => county.code),
    threads,
    noted,
    notifications: notifications.map((row) => row.id),
    formId: form.id,
    from: "2026-11-22T08:00:00.000Z",
    to: "2026-11-22T10:00:00.000Z",
  };
}

interface Case {
  figure: string;
  target: number;
  path: (i: number) => string;
  organizerOnly?: boolean;
}

function cases(inputs: Inputs): Case[] {
  const county = (i: number) => inputs.counties[i % inputs.counties.length];
  const thread = (i: number) => inputs.threads[i % inputs.threads.length];
  const noted = (i: number) => inputs.noted[i % inputs.noted.length];
  const list = (figure: string, path: (i: number) => string, organizerOnly = false): Case => ({ figure, target: LIST_TARGET_MS, path, organizerOnly });
  const card = (figure: string, path: (i: number) => string): Case => ({ figure, target: CARD_TARGET_MS, path });
  const threads = (query: (i: number) => string) => (i: number) => `/api/v1/answers?pageSize=10&${query(i)}`;
  return [
    list("observers, first page", () => "/api/v1/observer"),
    list("observers, name filter", (i) => `/api/v1/observer?Name=${encodeURIComponent(NAMES[i % NAMES.length])}`),
    list("observers, phone filter", (i) => `/api/v1/observer?Number=0721${String(i % 100).padStart(2, "0")}`),
    list("observers, by name", () => "/api/v1/observer?SortBy=name&SortDirection=asc"),
    list("observers, by last seen ascending", () => "/api/v1/observer?SortBy=lastSeen&SortDirection=asc"),
    list("observers, page 50", () => "/api/v1/observer?Page=50"),
    list("NGOs", () => "/api/v1/ngo", true),
    list("an NGO's admins", () => "/api/v1/ngo/1/admins", true),
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

/** Each case `samples` times after a warm-up, one request at a time. */
export async function measureReads(url: string, caller: Caller, inputs: Inputs, samples: number, warmUp = 5): Promise<ReadFigure[]> {
  const figures: ReadFigure[] = [];
  for (const { figure, target, path, organizerOnly } of cases(inputs)) {
    if (organizerOnly && !caller.organizer) continue;
    const times: number[] = [];
    for (let i = 0; i < samples + warmUp; i++) {
      const started = performance.now();
      const response = await fetch(`${url}${path(i)}`, { headers: caller.headers });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${path(i)} as ${caller.name} answered ${response.status}`);
      if (i >= warmUp) times.push(performance.now() - started);
    }
    figures.push({ figure: `${figure}, ${caller.name}`, p50: percentile(times, 0.5), p95: percentile(times, 0.95), p99: percentile(times, 0.99), target });
  }
  return figures;
}
