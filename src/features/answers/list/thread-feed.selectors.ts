import type { SnapshotFrom } from "xstate";
import type { threadFeedMachine } from "./thread-feed.machine";

type FeedSnapshot = SnapshotFrom<typeof threadFeedMachine>;

/** How many matching threads changed off screen: the "N new" bar's number. */
export const selectArrivalCount = (snapshot: FeedSnapshot) => snapshot.context.arrivals.length;

/** True while page 1 loads again to show the arrivals. */
export const selectCatchingUp = (snapshot: FeedSnapshot) => snapshot.matches({ arrivals: "catchingUp" });

export const selectPatches = (snapshot: FeedSnapshot) => snapshot.context.patches;

export const selectCursor = (snapshot: FeedSnapshot) => snapshot.context.cursor;

export const selectFocusRequest = (snapshot: FeedSnapshot) => snapshot.context.focusRequest;
