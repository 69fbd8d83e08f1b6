import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, PGliteDialect } from "kysely";
import type { TestProject } from "vitest/node";
import { migrate } from "../../server/src/db/migrate.ts";

/**
 * Runs initdb and the migrations once per run and leaves the data directory (a tar) for the web project's test
 * server: loading it takes a fraction of what initdb and the migrations take in every test file.
 */
export default async function setup(project: TestProject) {
  const pglite = await PGlite.create();
  const db = new Kysely({ dialect: new PGliteDialect({ pglite }) });
  await migrate({ db, engine: "pglite", exec: async (text) => void (await pglite.exec(text)), close: async () => {} });
  const dump = await pglite.dumpDataDir("none");
  // Destroying Kysely's PGlite driver closes PGlite too: no second close.
  await db.destroy();
  const directory = mkdtempSync(join(tmpdir(), "test-db-"));
  const file = join(directory, "migrated.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("testDatabaseDump", file);
  return () => rmSync(directory, { recursive: true, force: true });
}
