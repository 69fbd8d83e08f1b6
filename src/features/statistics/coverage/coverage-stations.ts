import type { CoverageMeasure, CoverageStation } from "./coverage.actors";

/** Every observer of the stations once, in id order (an observer may cover several stations). */
export const observerIdsOf = (stations: readonly CoverageStation[]): number[] =>
  [...new Set(stations.flatMap((station) => station.observers.map((observer) => observer.id)))].sort((a, b) => a - b);

/** Whether a list's `observers` are the stations' assigned observers (the ones to call), not the ones present. */
export const listsAssignedObservers = (measure: CoverageMeasure) => measure === "assigned" || measure === "assignedNotArrived";
