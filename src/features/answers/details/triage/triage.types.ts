import type { components } from "../../../../api/schema";
import type { Thread } from "../details.types";

export type { Thread };
export type ThreadTriage = components["schemas"]["ThreadTriage"];
export type ThreadReview = components["schemas"]["ThreadReview"];
export type ThreadClaim = components["schemas"]["ThreadClaim"];
export type ReviewState = components["schemas"]["ReviewState"];
export type TimelineEntry = components["schemas"]["TimelineEntry"];
/** Who and where the thread is about, by name: the details pane's heading, also for a thread opened from a link. */
export type ThreadSubject = Pick<ThreadTriage, "idPollingStation" | "observerName" | "pollingStationName" | "locality" | "address">;

export const reviewStates = ["new", "in_progress", "resolved"] as const satisfies readonly ReviewState[];

/** A review state to set, with the resolution note (kept by the server with `resolved` only). */
export interface StateRequest {
  state: ReviewState;
  note: string;
}

/** What a triage load brings: the server's answer and when it arrived by the browser's clock. */
export interface LoadedTriage {
  triage: ThreadTriage;
  /** Date.now() when the answer arrived: with `serverTime` it gives the offset between the two clocks. */
  receivedAt: number;
}

export interface ClaimInput {
  thread: Thread;
  takeOver: boolean;
}

export interface CommentInput {
  thread: Thread;
  text: string;
  idempotencyKey: string;
}
