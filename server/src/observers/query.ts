import { sql, type Kysely } from "kysely";
import type { components } from "../../../openapi/schema.d.ts";
import type { NgoScope } from "../auth/scope.ts";
import { romanianOrder } from "../db/romanian-order.ts";
import type { Database } from "../db/schema.ts";
import { fail } from "../problem.ts";

export type Observer = components["schemas"]["Observer"];

/** Kept by the triggers of db/functions/observer_activity_touch.sql: the latest answer, note or station record of each observer. */
type ActivityTables = {
  observerActivity: { observerId: number; lastSeen: Date };
};

export interface ObserverFilter {
  scope: NgoScope;
  name?: string;
  phone?: string;
  id?: number;
  ids?: readonly number[];
}

export interface ObserverSort {
  by: "lastSeen" | "name";
  direction: "asc" | "desc";
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, "\\$&");

/** Live observers in scope matching the filter; every observer query starts here. */
export function liveObservers(db: Kysely<Database>, filter: ObserverFilter) {
  let query = db.withTables<ActivityTables>().selectFrom("observer as o").where("o.deletedAt", "is", null);
  if (filter.scope.kind === "ngo") query = query.where("o.ngoId", "=", filter.scope.ngoId);
  if (filter.id !== undefined) query = query.where("o.id", "=", filter.id);
  if (filter.ids !== undefined) query = query.where(sql<boolean>`${sql.ref("o.id")} = any(${[...filter.ids]}::int[])`);
  if (filter.name) query = query.where("o.name", "ilike", `%${escapeLike(filter.name)}%`);
  if (filter.phone) query = query.where("o.phone", "like", `%${escapeLike(filter.phone)}%`);
  return query;
}

export async function countObservers(db: Kysely<Database>, filter: ObserverFilter): Promise<number> {
  const row = await liveObservers(db, filter).select(sql<number>`count(*)::int`.as("count")).executeTakeFirstOrThrow();
  return row.count;
}

/** The API's observer columns, sorted; the counts are correlated subqueries, so keep the rows few. */
export function observerRows(db: Kysely<Database>, filter: ObserverFilter, sort: ObserverSort) {
  const query = liveObservers(db, filter)
    .innerJoin("ngo as g", "g.id", "o.ngoId")
    .leftJoin("observerActivity as oa", "oa.observerId", "o.id")
    .select((eb) => [
      "o.id",
      "o.name",
      "o.phone",
      "o.ngoId",
      "g.name as ngo",
      "o.deviceRegisterDate",
      "oa.lastSeen",
      eb.selectFrom("note").select(sql<number>`count(*)::int`.as("n")).whereRef("note.observerId", "=", "o.id").as("numberOfNotes"),
      eb
        .selectFrom("pollingStationInfo as psi")
        .select(sql<number>`count(*)::int`.as("n"))
        .whereRef("psi.observerId", "=", "o.id")
        .where("psi.observerArrivalTime", "is not", null)
        .as("numberOfPollingStations"),
    ]);
  const { direction } = sort;
  // Never-seen observers come last when descending and first when ascending: the two orders mirror each other.
  const sorted =
    sort.by === "name"
      ? query.orderBy(romanianOrder("o.name"), direction)
      : query.orderBy("oa.lastSeen", (order) => (direction === "desc" ? order.desc().nullsLast() : order.asc().nullsFirst()));
  return sorted.orderBy("o.id", direction);
}

type ObserverRow = Awaited<ReturnType<ReturnType<typeof observerRows>["execute"]>>[number];

const isoOrNull = (date: Date | null) => (date === null ? null : date.toISOString());

export function toObserver(row: ObserverRow): Observer {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    ngoId: row.ngoId,
    ngo: row.ngo,
    deviceRegisterDate: isoOrNull(row.deviceRegisterDate),
    lastSeen: isoOrNull(row.lastSeen),
    numberOfNotes: row.numberOfNotes ?? 0,
    numberOfPollingStations: row.numberOfPollingStations ?? 0,
  };
}

/**
 * The ids of the matching observers in order, optionally one page of them. Sorting needs every row in scope
 * but only the sort keys; the other columns are read afterwards for the ids returned (PostgreSQL would
 * otherwise compute the counts of every row skipped by the offset too).
 */
export async function sortedObserverIds(
  db: Kysely<Database>,
  filter: ObserverFilter,
  sort: ObserverSort,
  page?: { page: number; pageSize: number },
): Promise<number[]> {
  let query = observerRows(db, filter, sort).clearSelect().select("o.id");
  if (page) query = query.limit(page.pageSize).offset((page.page - 1) * page.pageSize);
  return (await query.execute()).map((row) => row.id);
}

export async function listObserverPage(
  db: Kysely<Database>,
  filter: ObserverFilter,
  sort: ObserverSort,
  page: { page: number; pageSize: number },
): Promise<Observer[]> {
  return observersByIds(db, filter.scope, await sortedObserverIds(db, filter, sort, page));
}

/** The live observers in scope with these ids, in the order given. */
export async function observersByIds(db: Kysely<Database>, scope: NgoScope, ids: readonly number[]): Promise<Observer[]> {
  if (ids.length === 0) return [];
  const rows = await observerRows(db, { scope, ids }, { by: "name", direction: "asc" }).execute();
  const byId = new Map(rows.map((row) => [row.id, toObserver(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** One live observer in scope as the API shows it. */
export async function observerById(db: Kysely<Database>, scope: NgoScope, id: number): Promise<Observer> {
  const [observer] = await observersByIds(db, scope, [id]);
  if (!observer) throw fail.notFound(`No observer with id ${id}.`);
  return observer;
}
