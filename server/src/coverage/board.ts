import { sql, type Kysely } from "kysely";
import type { components } from "../../../openapi/schema.d.ts";
import type { NgoScope } from "../auth/scope.ts";
import type { Database } from "../db/schema.ts";
import { isSilent, stationAssignments, stationFacts } from "./facts.ts";

type CountyCoverage = components["schemas"]["CountyCoverage"];
type Figures = components["schemas"]["CoverageFigures"];

const figureNames = ["stations", "assigned", "assignedNotArrived", "observed", "opened", "reporting", "counted", "silent", "irregularities"] as const;

/**
 * Every county in display order with its coverage figures in the round (its stations, their reports and
 * assignments), their sums, and the database's time of the query.
 */
export async function coverageBoard(db: Kysely<Database>, scope: NgoScope, roundId: number, silentMinutes: number) {
  // A county's stations are its active ones, and its retired ones that were observed: a retired station keeps its
  // reports on the board, so that `stations - observed` still counts the stations with no observer yet. It keeps its
  // assignments too, but nobody is expected there any more: only active stations count as assigned.
  const { rows } = await sql<CountyCoverage & { asOf: Date }>`
    WITH per_county AS (
      SELECT s.county_id,
             count(*) FILTER (WHERE s.status = 'active' OR coalesce(f.observed, false))::int AS stations,
             count(*) FILTER (WHERE s.status = 'active' AND a.id IS NOT NULL)::int AS assigned,
             count(*) FILTER (WHERE s.status = 'active' AND a.not_arrived)::int AS assigned_not_arrived,
             count(*) FILTER (WHERE f.observed)::int AS observed,
             count(*) FILTER (WHERE f.opened)::int AS opened,
             count(*) FILTER (WHERE f.reporting)::int AS reporting,
             count(*) FILTER (WHERE f.counted)::int AS counted,
             count(*) FILTER (WHERE ${isSilent(silentMinutes)})::int AS silent,
             coalesce(sum(f.irregularities), 0)::int AS irregularities
      FROM polling_station s
      LEFT JOIN (${stationFacts(scope, roundId)}) AS f ON f.id = s.id
      LEFT JOIN (${stationAssignments(scope, roundId)}) AS a ON a.id = s.id
      WHERE s.election_round_id = ${roundId}
      GROUP BY s.county_id
    )
    SELECT statement_timestamp() AS as_of, c.code AS county_code, c.name AS county_name, coalesce(p.stations, 0) AS stations,
           coalesce(p.assigned, 0) AS assigned, coalesce(p.assigned_not_arrived, 0) AS assigned_not_arrived,
           coalesce(p.observed, 0) AS observed, coalesce(p.opened, 0) AS opened, coalesce(p.reporting, 0) AS reporting,
           coalesce(p.counted, 0) AS counted, coalesce(p.silent, 0) AS silent, coalesce(p.irregularities, 0) AS irregularities
    FROM county c LEFT JOIN per_county p ON p.county_id = c.id
    ORDER BY c.display_order, c.name`.execute(db);
  const asOf = rows[0]?.asOf ?? (await sql<{ now: Date }>`SELECT statement_timestamp() AS now`.execute(db)).rows[0]!.now;
  const counties = rows.map(({ asOf: _asOf, ...county }) => county);
  const totals = Object.fromEntries(
    figureNames.map((name) => [name, counties.reduce((sum, county) => sum + county[name], 0)]),
  ) as Figures;
  return { asOf: asOf.toISOString(), silentMinutes, totals, counties };
}
