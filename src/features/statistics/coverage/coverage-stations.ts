import type { CoverageStation } from "./coverage.actors";

/** Every observer of the stations once, in id order (an observer may cover several stations). */
export const observerIdsOf = (stations: readonly CoverageStation[]): number[] =>
  [...new Set(stations.flatMap((station) => station.observers.map((observer) => observer.id)))].sort((a, b) => a - b);
