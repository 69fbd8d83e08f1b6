import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase, type DatabaseHandle, type Engine } from "../../../src/db/database.ts";
import { migrate } from "../../../src/db/migrate.ts";
import { emptyDatabase } from "./empty-database.ts";

const here = dirname(fileURLToPath(import.meta.url));

/** The last migration of the version 018-data.sql describes. */
export const THROUGH = "018_station_audit.sql";
/** The functions and triggers of that version (see its README). */
export const FUNCTIONS_018 = join(here, "functions-018");

export interface DatabaseAt018 {
  handle: DatabaseHandle;
  /** Closes the handle and drops the database. */
  close(): Promise<void>;
}

/**
 * A database of its own, as a deployment at migration 018 left it: the migrations through 018 (migrations are never
 * edited once applied, so today's folder serves), the functions of that time (functions-018/, as functions/ is
 * rewritten in place) and that deployment's data, written through those triggers. Not a copy of the run's template,
 * which is at the latest migration.
 */
export async function databaseAt018(engine: Engine): Promise<DatabaseAt018> {
  const { url, drop } = await emptyDatabase(engine);
  const handle = await openDatabase(url, { poolSize: 2 });
  const close = () => handle.close().then(drop);
  try {
    await migrate(handle, { through: THROUGH, functionsDir: FUNCTIONS_018 });
    // One text by the simple query protocol: one implicit transaction, so the deferred live_event trigger runs too.
    await handle.exec(readFileSync(join(here, "018-data.sql"), "utf8"));
  } catch (error) {
    await close();
    throw error;
  }
  return { handle, close };
}
