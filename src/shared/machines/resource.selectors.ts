import type { SnapshotFrom } from "xstate";
import type { resourceMachine } from "./resource.machine";

type ResourceSnapshot = SnapshotFrom<typeof resourceMachine>;

/** True while there is nothing to show yet. */
export const selectIsLoading = (snapshot: ResourceSnapshot) => snapshot.hasTag("busy");

/** True while a reload runs under data that stays on screen. */
export const selectIsRefreshing = (snapshot: ResourceSnapshot) => snapshot.hasTag("refreshing");

/** Why the first load failed, only while that failure is on screen (a failed reload keeps the data: see selectIsStale). */
export const selectLoadError = (snapshot: ResourceSnapshot) => (snapshot.matches("failed") ? snapshot.context.error : null);

/** The last reload failed: what is shown may be out of date. */
export const selectIsStale = (snapshot: ResourceSnapshot) => snapshot.context.stale;

/** The loaded data, untyped: each feature casts it in one selector of its own. */
export const selectData = (snapshot: ResourceSnapshot) => snapshot.context.data;
