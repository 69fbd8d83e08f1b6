import { sql, type Kysely } from "kysely";
import type { Database, PollingStationStatus } from "../db/schema.ts";
import { fieldErrorMap } from "../http/validation.ts";
import { problem, ProblemError, type FieldError } from "../problem.ts";

/** How observers name a polling station: its county's code and its number within the county. */
export interface StationRef {
  countyCode: string;
  pollingStationNumber: number;
}

/** A station's id, and whether it is abroad (its county is the diaspora's). */
export interface ResolvedStation {
  id: number;
  abroad: boolean;
}

const keyOf = (station: StationRef) => `${station.countyCode}:${station.pollingStationNumber}`;

/** What a caller does with a retired station: refuse it (a new report) or take it (closing a visit made before). */
export type RetiredStations = "refuse" | "accept";

/**
 * The named stations of one round's registry, keyed by `countyCode:number`. A station is known when that registry has
 * its row: an unknown
 * county or number is a 404, and (unless `retired` is "accept") a retired station a 422 `station_retired`, each
 * naming the offending fields, so that a client can point at them.
 */
export async function resolveStations(
  db: Kysely<Database>,
  roundId: number,
  stations: { ref: StationRef; field: string }[],
  retired: RetiredStations = "refuse",
): Promise<Map<string, ResolvedStation>> {
  const wanted = [...new Map(stations.map((s) => [keyOf(s.ref), s.ref])).values()];
  // Counties and stations in one round trip (every answer batch starts here); two arrays rather than a row-value IN
  // list, which PGlite answers with no rows when it is long.
  const { rows } = await sql<{ code: string; number: number; countyId: number | null; diaspora: boolean | null; stationId: number | null; status: PollingStationStatus | null }>`
    SELECT w.code, w.number, c.id AS county_id, c.diaspora, s.id AS station_id, s.status
    FROM unnest(${wanted.map((s) => s.countyCode)}::text[], ${wanted.map((s) => s.pollingStationNumber)}::int[]) AS w(code, number)
    LEFT JOIN county c ON c.code = w.code
    LEFT JOIN polling_station s ON s.election_round_id = ${roundId} AND s.county_id = c.id AND s.number = w.number`.execute(db);
  const found = new Map(rows.map((row) => [`${row.code}:${row.number}`, row]));

  const unknown = fieldErrorMap();
  const retiredAt = fieldErrorMap();
  for (const { ref, field } of stations) {
    const row = found.get(keyOf(ref))!;
    const name = `${ref.countyCode} ${ref.pollingStationNumber}`;
    if (row.countyId === null) unknown[`${field}countyCode`] = [{ code: "not_found", message: `There is no county ${ref.countyCode}.` }];
    else if (row.stationId === null) unknown[`${field}pollingStationNumber`] = [{ code: "not_found", message: `There is no polling station ${name}.` }];
    else if (row.status === "retired" && retired === "refuse") {
      retiredAt[`${field}pollingStationNumber`] = [{ code: "retired", message: `Polling station ${name} is retired.` }];
    }
  }
  if (Object.keys(unknown).length > 0) throw notFoundAt("A polling station is unknown.", unknown);
  if (Object.keys(retiredAt).length > 0) throw stationRetired(retiredAt);
  return new Map(rows.map((row) => [`${row.code}:${row.number}`, { id: row.stationId!, abroad: row.diaspora! }]));
}

/** A 422: a retired station keeps its reports but takes no new ones. */
function stationRetired(errors: Record<string, FieldError[]>): ProblemError {
  return new ProblemError(problem(422, "station_retired", "A retired polling station takes no new reports.", { errors }));
}

export const stationKey = keyOf;

/**
 * A form marked diaspora is for stations abroad only; the general forms are for every station, abroad too (see
 * listForms). What an observer sends about a form at a station it is not for is a 422 naming each offending field.
 */
export const formFitsStation = (form: { diaspora: boolean }, station: ResolvedStation) => !form.diaspora || station.abroad;

export function formNotForStation(errors: Record<string, FieldError[]>): ProblemError {
  return new ProblemError(problem(422, "form_not_for_station", "A form for stations abroad only was sent for a station in Romania.", { errors }));
}

/** A 404 that lists which fields named something unknown, so that a client can point at them. */
export function notFoundAt(detail: string, errors: Record<string, FieldError[]>): ProblemError {
  return new ProblemError(problem(404, "not_found", detail, { errors }));
}
