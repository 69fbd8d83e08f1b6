import type { SnapshotFrom } from "xstate";
import type { resourceMachine } from "../../../shared/machines/resource.machine";
import type { Coverage, CoverageStationList } from "./coverage.actors";
import { withUnobserved } from "./coverage-board";

type ResourceSnapshot = SnapshotFrom<typeof resourceMachine>;

/** The figures the resource machine holds, as createCoverageActors gave them; null before they load. */
export const selectCoverage = (snapshot: ResourceSnapshot) => snapshot.context.data as Coverage | null;

/** The counties with their unobserved stations, in the server's order (memoised per answer, for useSelector). */
const rowsOf = new WeakMap<object, ReturnType<typeof withUnobserved>[]>();
export const selectCoverageRows = (snapshot: ResourceSnapshot) => {
  const coverage = selectCoverage(snapshot);
  if (!coverage) return [];
  let rows = rowsOf.get(coverage);
  if (!rows) {
    rows = coverage.counties.map(withUnobserved);
    rowsOf.set(coverage, rows);
  }
  return rows;
};

/** The station list the resource machine holds, as createCoverageStationsLoader gave it; null before it loads. */
export const selectCoverageStationList = (snapshot: ResourceSnapshot) => snapshot.context.data as CoverageStationList | null;
