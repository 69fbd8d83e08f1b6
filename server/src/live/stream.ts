import type { Kysely } from "kysely";
import type { Admin } from "../auth/principal.ts";
import type { Database } from "../db/schema.ts";
import { readBacklog } from "./backlog.ts";
import { inScope, KEEP_ALIVE_FRAME, RESET_FRAME, threadFrame, type LiveEvent } from "./events.ts";
import type { LiveHub } from "./hub.ts";

export interface LiveStreamOptions {
  hub: LiveHub;
  db: Kysely<Database>;
  admin: Admin;
  /** The round whose threads the stream follows. */
  roundId: number;
  /** The client's Last-Event-ID; null: only the events from now on. */
  lastEventId: number | null;
  /** The stream ends then: when its token stops being valid. */
  expiresAt: Date;
  now: Date;
  /** The request's: the stream ends when the client goes away. */
  signal: AbortSignal;
  /** Bytes a client may leave unread before the stream ends (it reconnects and resumes where it stopped). */
  queueBytes?: number;
  backlogBatch?: number;
}

const encoder = new TextEncoder();
const OPENING_FRAME = ": live\n\n";
/** Live events held while the backlog is sent; past this the stream ends and the client resumes. */
const MAX_HELD_EVENTS = 10_000;
/** setTimeout's longest delay (about 24.8 days); a longer one would fire at once. */
const MAX_TIMER_MILLISECONDS = 2 ** 31 - 1;

/**
 * One client's `text/event-stream`. It subscribes to the hub before reading the backlog, holds what the hub
 * delivers meanwhile, and sends each id once in increasing order: the backlog covers up to what the database held
 * when it was read, the hub everything after its cursor at subscription, so together they leave no gap. Nothing is
 * sent before the hub has checked the caller's access once more after subscribing: a change committed between the
 * request's authentication and the subscription would otherwise go unseen.
 */
export function openLiveStream(options: LiveStreamOptions): Response {
  const { hub, db, admin, roundId, lastEventId, expiresAt, now, signal, queueBytes = 1024 * 1024, backlogBatch = 200 } = options;
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let ended = false;
  // Ids up to here are not sent: the client has them, or this stream sent them already.
  let skipThrough = lastEventId ?? 0;
  let highestSent = 0;
  let held: LiveEvent[] | null = [];
  let onPull: (() => void) | null = null;
  let unsubscribe = () => {};
  let expiry: NodeJS.Timeout | undefined;

  const body = new ReadableStream<Uint8Array>(
    {
      start: (c) => void (controller = c),
      pull: () => {
        onPull?.();
        onPull = null;
      },
      cancel: () => end(),
    },
    { highWaterMark: queueBytes, size: (chunk) => chunk.byteLength },
  );

  /** `capped`: live writes, which come at the writers' pace, not the reader's. */
  function write(text: string, capped: boolean) {
    if (ended) return;
    controller.enqueue(encoder.encode(text));
    // A client that reads slower than events come would grow this queue without bound: it resumes instead.
    if (capped && (controller.desiredSize ?? 0) < 0) end();
  }

  function send(event: LiveEvent, capped: boolean) {
    if (event.id <= skipThrough) return;
    skipThrough = highestSent = event.id;
    write(threadFrame(event, admin), capped);
  }

  function end() {
    if (ended) return;
    ended = true;
    unsubscribe();
    clearTimeout(expiry);
    signal.removeEventListener("abort", end);
    onPull?.();
    try {
      controller.close();
    } catch {
      // Already closed or cancelled by the reader.
    }
  }

  /** Until the client has read what is queued: the backlog goes no faster than the client takes it. */
  function roomInQueue(): Promise<void> {
    if (ended || (controller.desiredSize ?? 0) > 0) return Promise.resolve();
    return new Promise((resolve) => (onPull = resolve));
  }

  async function replay(after: number) {
    for (let first = true; ; first = false) {
      await roomInQueue();
      if (ended) return;
      const page = await readBacklog(db, admin, roundId, after, backlogBatch);
      if (ended) return;
      // Trimmed past the client's point, or a point this database never reached (it was recreated): what the
      // client shows cannot be brought up to date event by event.
      if (page.trimmedThrough > after || (first && after > page.reached)) {
        // From here the stream is one without Last-Event-ID: what the hub delivered since the subscription.
        skipThrough = highestSent;
        return write(RESET_FRAME, false);
      }
      for (const event of page.events) send(event, false);
      if (page.events.length < backlogBatch) return;
      after = page.events.at(-1)!.id;
    }
  }

  /** Then what the hub delivered meanwhile, at the client's pace too; live events queue behind it until it is done. */
  async function sendHeld() {
    while (held && held.length > 0) {
      await roomInQueue();
      if (ended) return;
      for (const event of held.splice(0, backlogBatch)) send(event, false);
    }
    held = null;
  }

  /** Ends the stream when its token expires, in steps when that is further away than a timer reaches. */
  function endAtExpiry(milliseconds: number) {
    if (milliseconds <= 0) return end();
    const step = Math.min(milliseconds, MAX_TIMER_MILLISECONDS);
    expiry = setTimeout(() => endAtExpiry(milliseconds - step), step);
    expiry.unref();
  }

  unsubscribe = hub.subscribe({
    admin,
    wants: (event) => event.roundId === roundId && inScope(admin, event),
    deliver: (event) => {
      if (!held) return send(event, true);
      held.push(event);
      if (held.length > MAX_HELD_EVENTS) end();
    },
    // Only on an idle connection: a queue that is not empty says the connection is busy, or the client stuck.
    keepAlive: () => {
      if (controller.desiredSize === queueBytes) write(KEEP_ALIVE_FRAME, false);
    },
    close: end,
  });
  signal.addEventListener("abort", end, { once: true });
  if (signal.aborted) end();
  endAtExpiry(expiresAt.getTime() - now.getTime());

  write(OPENING_FRAME, false);
  hub
    .accessChecked()
    .then(() => (lastEventId === null ? undefined : replay(lastEventId)))
    .then(sendHeld)
    .catch((error: unknown) => {
      if (!ended) console.error("The live stream could not read its backlog:", error);
      end();
    });

  return new Response(body, {
    headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-store", "x-accel-buffering": "no" },
  });
}
