import type { components } from "../../../../openapi/schema.d.ts";

export type StationImportField = components["schemas"]["StationImportField"];
export type RowError = components["schemas"]["StationImportRowError"];
export type ImportResult = components["schemas"]["PollingStationImportResult"];
export type DiffEntry = components["schemas"]["StationDiffEntry"];
/** From a field to the file's header that holds it, for headers not recognised on their own. */
export type ColumnMapping = Partial<Record<StationImportField, string>>;

/**
 * What a column can hold: the contract's fields, and the export's `status` (so that the exported registry imports
 * back as it is, its retired stations staying retired); `status` is recognised by its header only, never mapped.
 */
export type ImportColumn = StationImportField | "status";

export const IMPORT_FIELDS: readonly StationImportField[] = [
  "county",
  "number",
  "locality",
  "institution",
  "address",
  "registeredVoters",
  "latitude",
  "longitude",
];

/** The facts a file may set besides the county and number that identify a station. */
export const FACT_FIELDS = ["locality", "institution", "address", "registeredVoters", "latitude", "longitude"] as const;
export type FactField = (typeof FACT_FIELDS)[number];

export type StationStatus = "active" | "retired";

export type StationFacts = { [field in "locality" | "institution" | "address"]: string | null } & {
  [field in "registeredVoters" | "latitude" | "longitude"]: number | null;
};

/** A station as a row of the file gives it, its county resolved. */
export interface FileStation extends StationFacts {
  line: number;
  countyId: number;
  number: number;
  status: StationStatus;
}

/** A station as the registry holds it. */
export interface CurrentStation extends StationFacts {
  id: number;
  countyId: number;
  number: number;
  status: StationStatus;
}

/** A county as the import matches and orders it. */
export interface County {
  id: number;
  code: string;
  name: string;
  diaspora: boolean;
}
