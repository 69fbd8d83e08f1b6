import { sql, type Kysely, type RawBuilder } from "kysely";
import type { components } from "../../../openapi/schema.d.ts";
import type { NgoScope } from "../auth/scope.ts";
import { romanianOrder } from "../db/romanian-order.ts";
import type { Database } from "../db/schema.ts";
import { fail } from "../problem.ts";
import { countedObservers } from "../statistics/counted-observers.ts";
import { pageWithTotal, type Paging } from "../statistics/paged.ts";
import { isSilent, stationAssignments, stationFacts } from "./facts.ts";

type Measure = components["schemas"]["CoverageMeasure"];
type CoverageObserver = components["schemas"]["CoverageObserver"];

/**
 * Which stations each number of the board counts, over a station `s`, its facts `f` and its assignments `a` (null
 * when none). A retired station shows with what was reported there, and is no longer one that waits for an observer.
 */
const measures = (silentMinutes: number): Record<Measure, RawBuilder<unknown>> => ({
  observed: sql`coalesce(f.observed, false)`,
  unobserved: sql`s.status = 'active' AND NOT coalesce(f.observed, false)`,
  assigned: sql`s.status = 'active' AND a.id IS NOT NULL`,
  assignedNotArrived: sql`s.status = 'active' AND coalesce(a.not_arrived, false)`,
  opened: sql`coalesce(f.opened, false)`,
  reporting: sql`coalesce(f.reporting, false)`,
  counted: sql`coalesce(f.counted, false)`,
  silent: sql`coalesce(${isSilent(silentMinutes)}, false)`,
});

interface StationRow {
  idPollingStation: number;
  pollingStationNumber: number;
  locality: string | null;
  address: string | null;
  lastActivity: Date | null;
}

export interface CoverageStationsQuery extends Paging {
  countyCode: string;
  measure: Measure;
  silentMinutes: number;
}

/** The round's stations of one county behind one coverage number, by station number, with their in-scope observers. */
export async function coverageStations(db: Kysely<Database>, scope: NgoScope, roundId: number, query: CoverageStationsQuery) {
  const county = await db.selectFrom("county").select(["id", "code"]).where("code", "=", query.countyCode).executeTakeFirst();
  if (!county) throw fail.notFound(`There is no county ${query.countyCode}.`);
  const rows = sql`
    WITH f AS (${stationFacts(scope, roundId, county.id)}), a AS (${stationAssignments(scope, roundId, county.id)})
    SELECT s.id AS id_polling_station, s.number AS polling_station_number, s.locality, s.address, f.last_activity
    FROM polling_station s LEFT JOIN f ON f.id = s.id LEFT JOIN a ON a.id = s.id
    WHERE s.election_round_id = ${roundId} AND s.county_id = ${county.id} AND ${measures(query.silentMinutes)[query.measure]}`;
  const page = await pageWithTotal<StationRow>(db, rows, sql`polling_station_number`, query);
  const stationIds = page.data.map((station) => station.idPollingStation);
  // Behind the assignment numbers, the observers to call are the assigned ones, present or not.
  const assignedOnly = query.measure === "assigned" || query.measure === "assignedNotArrived";
  const observers = await observersAt(db, scope, roundId, stationIds, assignedOnly ? "station_assignment" : "station_presence");
  return {
    asOf: page.asOf.toISOString(),
    totalItems: page.totalItems,
    data: page.data.map((station) => ({
      idPollingStation: station.idPollingStation,
      countyCode: county.code,
      pollingStationNumber: station.pollingStationNumber,
      pollingStationName: `${county.code} ${station.pollingStationNumber}`,
      locality: station.locality,
      address: station.address,
      lastActivity: station.lastActivity?.toISOString() ?? null,
      observers: observers.get(station.idPollingStation) ?? [],
    })),
  };
}

/**
 * The counted observers in scope at each station, by name (Romanian order): those with an answer, note or station
 * facts there (`station_presence`), or those assigned there (`station_assignment`).
 */
async function observersAt(
  db: Kysely<Database>,
  scope: NgoScope,
  roundId: number,
  stationIds: number[],
  from: "station_presence" | "station_assignment",
) {
  const byStation = new Map<number, CoverageObserver[]>();
  if (stationIds.length === 0) return byStation;
  const { rows } = await sql<CoverageObserver & { pollingStationId: number }>`
    SELECT * FROM (
      SELECT r.polling_station_id, o.id, o.name, o.phone
      FROM ${sql.table(from)} r
      JOIN (${countedObservers(db, scope)}) AS o ON o.id = r.observer_id
      WHERE r.election_round_id = ${roundId} AND r.polling_station_id = ANY(${stationIds}::int[])
    ) AS seen
    ORDER BY ${romanianOrder("seen.name")}, seen.id`.execute(db);
  for (const { pollingStationId, ...observer } of rows) {
    byStation.set(pollingStationId, [...(byStation.get(pollingStationId) ?? []), observer]);
  }
  return byStation;
}
