import { createStore } from "@xstate/store";
import type { SortDirection } from "../../../shared/machines/list.machine";

/** The board's columns: the county's name, or one of its figures. */
export type CoverageColumn =
  | "county"
  | "stations"
  | "assigned"
  | "assignedNotArrived"
  | "unobserved"
  | "observed"
  | "opened"
  | "reporting"
  | "counted"
  | "silent";

export interface CoverageSort {
  by: CoverageColumn;
  direction: SortDirection;
}

/**
 * How the coverage board is sorted: the view's own state, beside the figures (a resource machine that loads and
 * refreshes them). null: the server's order of the counties. One per coverage section, kept across refreshes and
 * thresholds.
 */
export function createCoverageSortStore() {
  return createStore({
    context: { sort: null as CoverageSort | null },
    on: {
      /** The same column flips its direction; the county starts A to Z, a figure starts with the largest. */
      toggle: (context, event: { by: CoverageColumn }) => {
        const firstDirection: SortDirection = event.by === "county" ? "asc" : "desc";
        const direction: SortDirection =
          context.sort?.by === event.by ? (context.sort.direction === "asc" ? "desc" : "asc") : firstDirection;
        return { sort: { by: event.by, direction } };
      },
    },
  });
}

export type CoverageSortStore = ReturnType<typeof createCoverageSortStore>;

export const selectSort = (snapshot: { context: { sort: CoverageSort | null } }) => snapshot.context.sort;
