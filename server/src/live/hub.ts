import { sql, type Kysely } from "kysely";
import { requestSignal } from "../db/abandoned-requests.ts";
import type { DatabaseHandle } from "../db/database.ts";
import type { Database } from "../db/schema.ts";
import { toLiveEvent, type LiveEvent, type LiveEventRow } from "./events.ts";

export const LIVE_CHANNEL = "live_event";
const RETRY_MILLISECONDS = 1_000;

/** One open stream as the hub sees it. */
export interface LiveSubscriber {
  /** Whether this stream may see the event (its admin's scope). */
  wants(event: LiveEvent): boolean;
  /** Events in id order, each id once and above every id delivered before. */
  deliver(event: LiveEvent): void;
  /** A comment line that keeps proxies from closing an idle connection. */
  keepAlive(): void;
  /** The hub stops: end the stream. */
  close(): void;
}

/**
 * The one LISTEN of a server instance: on each notification it reads the live_event rows after the last it read
 * and hands each to the open streams in scope. Every instance reads the same rows, so every stream on every
 * instance sees every event, whichever instance wrote it.
 */
export interface LiveHub {
  start(): Promise<void>;
  /** Stops listening and ends every open stream. */
  stop(): Promise<void>;
  /** Adds a stream; from now on it receives the events after the hub's cursor. The answer removes it. */
  subscribe(subscriber: LiveSubscriber): () => void;
  subscriberCount(): number;
  /** Resolves once every event committed before the call has been handed out (tests, benchmarks). */
  caughtUp(): Promise<void>;
}

export interface LiveHubOptions {
  db: Kysely<Database>;
  /** The database's: see DatabaseHandle.listen. */
  listen: DatabaseHandle["listen"];
  batchSize?: number;
  keepAliveMilliseconds?: number;
}

export function createLiveHub({ db, listen, batchSize = 500, keepAliveMilliseconds = 15_000 }: LiveHubOptions): LiveHub {
  const subscribers = new Set<LiveSubscriber>();
  let cursor = 0;
  let unlisten: (() => Promise<void>) | null = null;
  let keepAlive: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  async function readBatch(): Promise<LiveEventRow[]> {
    return db
      .selectFrom("liveEvent")
      .select(["id", "ngoId", "payload"])
      .where("id", ">", cursor)
      .orderBy("id")
      .limit(batchSize)
      .execute();
  }

  async function readAll(): Promise<void> {
    for (;;) {
      const rows = await readBatch();
      if (stopped) return;
      for (const row of rows) {
        const event = toLiveEvent(row);
        cursor = event.id;
        for (const subscriber of subscribers) if (subscriber.wants(event)) subscriber.deliver(event);
      }
      if (rows.length < batchSize) return;
    }
  }

  // A burst of notifications costs one read running and at most one after it.
  function wake(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    // Not the request's context that triggered the notification (PGlite calls back inside it): a client that went
    // away must not abandon the reads every stream depends on.
    running = requestSignal.exit(async () => {
      try {
        do {
          again = false;
          await readAll().catch((error: unknown) => {
            console.error("The live hub could not read events; trying again shortly:", error);
            const retry = setTimeout(() => void wake(), RETRY_MILLISECONDS);
            retry.unref();
          });
        } while (again && !stopped);
      } finally {
        running = null;
      }
    });
    return running;
  }

  return {
    async start() {
      if (!listen) throw new Error("The live hub needs a database handle that can LISTEN.");
      const last = await sql<{ id: number | null }>`SELECT max(id) AS id FROM live_event`.execute(db);
      cursor = Number(last.rows[0]?.id ?? 0);
      unlisten = await listen(LIVE_CHANNEL, () => void wake());
      keepAlive = setInterval(() => {
        for (const subscriber of subscribers) subscriber.keepAlive();
      }, keepAliveMilliseconds);
      keepAlive.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(keepAlive);
      await unlisten?.();
      unlisten = null;
      await running;
      for (const subscriber of [...subscribers]) subscriber.close();
      subscribers.clear();
    },
    subscribe(subscriber) {
      if (stopped) {
        subscriber.close();
        return () => {};
      }
      subscribers.add(subscriber);
      return () => void subscribers.delete(subscriber);
    },
    subscriberCount: () => subscribers.size,
    async caughtUp() {
      // A read in flight may have started before the latest commit: ask for one more after it.
      if (running) again = true;
      await wake();
    },
  };
}
