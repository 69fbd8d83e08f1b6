import { sql, type Kysely } from "kysely";
import type { Database, PollingStationStatus } from "../db/schema.ts";
import { fieldErrorMap } from "../http/validation.ts";
import { problem, ProblemError } from "../problem.ts";

/** A station as staff name it when assigning: its county's code and its number. */
export interface StationRef {
  countyCode: string;
  pollingStationNumber: number;
}

export interface KnownStation {
  id: number;
  status: PollingStationStatus;
  /** "CJ 15", as the activity log names it. */
  name: string;
}

export const stationName = (ref: StationRef) => `${ref.countyCode} ${ref.pollingStationNumber}`;

/** One round's registry's stations named by `refs`, keyed by `stationName`; a name the registry does not have is absent. */
export async function lookUpStations(db: Kysely<Database>, roundId: number, refs: readonly StationRef[]): Promise<Map<string, { id: number; status: PollingStationStatus }>> {
  if (refs.length === 0) return new Map();
  const { rows } = await sql<{ code: string; number: number; id: number; status: PollingStationStatus }>`
    SELECT w.code, w.number, s.id, s.status
    FROM unnest(${refs.map((ref) => ref.countyCode)}::text[], ${refs.map((ref) => ref.pollingStationNumber)}::int[]) AS w(code, number)
    JOIN county c ON c.code = w.code
    JOIN polling_station s ON s.election_round_id = ${roundId} AND s.county_id = c.id AND s.number = w.number`.execute(db);
  return new Map(rows.map((row) => [`${row.code} ${row.number}`, { id: row.id, status: row.status }]));
}

/**
 * One round's registry's stations named by `refs`, at most once each. One not in the registry is a 404 naming its
 * `stations[i].` field; a retired one is refused (422 `station_retired`) unless `keep` says the observer already has
 * it, so that saving an observer's list again still works after one of its stations was retired.
 */
export async function knownStations(db: Kysely<Database>, roundId: number, refs: readonly StationRef[], keep: (id: number) => boolean = () => false): Promise<KnownStation[]> {
  const found = await lookUpStations(db, roundId, refs);
  const unknown = fieldErrorMap();
  const retired = fieldErrorMap();
  const stations = new Map<number, KnownStation>();
  refs.forEach((ref, index) => {
    const name = stationName(ref);
    const station = found.get(name);
    const field = `stations[${index}].pollingStationNumber`;
    if (!station) unknown[field] = [{ code: "not_found", message: `There is no polling station ${name}.` }];
    else if (station.status === "retired" && !keep(station.id)) retired[field] = [{ code: "retired", message: `Polling station ${name} is retired.` }];
    else stations.set(station.id, { ...station, name });
  });
  if (Object.keys(unknown).length > 0) throw new ProblemError(problem(404, "not_found", "A polling station is not in the registry.", { errors: unknown }));
  if (Object.keys(retired).length > 0) {
    throw new ProblemError(problem(422, "station_retired", "A retired polling station takes no new observers.", { errors: retired }));
  }
  return [...stations.values()];
}
