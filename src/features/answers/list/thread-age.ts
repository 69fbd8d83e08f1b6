import type { components } from "../../../api/schema";

type Thread = components["schemas"]["AnswerThread"];

/** An unhandled urgent thread's age clock turns amber after 10 minutes and red after 30. */
export const AMBER_AFTER_MINUTES = 10;
export const RED_AFTER_MINUTES = 30;

/** Flagged, still new and held by nobody: the threads the age clock runs on and the tab title counts. */
export const isUnhandled = (thread: Thread) => thread.flaggedCount > 0 && thread.state === "new" && thread.claim === null;
