import { sql, type Kysely } from "kysely";
import type { components } from "../../../openapi/schema.d.ts";
import type { Database, PollingStationStatus } from "../db/schema.ts";
import { fail } from "../problem.ts";
import { containing, searchWords } from "./search.ts";

export type PollingStation = components["schemas"]["PollingStation"];

/** The list's filters; each one given narrows the list (AND). */
export interface StationFilter {
  /** A county's code. */
  county?: string;
  number?: number;
  status?: PollingStationStatus;
  /** Words to find in the locality, institution or address, whatever their case and Romanian diacritics. */
  search?: string;
}

/** Counties as the API shows them, in display order, each with its number of active stations in the round (`limit`). */
export function listCounties(db: Kysely<Database>, roundId: number, diaspora: boolean | undefined) {
  // A correlated count: one index range of polling_station's (election_round_id, county_id, number) per county.
  const activeStations = sql<number>`(
    SELECT count(*)::int FROM polling_station s WHERE s.election_round_id = ${roundId} AND s.county_id = county.id AND s.status = 'active')`;
  let counties = db
    .selectFrom("county")
    .select(["id", "code", "name", activeStations.as("limit"), "diaspora", "displayOrder as order"])
    .orderBy("displayOrder")
    .orderBy("name");
  if (diaspora !== undefined) counties = counties.where("diaspora", "=", diaspora);
  return counties.execute();
}

/**
 * The version of a round's registry as the API writes it: text on both drivers (int8 is a string on pg, a number on
 * PGlite). A round that never had a station has no row yet: "0", the same empty list in every such round.
 */
export async function registryVersion(db: Kysely<Database>, roundId: number): Promise<string> {
  const row = await db
    .selectFrom("stationRegistry")
    .select(sql<string>`version::text`.as("version"))
    .where("electionRoundId", "=", roundId)
    .executeTakeFirst();
  return row?.version ?? "0";
}

/** Every station of the round with its county, as the API's columns. */
function stations(db: Kysely<Database>, roundId: number) {
  return db
    .selectFrom("pollingStation as s")
    .innerJoin("county as c", "c.id", "s.countyId")
    .where("s.electionRoundId", "=", roundId)
    .select([
      "s.id",
      "c.code as countyCode",
      "c.name as countyName",
      "s.number",
      "s.locality",
      "s.institution",
      "s.address",
      "s.registeredVoters",
      "s.latitude",
      "s.longitude",
      "s.status",
      "s.updatedAt",
    ]);
}

type StationRow = Awaited<ReturnType<ReturnType<typeof stations>["execute"]>>[number];

const toStation = ({ updatedAt, ...row }: StationRow): PollingStation => ({ ...row, updatedAt: updatedAt.toISOString() });

/** The round's stations the filter keeps, without their county's row (a county code is matched through its id). */
function matching(db: Kysely<Database>, roundId: number, filter: StationFilter) {
  let query = db.selectFrom("pollingStation as s").where("s.electionRoundId", "=", roundId);
  const { county } = filter;
  if (county !== undefined) query = query.where("s.countyId", "=", (eb) => eb.selectFrom("county").select("id").where("code", "=", county));
  if (filter.number !== undefined) query = query.where("s.number", "=", filter.number);
  if (filter.status !== undefined) query = query.where("s.status", "=", filter.status);
  for (const word of searchWords(filter.search)) query = query.where("s.searchText", "like", containing(word));
  return query;
}

/**
 * The ids of the matching stations in the registry's order (the counties' display order, then numbers), with the
 * integer keys of that order: a sort of narrow integer rows, the wide ones read for the page alone.
 */
const orderedIds = (db: Kysely<Database>, roundId: number, filter: StationFilter) =>
  matching(db, roundId, filter)
    .innerJoin("county as c", "c.id", "s.countyId")
    .select(["s.id", "c.displayOrder", "s.countyId", "s.number"])
    .orderBy("c.displayOrder")
    .orderBy("s.countyId")
    .orderBy("s.number");

/** One page of the matching stations and how many match, in one statement while the page has rows. */
export async function listStationPage(
  db: Kysely<Database>,
  roundId: number,
  filter: StationFilter,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<{ data: PollingStation[]; totalItems: number }> {
  const onPage = orderedIds(db, roundId, filter).limit(pageSize).offset((page - 1) * pageSize).as("p");
  const total = matching(db, roundId, filter).select(sql<number>`count(*)::int`.as("n"));
  const rows = await stations(db, roundId)
    .innerJoin(onPage, "p.id", "s.id")
    .select(total.as("totalItems"))
    .orderBy("p.displayOrder")
    .orderBy("p.countyId")
    .orderBy("p.number")
    .execute();
  // Past the last page no row carries the total: counted on its own then.
  const totalItems = rows[0]?.totalItems ?? (page === 1 ? 0 : await countStations(db, roundId, filter));
  return { data: rows.map(({ totalItems: _total, ...row }) => toStation(row)), totalItems };
}

async function countStations(db: Kysely<Database>, roundId: number, filter: StationFilter): Promise<number> {
  const row = await matching(db, roundId, filter).select(sql<number>`count(*)::int`.as("count")).executeTakeFirstOrThrow();
  return row.count;
}

/** The round's station with this id; a 404 when there is none (a station of another round included). */
export async function stationById(db: Kysely<Database>, roundId: number, id: number): Promise<PollingStation> {
  const row = await stations(db, roundId).where("s.id", "=", id).executeTakeFirst();
  if (!row) throw fail.notFound(`There is no polling station with id ${id}.`);
  return toStation(row);
}

/** The ids of every station of the round in the registry's order, for the export to read page by page. */
export async function stationIdsInOrder(db: Kysely<Database>, roundId: number): Promise<number[]> {
  const rows = await orderedIds(db, roundId, {}).execute();
  return rows.map((row) => row.id);
}

/** The round's stations with these ids, in the registry's order. */
export async function stationsByIds(db: Kysely<Database>, roundId: number, ids: readonly number[]): Promise<PollingStation[]> {
  if (ids.length === 0) return [];
  const rows = await stations(db, roundId)
    .where(sql<boolean>`s.id = any(${[...ids]}::int[])`)
    .orderBy("c.displayOrder")
    .orderBy("s.countyId")
    .orderBy("s.number")
    .execute();
  return rows.map(toStation);
}
