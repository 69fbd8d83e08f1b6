import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql, type Kysely } from "kysely";
import type { DatabaseHandle } from "./database.ts";
import type { Database } from "./schema.ts";

// Not `new URL("./migrations/", import.meta.url)`: Vite turns that into an asset URL when a jsdom test imports this file.
const here = dirname(fileURLToPath(import.meta.url));
export const migrationsDir = join(here, "migrations");
export const functionsDir = join(here, "functions");

/** Held by the transaction that migrates (any key but the live events' 720514). */
const MIGRATION_LOCK = 720513;
/** The ledger row naming the state of functions/ last applied: this prefix and a digest of the files. */
const FUNCTIONS_ROW = "functions/";

/**
 * Brings a database up to date in one transaction, under an advisory lock: instances started at once on one
 * PostgreSQL database wait for the first, then find nothing left to do (two sessions replacing one function at once
 * fail with "tuple concurrently updated"; PGlite has one session). In that transaction:
 * - the SQL files of migrations/ not applied yet (up to `through`), in name order, each recorded by name in
 *   schema_migrations: tables, indexes and data changes. Their data changes never count on a trigger: a fresh database
 *   gets its triggers after every migration, an older one runs them with the triggers of its previous version.
 * - then functions/, one file per function with its triggers, each written to run again (CREATE OR REPLACE), in name
 *   order: a SQL-language function is checked when created, so one that calls another sorts after it. They run when a
 *   migration ran or a file changed (a digest of the files is recorded), not at every start: replacing a trigger
 *   locks its table against writes, which a database under load should not wait on for nothing.
 * Triggers on one table fire in name order: renaming one can change what it sees. Removing a function or trigger
 * takes a deleted file and a migration that drops it. Returns the migrations applied.
 */
export async function migrate(handle: DatabaseHandle, options: MigrateOptions = {}): Promise<string[]> {
  const migrations = options.migrationsDir ?? migrationsDir;
  const functions = options.functionsDir ?? functionsDir;
  const files = migrationsThrough(migrations, options.through);
  return onOneSession(handle, async (session) => {
    try {
      // No statement timeout: a migration, and waiting for another instance's, take as long as they take.
      await session.exec(
        `BEGIN;
        SET LOCAL statement_timeout = 0;
        SELECT pg_advisory_xact_lock(${MIGRATION_LOCK});
        CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());`,
      );
      const applied = await session.appliedNames();
      const pending = files.filter((name) => !applied.has(name));
      for (const name of pending) {
        await session.run(name, `${readFileSync(join(migrations, name), "utf8")}\n${record(name)}`);
      }
      const bodies = sqlFiles(functions).map((name) => ({ name, body: readFileSync(join(functions, name), "utf8") }));
      const state = FUNCTIONS_ROW + createHash("sha256").update(JSON.stringify(bodies)).digest("hex");
      if (pending.length > 0 || !applied.has(state)) {
        for (const { name, body } of bodies) await session.run(`functions/${name}`, body);
        await session.exec(`DELETE FROM schema_migrations WHERE starts_with(name, '${FUNCTIONS_ROW}');\n${record(state)}`);
      }
      await session.exec("COMMIT");
      return pending;
    } catch (error) {
      await session.exec("ROLLBACK").catch(() => {});
      throw error;
    }
  });
}

/**
 * The upgrade tests (server/test/db/upgrade.test.ts) build a database as an older version left it: its migrations
 * up to one, then its functions, kept apart because functions/ is rewritten in place. Servers use the defaults.
 */
export interface MigrateOptions {
  migrationsDir?: string;
  functionsDir?: string;
  /** The file name of the last migration to apply; a name not in the folder is an error, not "all" or "none". */
  through?: string;
}

function migrationsThrough(directory: string, through: string | undefined): string[] {
  const files = sqlFiles(directory);
  if (through === undefined) return files;
  const last = files.indexOf(through);
  if (last < 0) throw new Error(`No migration ${through} in ${directory}`);
  return files.slice(0, last + 1);
}

/** The .sql files of a folder, in name order. */
export function sqlFiles(directory: string): string[] {
  return readdirSync(directory)
    .filter((name) => name.endsWith(".sql"))
    .sort();
}

const record = (name: string) => `INSERT INTO schema_migrations (name) VALUES ('${name.replaceAll("'", "''")}');`;

interface Session {
  exec(sqlText: string): Promise<void>;
  /** Runs a file's text, naming the file in the error if it fails. */
  run(file: string, sqlText: string): Promise<void>;
  appliedNames(): Promise<Set<string>>;
}

/**
 * Runs `work` on one database session, so that a transaction and its lock span its calls: a connection of the pool
 * on PostgreSQL, the only session on PGlite. Texts of several statements go by the simple query protocol: PGlite's
 * `exec`, and on pg any query without parameters.
 */
async function onOneSession<T>(handle: DatabaseHandle, work: (session: Session) => Promise<T>): Promise<T> {
  const on = (db: Kysely<Database>, exec: (sqlText: string) => Promise<void>) =>
    work({
      exec,
      async run(file, sqlText) {
        try {
          await exec(sqlText);
        } catch (error) {
          throw new Error(`${file}: ${(error as Error).message}`, { cause: error });
        }
      },
      async appliedNames() {
        const { rows } = await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(db);
        return new Set(rows.map((row) => row.name));
      },
    });
  if (handle.engine === "pglite") return on(handle.db, (sqlText) => handle.exec(sqlText));
  return handle.db.connection().execute((connection) => on(connection, async (sqlText) => void (await sql.raw(sqlText).execute(connection))));
}
