import type { CountyCoverage, CoverageMeasure } from "./coverage.actors";
import type { CoverageColumn, CoverageSort } from "./coverage-sort.store";

/** A county's figures with the stations nobody observes yet, the number the contract lists as `unobserved`. */
export type CoverageRow = CountyCoverage & { unobserved: number };

export type CoverageFigureColumn = Exclude<CoverageColumn, "county">;

/**
 * The board's figures left to right. `stations` has no station list of its own in the contract (it would be the
 * whole county): its number stays plain, and `unobserved` (stations − observed) is the column that links to the
 * stations still without an observer. Every other figure links to the stations it counts. The assignments come
 * first, as the day does: who is expected where, then who is there.
 */
export const BOARD_COLUMNS: readonly CoverageFigureColumn[] = [
  "stations",
  "assigned",
  "assignedNotArrived",
  "unobserved",
  "observed",
  "opened",
  "reporting",
  "counted",
  "silent",
];

/** The measure of listCoverageStations behind a column's numbers; null for the plain `stations`. */
export const measureOf = (column: CoverageFigureColumn): CoverageMeasure | null => (column === "stations" ? null : column);

export const withUnobserved = (county: CountyCoverage): CoverageRow => ({ ...county, unobserved: county.stations - county.observed });

/** The rows in the order asked for; ties keep the server's order (Array.prototype.sort is stable). */
export function sortRows(rows: readonly CoverageRow[], sort: CoverageSort | null, locale: string): CoverageRow[] {
  if (!sort) return [...rows];
  const sign = sort.direction === "asc" ? 1 : -1;
  const collator = new Intl.Collator(locale);
  const { by } = sort;
  return [...rows].sort((left, right) =>
    sign * (by === "county" ? collator.compare(left.countyName, right.countyName) : left[by] - right[by]),
  );
}
