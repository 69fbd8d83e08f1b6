import type { AdminHandlers } from "../http/handler.ts";

/** Staff triage of answer threads: review states, claims, comments, timelines and the tab title's count. */
export const triageHandlers: AdminHandlers = {};
