import { sql } from "kysely";
import type { NgoScope } from "../auth/scope.ts";
import { COUNTING_FORM, isCounted, OPENING_FORM } from "../statistics/counted-observers.ts";

/** Whether the presence row `alias` says its observer was at the station: an arrival, a note or an answer. */
const isPresent = (alias: "r" | "p") => sql.raw(`(${alias}.arrived OR ${alias}.noted OR cardinality(${alias}.form_ids) > 0)`);

/** Whether the station id in `column` is one of the county's in the round (always true without a county). */
const stationsOf = (roundId: number, countyId: number | undefined, column: "r.polling_station_id" | "a.polling_station_id") =>
  countyId === undefined
    ? sql`true`
    : sql`${sql.ref(column)} IN (SELECT id FROM polling_station WHERE election_round_id = ${roundId} AND county_id = ${countyId})`;

/**
 * One row per polling station of the round with a report of a counted observer in `scope` (optionally only one
 * county's): `observed` (an arrival time, an answer or a note), `reporting` (an answer), `opened`/`counted` (an answer
 * to the round's opening/counting form), `irregularities` (flagged answers) and `last_activity` (latest answer, note
 * or station facts). Read from the trigger-kept presence of each observer at each station (migration 011), one row
 * per pair.
 */
export function stationFacts(scope: NgoScope, roundId: number, countyId?: number) {
  return sql`
    SELECT r.polling_station_id AS id,
           max(r.last_activity) AS last_activity,
           bool_or(${isPresent("r")}) AS observed,
           bool_or(cardinality(r.form_ids) > 0) AS reporting,
           coalesce(bool_or(forms.opening = ANY(r.form_ids)), false) AS opened,
           coalesce(bool_or(forms.counting = ANY(r.form_ids)), false) AS counted,
           sum(r.flagged_count)::int AS irregularities
    FROM station_presence r
    CROSS JOIN (
      SELECT (SELECT id FROM form WHERE election_round_id = ${roundId} AND code = ${OPENING_FORM}) AS opening,
             (SELECT id FROM form WHERE election_round_id = ${roundId} AND code = ${COUNTING_FORM}) AS counting
    ) AS forms
    WHERE r.election_round_id = ${roundId} AND ${stationsOf(roundId, countyId, "r.polling_station_id")} AND ${isCounted(scope, "r.observer_id")}
    GROUP BY r.polling_station_id`;
}

/**
 * One row per polling station of the round with an assigned counted observer in `scope` (optionally only one
 * county's), whatever the station's status: `not_arrived` when none of those observers is present there as `observed`
 * reads it (an arrival, a note or an answer). An observer present elsewhere, or an unassigned one present here, does
 * not change it.
 */
export function stationAssignments(scope: NgoScope, roundId: number, countyId?: number) {
  return sql`
    SELECT a.polling_station_id AS id, NOT coalesce(bool_or(${isPresent("p")}), false) AS not_arrived
    FROM station_assignment a
    LEFT JOIN station_presence p ON p.observer_id = a.observer_id AND p.polling_station_id = a.polling_station_id
    WHERE a.election_round_id = ${roundId} AND ${stationsOf(roundId, countyId, "a.polling_station_id")} AND ${isCounted(scope, "a.observer_id")}
    GROUP BY a.polling_station_id`;
}

/** Whether a station's facts row `f` is silent: observed, and nothing from its observers for over `minutes`. */
export const isSilent = (minutes: number) =>
  sql`(f.observed AND f.last_activity < statement_timestamp() - make_interval(mins => ${minutes}::int))`;
