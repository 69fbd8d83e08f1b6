import { roundIdOf } from "../http/handler.ts";
import type { AdminHandlers } from "../http/handler.ts";
import { fail, problem, problemResponse } from "../problem.ts";
import { openLiveStream } from "./stream.ts";

/** The staff's live event stream (server-sent events). */
export const liveHandlers: AdminHandlers = {
  streamLiveEvents: ({ admin, request, tokenExpiresAt, round, deps }) => {
    if (!deps.live) return problemResponse(problem(501, "not_implemented", "This server runs without live events."));
    // The SSE standard sends no header rather than an empty one; both mean "from now on".
    const header = request.headers.get("last-event-id") || null;
    if (header !== null && !/^[0-9]{1,18}$/.test(header)) {
      throw fail.validation({ "Last-Event-ID": [{ code: "pattern", message: "must be the id of an event" }] });
    }
    return openLiveStream({
      hub: deps.live,
      db: deps.db,
      admin,
      roundId: roundIdOf(round),
      lastEventId: header === null ? null : Number(header),
      // Every operation but the public ones has a token.
      expiresAt: tokenExpiresAt!,
      now: deps.clock(),
      signal: request.signal,
    });
  },
};
