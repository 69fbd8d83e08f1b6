import type { SnapshotFrom } from "xstate";
import type { resourceMachine } from "../../../shared/machines/resource.machine";
import type { CoverageStationList } from "./coverage.actors";
import { withUnobserved } from "./coverage-board";
import type { coverageMachine } from "./coverage.machine";

type CoverageSnapshot = SnapshotFrom<typeof coverageMachine>;
type ResourceSnapshot = SnapshotFrom<typeof resourceMachine>;

/** True while there is nothing to show yet. */
export const selectIsLoading = (snapshot: CoverageSnapshot) => snapshot.hasTag("busy");

/** True while the figures shown load again. */
export const selectIsRefreshing = (snapshot: CoverageSnapshot) => snapshot.hasTag("refreshing");

/** Why the first load failed, only while that failure is on screen. */
export const selectLoadError = (snapshot: CoverageSnapshot) => (snapshot.matches("failed") ? snapshot.context.error : null);

/** The last refresh failed: the figures shown may be out of date. */
export const selectIsStale = (snapshot: CoverageSnapshot) => snapshot.context.stale;

export const selectCoverage = (snapshot: CoverageSnapshot) => snapshot.context.coverage;

export const selectSort = (snapshot: CoverageSnapshot) => snapshot.context.sort;

/** The counties with their unobserved stations, in the server's order (memoised per answer, for useSelector). */
const rowsOf = new WeakMap<object, ReturnType<typeof withUnobserved>[]>();
export const selectCoverageRows = (snapshot: CoverageSnapshot) => {
  const coverage = snapshot.context.coverage;
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
