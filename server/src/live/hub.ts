import { sql, type Kysely } from "kysely";
import { loadAdmins, type Admin } from "../auth/principal.ts";
import { requestSignal } from "../db/abandoned-requests.ts";
import type { DatabaseHandle } from "../db/database.ts";
import type { Database, LiveEventKind } from "../db/schema.ts";
import { fail } from "../problem.ts";
import { toLiveEvent, type LiveEvent, type LiveEventRow } from "./events.ts";

export const LIVE_CHANNEL = "live_event";
const RETRY_MILLISECONDS = 1_000;
/** Open streams one account may hold on one instance: a few tabs and windows, not a flood of connections. */
export const MAX_STREAMS_PER_ACCOUNT = 10;

/** One open stream as the hub sees it. */
export interface LiveSubscriber {
  /** The access the stream was opened with: when a new request would get other access, the stream ends. */
  readonly admin: Admin;
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
  /**
   * Adds a stream; from now on it receives the events after the hub's cursor. The answer removes it. Throws a 429
   * problem when the account holds MAX_STREAMS_PER_ACCOUNT streams already.
   */
  subscribe(subscriber: LiveSubscriber): () => void;
  subscriberCount(): number;
  /** Resolves once every event committed before the call has been handed out (tests, benchmarks). */
  caughtUp(): Promise<void>;
  /**
   * Resolves once every open stream's access has been checked against the database as it is now: a new stream waits
   * for it, since a change committed between its request's authentication and its subscription is behind the hub.
   */
  accessChecked(): Promise<void>;
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
  let stopped = false;

  async function readBatch(): Promise<(LiveEventRow & { kind: LiveEventKind })[]> {
    return db
      .selectFrom("liveEvent")
      .select(["id", "ngoId", "electionRoundId", "kind", "payload"])
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
        // Before any event committed after it (migration 014); the cursor moves on once the check is done.
        if (row.kind === "access") await endStreamsOutOfAccess();
        if (stopped) return;
        cursor = Number(row.id);
        if (row.kind === "access") continue;
        const event = toLiveEvent(row);
        for (const subscriber of subscribers) if (subscriber.wants(event)) subscriber.deliver(event);
      }
      if (rows.length < batchSize) return;
    }
  }

  /** Ends every stream whose account a new request would see otherwise: removed, renamed, moved, its NGO changed. */
  async function endStreamsOutOfAccess(): Promise<void> {
    // Only the streams the read covers: one that subscribes meanwhile waits for the next check.
    const checked = [...subscribers];
    const current = await loadAdmins(db, [...new Set(checked.map((subscriber) => subscriber.admin.adminId))]);
    for (const subscriber of checked) {
      if (subscribers.has(subscriber) && !sameAccess(subscriber.admin, current.get(subscriber.admin.adminId))) subscriber.close();
    }
  }

  const wake = coalesced("read events", readAll, () => stopped);
  const checkAccess = coalesced("check the streams' access", endStreamsOutOfAccess, () => stopped);

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
      await Promise.all([wake.settled(), checkAccess.settled()]);
      for (const subscriber of [...subscribers]) subscriber.close();
      subscribers.clear();
    },
    subscribe(subscriber) {
      if (stopped) {
        subscriber.close();
        return () => {};
      }
      const opened = [...subscribers].filter((other) => other.admin.adminId === subscriber.admin.adminId).length;
      if (opened >= MAX_STREAMS_PER_ACCOUNT) {
        throw fail.tooManyRequests("too_many_streams", `This account already holds ${MAX_STREAMS_PER_ACCOUNT} live streams on this server.`, 30);
      }
      subscribers.add(subscriber);
      return () => void subscribers.delete(subscriber);
    },
    subscriberCount: () => subscribers.size,
    caughtUp: () => wake.again(),
    accessChecked: () => checkAccess.again(),
  };
}

const sameAccess = (granted: Admin, now: Admin | undefined) =>
  now !== undefined && now.account === granted.account && now.ngoId === granted.ngoId && now.organizer === granted.organizer;

/**
 * A task that a burst of notifications runs once, plus at most once more after the run in flight (which may have
 * started before the latest commit). A failed run is tried again shortly.
 */
function coalesced(what: string, task: () => Promise<void>, stopped: () => boolean) {
  let running: Promise<void> | null = null;
  let again = false;
  function run(): Promise<void> {
    if (stopped()) return Promise.resolve();
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
          await task().catch((error: unknown) => {
            console.error(`The live hub could not ${what}; trying again shortly:`, error);
            setTimeout(() => void run(), RETRY_MILLISECONDS).unref();
          });
        } while (again && !stopped());
      } finally {
        running = null;
      }
    });
    return running;
  }
  return Object.assign(run, {
    /** Runs once more after anything in flight, and resolves when that run is done. */
    again(): Promise<void> {
      if (running) again = true;
      return run();
    },
    settled: async () => void (await running),
  });
}
