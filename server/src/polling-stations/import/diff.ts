import {
  FACT_FIELDS,
  type CurrentStation,
  type FactField,
  type FileStation,
  type StationFacts,
  type StationImportField,
  type StationStatus,
} from "./fields.ts";

export interface FieldChange {
  field: StationImportField;
  before: string | null;
  after: string | null;
}

/** A station of the registry the import writes: its facts and status after, and how they differ from before. */
export interface StationUpdate extends StationFacts {
  id: number;
  countyId: number;
  number: number;
  status: StationStatus;
  changes: FieldChange[];
  /** Retired before, active after. */
  reactivated: boolean;
  /** Whether the file lists it: a station only missing from the file keeps its facts and just retires. */
  listed: boolean;
}

export interface RegistryDiff {
  added: FileStation[];
  /** Facts changed, or brought back; the status stays or becomes active. */
  changed: StationUpdate[];
  /** Active stations that retire: missing from the file (with `retireMissing`), or listed as retired. */
  retired: StationUpdate[];
  unchanged: number;
}

// County ids are small and numbers below 2^31: one safe integer per station.
const keyOf = (station: { countyId: number; number: number }) => station.countyId * 2 ** 31 + station.number;
const asText = (value: string | number | null) => (value === null ? null : String(value));

/**
 * What importing the file's stations would do to the registry, matched by county and number. A fact whose column
 * the file lacks keeps its current value (the official list has no coordinates: importing it keeps those the
 * template set), so only the `present` facts are compared.
 */
export function diffRegistry(
  file: readonly FileStation[],
  current: readonly CurrentStation[],
  present: ReadonlySet<FactField>,
  retireMissing: boolean,
): RegistryDiff {
  const byKey = new Map(current.map((station) => [keyOf(station), station]));
  const listed = new Set<number>();
  const diff: RegistryDiff = { added: [], changed: [], retired: [], unchanged: 0 };
  for (const row of file) {
    const before = byKey.get(keyOf(row));
    if (!before) {
      diff.added.push(row);
      continue;
    }
    listed.add(before.id);
    const update = updateOf(before, row, present);
    if (row.status === "retired" && before.status === "active") diff.retired.push(update);
    else if (update.changes.length > 0 || update.reactivated) diff.changed.push(update);
    else diff.unchanged++;
  }
  if (retireMissing) {
    for (const station of current) {
      if (station.status !== "active" || listed.has(station.id)) continue;
      diff.retired.push({ ...station, status: "retired", changes: [], reactivated: false, listed: false });
    }
  }
  return diff;
}

function updateOf(before: CurrentStation, row: FileStation, present: ReadonlySet<FactField>): StationUpdate {
  const facts = {} as StationFacts;
  const changes: FieldChange[] = [];
  for (const field of FACT_FIELDS) {
    const after = present.has(field) ? row[field] : before[field];
    (facts as Record<FactField, string | number | null>)[field] = after;
    if (after !== before[field]) changes.push({ field, before: asText(before[field]), after: asText(after) });
  }
  return {
    id: before.id,
    countyId: before.countyId,
    number: before.number,
    ...facts,
    status: row.status,
    changes,
    reactivated: before.status === "retired" && row.status === "active",
    listed: true,
  };
}
