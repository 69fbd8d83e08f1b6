import type { PageValues } from "../../../shared/machines/page-mode.machine";
import type { PollingStation, PollingStationStatus } from "../polling-stations.types";

/** What the station form edits: every fact as typed (the number fields too, so a half-typed value stays on screen). */
export interface StationFormValues {
  countyCode: string;
  number: string;
  locality: string;
  institution: string;
  address: string;
  registeredVoters: string;
  latitude: string;
  longitude: string;
}

export type StationFormField = keyof StationFormValues;

/** Why a field is invalid, as a code the view translates (the server's FieldError codes are read the same way). */
export type StationFieldProblem = "required" | "positive_integer" | "whole_number" | "number_format" | "latitude_range" | "longitude_range";

export type StationFormProblems = Partial<Record<StationFormField, StationFieldProblem>>;

export const EMPTY_STATION_FORM: StationFormValues = {
  countyCode: "",
  number: "",
  locality: "",
  institution: "",
  address: "",
  registeredVoters: "",
  latitude: "",
  longitude: "",
};

/** The contract's limits (PollingStationInput in openapi.yaml). */
export const STATION_TEXT_LIMITS = { locality: 200, institution: 300, address: 300 } as const;
const MAX_INTEGER = 2_147_483_647;

const STATUSES: readonly PollingStationStatus[] = ["active", "retired"];
const WHOLE_NUMBER = /^\d+$/;
const DECIMAL = /^-?\d+(?:[.,]\d+)?$/;

const decimalOf = (value: string) => Number(value.replace(",", "."));

/** A station number is a whole number from 1, a count of voters one from 0; both fit PostgreSQL's integer. */
function integerProblem(value: string, { required, min }: { required: boolean; min: 0 | 1 }): StationFieldProblem | null {
  if (value === "") return required ? "required" : null;
  const fits = WHOLE_NUMBER.test(value) && Number(value) >= min && Number(value) <= MAX_INTEGER;
  return fits ? null : min === 1 ? "positive_integer" : "whole_number";
}

function coordinateProblem(value: string, limit: number, outside: StationFieldProblem): StationFieldProblem | null {
  if (value === "") return null;
  if (!DECIMAL.test(value)) return "number_format";
  return Math.abs(decimalOf(value)) > limit ? outside : null;
}

/** The contract's rules on a draft: county and number required, whole numbers, coordinates within the globe. */
export function validateStationForm(values: StationFormValues): StationFormProblems {
  const trimmed = (field: StationFormField) => values[field].trim();
  const problems: StationFormProblems = {};
  if (trimmed("countyCode") === "") problems.countyCode = "required";
  const number = integerProblem(trimmed("number"), { required: true, min: 1 });
  if (number) problems.number = number;
  const voters = integerProblem(trimmed("registeredVoters"), { required: false, min: 0 });
  if (voters) problems.registeredVoters = voters;
  const latitude = coordinateProblem(trimmed("latitude"), 90, "latitude_range");
  if (latitude) problems.latitude = latitude;
  const longitude = coordinateProblem(trimmed("longitude"), 180, "longitude_range");
  if (longitude) problems.longitude = longitude;
  return problems;
}

/** A station's facts as the form shows them: absent ones empty. */
export function formValuesOf(station: PollingStation): StationFormValues {
  const text = (value: string | number | null) => (value === null ? "" : String(value));
  return {
    countyCode: station.countyCode,
    number: String(station.number),
    locality: text(station.locality),
    institution: text(station.institution),
    address: text(station.address),
    registeredVoters: text(station.registeredVoters),
    latitude: text(station.latitude),
    longitude: text(station.longitude),
  };
}

const textOf = (values: PageValues, field: StationFormField) => {
  const value = values[field];
  return typeof value === "string" ? value.trim() : "";
};

/**
 * The body of createPollingStation and updatePollingStation for a (valid) draft: every fact, an empty one as null
 * (an update replaces them all), numbers as numbers, and the status the draft carries (an edit keeps the station's;
 * a new station has none and starts active).
 */
export function toStationInput(values: PageValues) {
  const orNull = (field: StationFormField) => textOf(values, field) || null;
  const numberOrNull = (field: StationFormField) => (textOf(values, field) === "" ? null : decimalOf(textOf(values, field)));
  const status = STATUSES.find((candidate) => candidate === values.status);
  return {
    countyCode: textOf(values, "countyCode"),
    number: Number(textOf(values, "number")),
    locality: orNull("locality"),
    institution: orNull("institution"),
    address: orNull("address"),
    registeredVoters: numberOrNull("registeredVoters"),
    latitude: numberOrNull("latitude"),
    longitude: numberOrNull("longitude"),
    ...(status ? { status } : {}),
  };
}

/** The same station with another status: what reactivating sends (updatePollingStation replaces every fact). */
export const stationWithStatus = (station: PollingStation, status: PollingStationStatus) =>
  toStationInput({ ...formValuesOf(station), status });
