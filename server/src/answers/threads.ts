import { sql, type Kysely } from "kysely";
import type { NgoScope } from "../auth/scope.ts";
import type { Database } from "../db/schema.ts";
import { isCounted } from "../statistics/counted-observers.ts";

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
  /** Only threads with an answer to this form (a flagged one when urgent); totals then count its flagged answers. */
  formCode?: string;
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
  const formCode = filter.formCode;
  let threads = db
    .selectFrom("answerThread as t")
    .select(["t.observerId as idObserver", "t.pollingStationId as idPollingStation", "t.lastModified", "t.flaggedCount"])
    .$if(formCode === undefined, (qb) => qb.select("t.flaggedCount as formFlaggedCount"))
    // The thread's tally of that form (migration 005): its flagged answers are what the statistics count.
    .$if(formCode !== undefined, (qb) =>
      qb
        .innerJoin("answerTally as f", (join) =>
          join.onRef("f.observerId", "=", "t.observerId").onRef("f.pollingStationId", "=", "t.pollingStationId"),
        )
        .where("f.formId", "=", (eb) => eb.selectFrom("form").select("id").where("code", "=", formCode!))
        .select("f.flaggedCount as formFlaggedCount")
        .$if(filter.urgent, (urgent) => urgent.where("f.flaggedCount", ">", 0)),
    );
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

export interface ThreadTotals {
  threads: number;
  /** Distinct observers of the matching threads. */
  observers: number;
  /** Their flagged answers, of the `formCode` form when one is given. */
  flaggedAnswers: number;
}

/**
 * Every matching thread is counted and listed; observers and flagged answers are counted as the statistics count
 * them (observers not deleted, of an active NGO), so that a statistic's number and its list's total agree.
 */
export async function threadTotals(db: Kysely<Database>, filter: ThreadFilter): Promise<ThreadTotals> {
  const counted = isCounted(filter.scope, "t.id_observer");
  return db
    .selectFrom(threadQuery(db, filter).as("t"))
    .select([
      sql<number>`count(*)::int`.as("threads"),
      sql<number>`(count(DISTINCT t.id_observer) FILTER (WHERE ${counted}))::int`.as("observers"),
      sql<number>`coalesce(sum(t.form_flagged_count) FILTER (WHERE ${counted}), 0)::int`.as("flaggedAnswers"),
    ])
    .executeTakeFirstOrThrow();
}

/** Newest first; ties broken by observer and station so that pages never overlap. */
export async function listThreadPage(
  db: Kysely<Database>,
  filter: ThreadFilter,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<AnswerThread[]> {
  // A place filter (county, station, phone) keeps few threads, fewer than the planner guesses for a small county:
  // walking every thread newest first to find them took 100 ms at 2,000,000 answers. Such threads are read first
  // by their station or observer, then sorted; without one, the newest-first index stays the fastest way. Names
  // are joined to the page only.
  const narrow = filter.countyCode !== undefined || filter.pollingStationNumber !== undefined || filter.observerPhone !== undefined;
  const rows = await db
    .with((cte) => (narrow ? cte("threads").materialized() : cte("threads")), () => threadQuery(db, filter))
    .selectFrom((eb) =>
      eb
        .selectFrom("threads")
        .select(["idObserver", "idPollingStation", "lastModified", "flaggedCount"])
        .orderBy("lastModified", "desc")
        .orderBy("idObserver")
        .orderBy("idPollingStation")
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .as("t"),
    )
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
    .execute();
  return rows.map((row) => ({
    ...row,
    pollingStationName: `${row.countyCode} ${row.pollingStationNumber}`,
    lastModified: row.lastModified.toISOString(),
  }));
}
