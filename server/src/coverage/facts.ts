import { sql } from "kysely";
import type { NgoScope } from "../auth/scope.ts";
import { COUNTING_FORM, isCounted, OPENING_FORM } from "../statistics/counted-observers.ts";

/**
 * One row per polling station with a report of a counted observer in `scope` (optionally only one county's):
 * `observed` (an arrival time, an answer or a note), `reporting` (an answer), `opened`/`counted` (an answer to the
 * opening/counting form), `irregularities` (flagged answers) and `last_activity` (latest answer, note or station
 * facts). Answers come from the trigger-kept per-form tally, so this reads one row per observer, station and form.
 */
export function stationFacts(scope: NgoScope, countyId?: number) {
  const inCounty =
    countyId === undefined ? sql`true` : sql`polling_station_id IN (SELECT id FROM polling_station WHERE county_id = ${countyId})`;
  return sql`
    SELECT r.polling_station_id AS id,
           max(r.at) AS last_activity,
           bool_or(r.present) AS observed,
           bool_or(r.form_id IS NOT NULL) AS reporting,
           coalesce(bool_or(r.form_id = forms.opening), false) AS opened,
           coalesce(bool_or(r.form_id = forms.counting), false) AS counted,
           sum(r.flagged)::int AS irregularities
    FROM (
      SELECT observer_id, polling_station_id, last_modified AS at, true AS present, form_id, flagged_count AS flagged
      FROM answer_tally WHERE ${inCounty}
      UNION ALL
      SELECT observer_id, polling_station_id, max(last_modified), true, NULL, 0
      FROM note WHERE ${inCounty} GROUP BY observer_id, polling_station_id
      UNION ALL
      SELECT observer_id, polling_station_id, last_modified, observer_arrival_time IS NOT NULL, NULL, 0
      FROM polling_station_info WHERE ${inCounty}
    ) AS r
    CROSS JOIN (
      SELECT (SELECT id FROM form WHERE code = ${OPENING_FORM}) AS opening, (SELECT id FROM form WHERE code = ${COUNTING_FORM}) AS counting
    ) AS forms
    WHERE ${isCounted(scope, "r.observer_id")}
    GROUP BY r.polling_station_id`;
}

/** Whether a station's facts row `f` is silent: observed, and nothing from its observers for over `minutes`. */
export const isSilent = (minutes: number) =>
  sql`(f.observed AND f.last_activity < statement_timestamp() - make_interval(mins => ${minutes}::int))`;
