import type { AdminHandlers } from "../http/handler.ts";

/** The staff's live event stream (server-sent events). */
export const liveHandlers: AdminHandlers = {};
