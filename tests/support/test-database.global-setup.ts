import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { pgliteDatabase } from "../../server/src/db/database.ts";
import { migrate } from "../../server/src/db/migrate.ts";
import { seedDemoData } from "../../server/src/demo/seed.ts";
import { createMemoryFileStore } from "../../server/src/files/file-store.ts";
import { TEST_PASSWORD_COST } from "../../server/test/password-cost.ts";
import { DEMO_OBSERVERS, demoSnapshotSchema, MIGRATED_SNAPSHOT, SNAPSHOT_TABLES_SQL, snapshotSql } from "./snapshot-sql.ts";

/**
 * Runs initdb, the migrations and the default demo seed once per run and leaves the data directory (a tar) for the
 * web project's test server: the tables hold the seed, and a schema of its own keeps a copy that every test restores
 * (test-server.ts); another keeps the migrated database (reference data included) that every other seed starts from.
 * Loading it takes a fraction of what the migrations and the seed take in every test file.
 */
export default async function setup(project: TestProject) {
  const pglite = await PGlite.create();
  const handle = pgliteDatabase(pglite);
  await migrate(handle);
  const { rows } = await pglite.query<{ name: string }>(SNAPSHOT_TABLES_SQL);
  const tables = rows.map((row) => `public.${row.name}`);
  await pglite.exec(snapshotSql(MIGRATED_SNAPSHOT, tables));
  await seedDemoData(handle, createMemoryFileStore(), { observers: DEMO_OBSERVERS, passwordCost: TEST_PASSWORD_COST });
  await pglite.exec(snapshotSql(demoSnapshotSchema(DEMO_OBSERVERS), tables));
  const dump = await pglite.dumpDataDir("none");
  await handle.close();
  const directory = mkdtempSync(join(tmpdir(), "test-db-"));
  const file = join(directory, "seeded.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("testDatabaseDump", file);
  return () => rmSync(directory, { recursive: true, force: true });
}
