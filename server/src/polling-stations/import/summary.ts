import type { RegistryDiff, StationUpdate } from "./diff.ts";
import type { County, DiffEntry, FileStation, ImportResult } from "./fields.ts";

/** How many stations of each kind the answer lists; the counts cover them all. */
export const DIFF_LIST_LIMIT = 200;

/** The import's answer: the counts, and the first stations of each kind in the registry's order (county, number). */
export function importResult(
  diff: RegistryDiff,
  counties: readonly County[],
  { dryRun, version }: { dryRun: boolean; version: string },
): ImportResult {
  // `counties` comes in display order: a county's place in it is its rank.
  const rank = new Map(counties.map((county, index) => [county.id, { index, code: county.code }]));
  const first = <T extends { countyId: number; number: number }>(stations: readonly T[], entry: (station: T, code: string) => DiffEntry) =>
    [...stations]
      .sort((a, b) => rank.get(a.countyId)!.index - rank.get(b.countyId)!.index || a.number - b.number)
      .slice(0, DIFF_LIST_LIMIT)
      .map((station) => entry(station, rank.get(station.countyId)!.code));
  return {
    dryRun,
    added: diff.added.length,
    changed: diff.changed.length,
    retired: diff.retired.length,
    unchanged: diff.unchanged,
    version,
    diff: {
      added: first(diff.added, addedEntry),
      changed: first(diff.changed, (station, code) => ({ ...updateEntry(station, code), reactivated: station.reactivated })),
      retired: first(diff.retired, updateEntry),
    },
  };
}

const addedEntry = (station: FileStation, countyCode: string): DiffEntry => ({
  countyCode,
  number: station.number,
  locality: station.locality,
  institution: station.institution,
  changes: [],
});

const updateEntry = (station: StationUpdate, countyCode: string): DiffEntry => ({
  countyCode,
  number: station.number,
  locality: station.locality,
  institution: station.institution,
  changes: station.changes,
});
