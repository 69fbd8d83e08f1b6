import type { components } from "../../../api/schema";

/** A station as staff name it when assigning: its county's code and its number. */
export type StationRef = components["schemas"]["StationRef"];
/** One of an observer's stations, with its facts and the observer's arrival there. */
export type AssignedStation = components["schemas"]["AssignedStation"];
export type County = components["schemas"]["County"];

/** What the add control holds: the county chosen and the number as typed. */
export interface StationDraft {
  countyCode: string | null;
  number: string;
}

export const EMPTY_STATION_DRAFT: StationDraft = { countyCode: null, number: "" };

/**
 * Why the add control's station cannot be added: typed wrong or already listed (found in the browser), or refused
 * by the server (not in the registry, retired, or another refusal of the field).
 */
export type StationProblem = "number_pattern" | "duplicate" | "not_found" | "retired" | "invalid";

/** The contract's PollingStationNumber: a whole number from 1 to PostgreSQL's integer maximum. */
const MAX_STATION_NUMBER = 2147483647;

/** The number as typed, when it is a station number; null otherwise. */
export function parseStationNumber(value: string): number | null {
  const trimmed = value.trim();
  if (!/^[1-9][0-9]{0,9}$/.test(trimmed)) return null;
  const number = Number(trimmed);
  return number <= MAX_STATION_NUMBER ? number : null;
}

/** "CJ 15": how staff, the activity log and the observers import name a station. */
export const stationName = (station: StationRef) => `${station.countyCode} ${station.pollingStationNumber}`;

export const sameStation = (left: StationRef, right: StationRef) =>
  left.countyCode === right.countyCode && left.pollingStationNumber === right.pollingStationNumber;

/** The reference the server takes back for a station it listed. */
export const refOf = ({ countyCode, pollingStationNumber }: StationRef): StationRef => ({ countyCode, pollingStationNumber });

/** The draft's station once a county is chosen and the number is one; null before. */
export function draftStation(draft: StationDraft): StationRef | null {
  const number = parseStationNumber(draft.number);
  return draft.countyCode !== null && number !== null ? { countyCode: draft.countyCode, pollingStationNumber: number } : null;
}

/** What the browser finds wrong with the draft: a number that is not one, or a station already listed. */
export function draftProblem(draft: StationDraft, listed: readonly StationRef[]): StationProblem | null {
  if (draft.number.trim() !== "" && parseStationNumber(draft.number) === null) return "number_pattern";
  const station = draftStation(draft);
  return station && listed.some((candidate) => sameStation(candidate, station)) ? "duplicate" : null;
}

/** The draft's station when it can be added to `listed`: complete, well formed and not listed yet. */
export function addableStation(draft: StationDraft, listed: readonly StationRef[]): StationRef | null {
  return draftProblem(draft, listed) === null ? draftStation(draft) : null;
}

const STATION_FIELD = /^stations\[(\d+)\]\.(countyCode|pollingStationNumber)$/;

function problemOf(code: string | undefined): StationProblem {
  return code === "not_found" || code === "retired" ? code : "invalid";
}

/**
 * The stations a refusal names, by their index in the list sent (the server's `stations[i].` fields, 404 not_found
 * and 422 station_retired), each with the first problem code given for it.
 */
export function refusedStations(fieldErrors: Readonly<Record<string, readonly string[]>>): Map<number, StationProblem> {
  const refused = new Map<number, StationProblem>();
  for (const [field, codes] of Object.entries(fieldErrors)) {
    const index = STATION_FIELD.exec(field)?.[1];
    if (index !== undefined && !refused.has(Number(index))) refused.set(Number(index), problemOf(codes[0]));
  }
  return refused;
}
