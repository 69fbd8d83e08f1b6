import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { CamelCasePlugin, Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { skipAbandonedRequests } from "./abandoned-requests.ts";
import { StaffFirstPGliteDialect } from "./staff-first.ts";
import type { Database } from "./schema.ts";

export type Engine = "pglite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  /** Runs a multi-statement SQL text through the raw driver: PGlite refuses it through Kysely's prepared statements. */
  exec(sqlText: string): Promise<void>;
  /**
   * Calls `onNotify` on each NOTIFY of `channel` from any connection, and once after each (re)connection, when
   * notifications may have been missed. Resolves once listening; the answer stops it. Handles made by hand (some
   * test set-ups) may leave it out.
   */
  listen?: (channel: string, onNotify: () => void) => Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const STATEMENT_TIMEOUT_MS = 60_000;

// int8 (count(*), bigserial) arrives as a string from pg and as a number from PGlite: make pg match.
pg.types.setTypeParser(20, (value) => Number(value));

/**
 * Opens the database named by a URL:
 * `postgres://…` → PostgreSQL through a pg pool of `poolSize` connections; `pglite:memory` → in-memory PGlite;
 * `pglite:<dir>` → PGlite on disk.
 */
export async function openDatabase(url: string, { poolSize = 10 }: { poolSize?: number } = {}): Promise<DatabaseHandle> {
  if (url.startsWith("postgres://") || url.startsWith("postgresql://")) {
    // A statement that runs away (a client gone, a pathological filter) is stopped by the database itself. JIT
    // compilation is for long analytic queries: on a list whose estimate crosses jit_above_cost it adds its 50–80 ms
    // of compiling to a 20 ms query (the active observers of a county on election day, npm run bench:scale).
    const pool = new pg.Pool({ connectionString: url, max: poolSize, statement_timeout: STATEMENT_TIMEOUT_MS, options: "-c jit=off" });
    // An idle connection dropped by the server (restart, timeout) must not crash the process: the pool reconnects.
    pool.on("error", (error) => console.warn(`PostgreSQL dropped an idle connection: ${error.message}`));
    return {
      db: new Kysely<Database>({ dialect: skipAbandonedRequests(new PostgresDialect({ pool })), plugins: [new CamelCasePlugin()] }),
      engine: "postgres",
      exec: async (sqlText) => void (await pool.query(sqlText)),
      listen: (channel, onNotify) => listenOnPostgres(url, channel, onNotify),
      close: () => pool.end(),
    };
  }
  if (!url.startsWith("pglite:")) throw new Error(`Unsupported DATABASE_URL: ${url}`);
  const location = url.slice("pglite:".length);
  if (location !== "memory") mkdirSync(location, { recursive: true });
  return pgliteDatabase(await PGlite.create(location === "memory" ? undefined : location));
}

/** A handle on an open PGlite database (tests open theirs from a dump of a seeded one); closing it closes PGlite. */
export function pgliteDatabase(pglite: PGlite): DatabaseHandle {
  const db = new Kysely<Database>({ dialect: skipAbandonedRequests(new StaffFirstPGliteDialect({ pglite })), plugins: [new CamelCasePlugin()] });
  return {
    db,
    engine: "pglite",
    exec: async (sqlText) => void (await pglite.exec(sqlText)),
    listen: (channel, onNotify) => listenOnPglite(pglite, channel, onNotify),
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

/** PGlite's NOTIFY stays in this process; the first call lets a listener read what came before it listened. */
export async function listenOnPglite(pglite: PGlite, channel: string, onNotify: () => void): Promise<() => Promise<void>> {
  const unlisten = await pglite.listen(checkedChannel(channel), () => onNotify());
  onNotify();
  return async () => {
    if (!pglite.closed) await unlisten();
  };
}

const RECONNECT_DELAYS_MS = [500, 1_000, 2_000, 5_000, 10_000];

function checkedChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a plain channel name: ${channel}`);
  return channel;
}

/**
 * LISTEN holds a session, so it has its own connection outside the pool. When that connection fails (a restart, a
 * network cut), it reconnects with a growing delay and says so through `onNotify`: what was sent meanwhile is lost.
 */
async function listenOnPostgres(url: string, channel: string, onNotify: () => void): Promise<() => Promise<void>> {
  const name = checkedChannel(channel);
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;

  async function connect(initial: boolean): Promise<void> {
    const next = new pg.Client({ connectionString: url, keepAlive: true });
    let failed = false;
    const fail = (error?: Error) => {
      if (failed) return;
      failed = true;
      if (client === next) client = null;
      void next.end().catch(() => {});
      if (stopped) return;
      if (error) console.warn(`The live listener lost PostgreSQL (${error.message}); reconnecting.`);
      const delay = RECONNECT_DELAYS_MS[Math.min(failures++, RECONNECT_DELAYS_MS.length - 1)];
      retry = setTimeout(() => void connect(false).catch(() => {}), delay);
      retry.unref();
    };
    next.on("error", fail);
    next.on("end", () => fail(new Error("connection ended")));
    next.on("notification", (message) => {
      if (message.channel === name) onNotify();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${name}`);
    } catch (error) {
      // At start, a database that cannot be reached is the caller's error to report; later, one to wait out.
      if (initial) stopped = true;
      fail(error as Error);
      if (initial) throw error;
      return;
    }
    if (stopped) return void next.end().catch(() => {});
    client = next;
    failures = 0;
    onNotify();
  }

  await connect(true);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = null;
    await last?.end().catch(() => {});
  };
}
