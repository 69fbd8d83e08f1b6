import { sql, type Kysely } from "kysely";
import type { NgoScope } from "../auth/scope.ts";
import type { Database } from "../db/schema.ts";

/** The filters of the answers and urgents screens; the answer export reads the same threads through `threadQuery`. */
export interface ThreadFilter {
  scope: NgoScope;
  /** Only threads with at least one flagged answer. */
  urgent: boolean;
  countyCode?: string;
  pollingStationNumber?: number;
  /** A substring of the observer's phone. */
  observerPhone?: string;
  /** Inclusive bounds on the thread's latest answer. */
  from?: Date;
  to?: Date;
}

export interface AnswerThread {
  idObserver: number;
  idPollingStation: number;
  pollingStationName: string;
  observerName: string;
  observerPhoneNumber: string;
  countyCode: string;
  pollingStationNumber: number;
  lastModified: string;
  flaggedCount: number;
}

/**
 * The threads that pass the filter, with their ids, latest answer time and flagged count, read from the
 * trigger-kept `answer_thread` table rather than grouped from the answers on every request.
 */
export function threadQuery(db: Kysely<Database>, filter: ThreadFilter) {
  let threads = db
    .selectFrom("answerThread as t")
    .select(["t.observerId as idObserver", "t.pollingStationId as idPollingStation", "t.lastModified", "t.flaggedCount"]);
  if (filter.scope.kind === "ngo" || filter.observerPhone) {
    let observers = db.selectFrom("observer as o").select("o.id");
    if (filter.scope.kind === "ngo") observers = observers.where("o.ngoId", "=", filter.scope.ngoId);
    if (filter.observerPhone) observers = observers.where(sql<boolean>`strpos(o.phone, ${filter.observerPhone}) > 0`);
    threads = threads.where("t.observerId", "in", observers);
  }
  if (filter.countyCode !== undefined || filter.pollingStationNumber !== undefined) {
    let stations = db.selectFrom("pollingStation as s").innerJoin("county as c", "c.id", "s.countyId").select("s.id");
    if (filter.pollingStationNumber !== undefined) stations = stations.where("s.number", "=", filter.pollingStationNumber);
    if (filter.countyCode !== undefined) stations = stations.where("c.code", "=", filter.countyCode);
    threads = threads.where("t.pollingStationId", "in", stations);
  }
  if (filter.urgent) threads = threads.where("t.flaggedCount", ">", 0);
  if (filter.from) threads = threads.where("t.lastModified", ">=", filter.from);
  if (filter.to) threads = threads.where("t.lastModified", "<=", filter.to);
  return threads;
}

export async function countThreads(db: Kysely<Database>, filter: ThreadFilter): Promise<number> {
  const row = await db
    .selectFrom(threadQuery(db, filter).as("t"))
    .select(sql<number>`count(*)::int`.as("count"))
    .executeTakeFirstOrThrow();
  return row.count;
}

/** Newest first; ties broken by observer and station so that pages never overlap. */
export async function listThreadPage(
  db: Kysely<Database>,
  filter: ThreadFilter,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<AnswerThread[]> {
  const rows = await db
    .selectFrom(threadQuery(db, filter).as("t"))
    .innerJoin("observer as o", "o.id", "t.idObserver")
    .innerJoin("pollingStation as s", "s.id", "t.idPollingStation")
    .innerJoin("county as c", "c.id", "s.countyId")
    .select([
      "t.idObserver",
      "t.idPollingStation",
      "t.lastModified",
      "t.flaggedCount",
      "o.name as observerName",
      "o.phone as observerPhoneNumber",
      "c.code as countyCode",
      "s.number as pollingStationNumber",
    ])
    .orderBy("t.lastModified", "desc")
    .orderBy("t.idObserver")
    .orderBy("t.idPollingStation")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return rows.map((row) => ({
    ...row,
    pollingStationName: `${row.countyCode} ${row.pollingStationNumber}`,
    lastModified: row.lastModified.toISOString(),
  }));
}
