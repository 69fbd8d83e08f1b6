import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { CamelCasePlugin, Kysely, PGliteDialect, PostgresDialect } from "kysely";
import pg from "pg";
import { skipAbandonedRequests } from "./abandoned-requests.ts";
import type { Database } from "./schema.ts";

export type Engine = "pglite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  /** Runs a multi-statement SQL text through the raw driver: PGlite refuses it through Kysely's prepared statements. */
  exec(sqlText: string): Promise<void>;
  close(): Promise<void>;
}

const STATEMENT_TIMEOUT_MS = 60_000;

// int8 (count(*), bigserial) arrives as a string from pg and as a number from PGlite: make pg match.
pg.types.setTypeParser(20, (value) => Number(value));

/**
 * Opens the database named by a URL:
 * `postgres://…` → PostgreSQL through a pg pool; `pglite:memory` → in-memory PGlite; `pglite:<dir>` → PGlite on disk.
 */
export async function openDatabase(url: string): Promise<DatabaseHandle> {
  const plugins = [new CamelCasePlugin()];
  if (url.startsWith("postgres://") || url.startsWith("postgresql://")) {
    // A statement that runs away (a client gone, a pathological filter) is stopped by the database itself.
    const pool = new pg.Pool({ connectionString: url, max: 10, statement_timeout: STATEMENT_TIMEOUT_MS });
    // An idle connection dropped by the server (restart, timeout) must not crash the process: the pool reconnects.
    pool.on("error", (error) => console.warn(`PostgreSQL dropped an idle connection: ${error.message}`));
    return {
      db: new Kysely<Database>({ dialect: skipAbandonedRequests(new PostgresDialect({ pool })), plugins }),
      engine: "postgres",
      exec: async (sqlText) => void (await pool.query(sqlText)),
      close: () => pool.end(),
    };
  }
  if (!url.startsWith("pglite:")) throw new Error(`Unsupported DATABASE_URL: ${url}`);
  const location = url.slice("pglite:".length);
  if (location !== "memory") mkdirSync(location, { recursive: true });
  const pglite = await PGlite.create(location === "memory" ? undefined : location);
  const db = new Kysely<Database>({ dialect: skipAbandonedRequests(new PGliteDialect({ pglite })), plugins });
  return {
    db,
    engine: "pglite",
    exec: async (sqlText) => void (await pglite.exec(sqlText)),
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}
