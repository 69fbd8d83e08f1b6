// The live channel's public API, for the shell and the lists.
export { LiveProvider } from "./LiveProvider";
export { useLiveChannel } from "./live-context";
export { useLiveStatus, useTriageSummary, useUnhandledUrgentCount } from "./use-live";
export type { LiveEvent, LiveStatus, LiveThreadEvent } from "./live-events";
