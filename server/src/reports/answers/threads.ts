import { sql, type Kysely, type SelectQueryBuilder } from "kysely";
import type { NgoScope } from "../../auth/scope.ts";
import type { Database, ReviewState } from "../../db/schema.ts";
import { isCounted } from "../../statistics/counted-observers.ts";
import { liveClaim, type ThreadClaim } from "../triage/claim-view.ts";

/** The filters of the answers and urgents screens; the answer export reads the same threads through `threadQuery`. */
export interface ThreadFilter {
  scope: NgoScope;
  /** The election round whose threads these are. */
  roundId: number;
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
  /** Only threads in this review state. */
  state?: ReviewState;
}

export interface AnswerThread {
  idObserver: number;
  idPollingStation: number;
  pollingStationName: string;
  locality: string | null;
  address: string | null;
  offAssignment: boolean;
  observerName: string;
  observerPhoneNumber: string;
  countyCode: string;
  pollingStationNumber: number;
  lastModified: string;
  flaggedCount: number;
  state: ReviewState;
  claim: ThreadClaim | null;
  urgentSince: string | null;
}

/**
 * The thread's observer is assigned to stations of its round, this one not among them (both read from the
 * assignments' key).
 */
const offAssignment = sql<boolean>`(EXISTS (SELECT 1 FROM station_assignment a WHERE a.observer_id = o.id AND a.election_round_id = s.election_round_id)
  AND NOT EXISTS (SELECT 1 FROM station_assignment a WHERE a.observer_id = o.id AND a.polling_station_id = s.id))`;

/**
 * The threads that pass the filter, with their ids, latest answer time and flagged count, read from the
 * trigger-kept `answer_thread` table rather than grouped from the answers on every request.
 */
export function threadQuery(db: Kysely<Database>, filter: ThreadFilter) {
  const formCode = filter.formCode;
  let threads = db
    .selectFrom("answerThread as t")
    .select([
      "t.observerId as idObserver",
      "t.pollingStationId as idPollingStation",
      "t.lastModified",
      "t.flaggedCount",
      "t.state",
      "t.urgentSince",
      "t.claimAdminId",
      "t.claimedAt",
      "t.claimExpiresAt",
    ])
    .where("t.electionRoundId", "=", filter.roundId)
    .$if(formCode === undefined, (qb) => qb.select("t.flaggedCount as formFlaggedCount"))
    // The thread's tally of that form (migration 005): its flagged answers are what the statistics count.
    .$if(formCode !== undefined, (qb) =>
      qb
        .innerJoin("answerTally as f", (join) =>
          join.onRef("f.observerId", "=", "t.observerId").onRef("f.pollingStationId", "=", "t.pollingStationId"),
        )
        // The round too, though the form is the round's: it lets the tally's round-led index answer (migration 021).
        .where("f.electionRoundId", "=", filter.roundId)
        .where("f.formId", "=", (eb) => eb.selectFrom("form").select("id").where("electionRoundId", "=", filter.roundId).where("code", "=", formCode!))
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
    let stations = db
      .selectFrom("pollingStation as s")
      .innerJoin("county as c", "c.id", "s.countyId")
      .select("s.id")
      .where("s.electionRoundId", "=", filter.roundId);
    if (filter.pollingStationNumber !== undefined) stations = stations.where("s.number", "=", filter.pollingStationNumber);
    if (filter.countyCode !== undefined) stations = stations.where("c.code", "=", filter.countyCode);
    threads = threads.where("t.pollingStationId", "in", stations);
  }
  if (filter.urgent) threads = threads.where("t.flaggedCount", ">", 0);
  if (filter.state) threads = threads.where("t.state", "=", filter.state);
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

export type ThreadSort = "latest" | "oldestUnhandled";

export interface ThreadPageRequest {
  page: number;
  pageSize: number;
  sort: ThreadSort;
  /** The server's clock: claims that expired by then are nobody's. */
  now: Date;
  /** The caller, whose own claims are `mine`. */
  adminId: number;
}

const PAGE_COLUMNS = [
  "idObserver",
  "idPollingStation",
  "lastModified",
  "flaggedCount",
  "state",
  "urgentSince",
  "claimAdminId",
  "claimedAt",
  "claimExpiresAt",
] as const;

/**
 * `latest`: newest first. `oldestUnhandled`: the unhandled urgent threads (flagged, `new`, nobody holding them)
 * oldest `urgentSince` first, then the others newest first. Ties are broken by observer and station so that
 * pages never overlap.
 */
export async function listThreadPage(
  db: Kysely<Database>,
  filter: ThreadFilter,
  { page, pageSize, sort, now, adminId }: ThreadPageRequest,
): Promise<AnswerThread[]> {
  // A place filter (county, station, phone) keeps few threads, fewer than the planner guesses for a small county:
  // walking every thread newest first to find them took 100 ms at 2,000,000 answers. Such threads are read first
  // by their station or observer, then sorted; without one, the newest-first index stays the fastest way (the
  // CTE is then inlined into each part that reads it). Names are joined to the page only.
  const narrow = filter.countyCode !== undefined || filter.pollingStationNumber !== undefined || filter.observerPhone !== undefined;
  const offset = (page - 1) * pageSize;
  const end = page * pageSize;
  const unhandledFirst = sort === "oldestUnhandled";
  // rank 0: unhandled urgent, oldest urgentSince first; rank 1: the rest, newest first.
  const byRank = <DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, t: string) =>
    query
      .orderBy(sql.ref(`${t}.rank`))
      .orderBy(sql`CASE WHEN ${sql.ref(`${t}.rank`)} = 0 THEN ${sql.ref(`${t}.urgentSince`)} END`)
      .orderBy(sql`CASE WHEN ${sql.ref(`${t}.rank`)} = 1 THEN ${sql.ref(`${t}.lastModified`)} END`, "desc")
      .orderBy(sql.ref(`${t}.idObserver`))
      .orderBy(sql.ref(`${t}.idPollingStation`));
  const rows = await db
    .with((cte) => (narrow ? cte("threads").materialized() : cte("threads").notMaterialized()), () => threadQuery(db, filter))
    .selectFrom((eb) => {
      if (!unhandledFirst) {
        return eb
          .selectFrom("threads")
          .select(PAGE_COLUMNS)
          .select(sql<number>`1`.as("rank"))
          .orderBy("lastModified", "desc")
          .orderBy("idObserver")
          .orderBy("idPollingStation")
          .limit(pageSize)
          .offset(offset)
          .as("t");
      }
      const urgentNew = eb
        .selectFrom("threads")
        .select(PAGE_COLUMNS)
        .select(sql<number>`0`.as("rank"))
        .where("flaggedCount", ">", 0)
        .where("state", "=", "new");
      // Two parts so that the first one matches answer_thread_unhandled_idx; lapsed claims the sweeper has not
      // cleared yet are few, and found by answer_thread_claim_expiry_idx.
      const free = urgentNew.where("claimAdminId", "is", null);
      const lapsed = urgentNew.where("claimAdminId", "is not", null).where("claimExpiresAt", "<=", now);
      const byAge = (part: typeof free) => part.orderBy("urgentSince").orderBy("idObserver").orderBy("idPollingStation").limit(end);
      // Urgent threads only have no flaggedCount 0: leaving that case out lets the handled urgent threads be read from
      // answer_thread_urgent_handled_idx alone, rather than by walking every thread (migration 013).
      const rest = eb
        .selectFrom("threads")
        .select(PAGE_COLUMNS)
        .select(sql<number>`1`.as("rank"))
        .where((w) =>
          w.or([
            ...(filter.urgent ? [] : [w("flaggedCount", "=", 0)]),
            w("state", "<>", "new"),
            w.and([w("claimAdminId", "is not", null), w("claimExpiresAt", ">", now)]),
          ]),
        )
        .orderBy("lastModified", "desc")
        .orderBy("idObserver")
        .orderBy("idPollingStation")
        .limit(end);
      const merged = eb
        .selectFrom(byAge(free).as("p0"))
        .selectAll()
        .unionAll(eb.selectFrom(byAge(lapsed).as("p1")).selectAll())
        .unionAll(eb.selectFrom(rest.as("p2")).selectAll());
      return byRank(eb.selectFrom(merged.as("m")).selectAll(), "m")
        .limit(pageSize)
        .offset(offset)
        .as("t");
    })
    .innerJoin("observer as o", "o.id", "t.idObserver")
    .innerJoin("pollingStation as s", "s.id", "t.idPollingStation")
    .innerJoin("county as c", "c.id", "s.countyId")
    .leftJoin("ngoAdmin as h", "h.id", "t.claimAdminId")
    .select([
      "t.idObserver",
      "t.idPollingStation",
      "t.lastModified",
      "t.flaggedCount",
      "t.state",
      "t.urgentSince",
      "t.claimAdminId",
      "t.claimedAt",
      "t.claimExpiresAt",
      "h.account as claimHolder",
      "o.name as observerName",
      "o.phone as observerPhoneNumber",
      "c.code as countyCode",
      "s.number as pollingStationNumber",
      "s.locality",
      "s.address",
      offAssignment.as("offAssignment"),
    ])
    .$call((query) => byRank(query, "t"))
    .execute();
  return rows.map(({ claimAdminId, claimedAt, claimExpiresAt, claimHolder, urgentSince, ...row }) => ({
    ...row,
    pollingStationName: `${row.countyCode} ${row.pollingStationNumber}`,
    lastModified: row.lastModified.toISOString(),
    urgentSince: urgentSince?.toISOString() ?? null,
    claim: liveClaim({ claimAdminId, claimHolder, claimedAt, claimExpiresAt }, now, adminId),
  }));
}
