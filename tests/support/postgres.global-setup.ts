import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { hasPostgres, postgresBinDir, startPostgresCluster } from "./postgres-cluster.ts";

/**
 * Starts a throwaway PostgreSQL 15 cluster for the server tests when its binaries are present, and a folder for the
 * PGlite dumps the test files start from (server/test/seed-templates.ts); the cluster holds the PostgreSQL templates.
 */
export default async function setup(project: TestProject) {
  const seedCacheDir = mkdtempSync(join(tmpdir(), "seed-templates-"));
  project.provide("seedCacheDir", seedCacheDir);
  const removeCache = () => rmSync(seedCacheDir, { recursive: true, force: true });
  if (!hasPostgres()) {
    if (process.env.REQUIRE_POSTGRES) throw new Error(`REQUIRE_POSTGRES is set but ${postgresBinDir}/initdb is missing`);
    console.warn(`PostgreSQL binaries not found in ${postgresBinDir}: server tests run on PGlite only.`);
    project.provide("postgresUrl", "");
    return removeCache;
  }
  const cluster = await startPostgresCluster();
  project.provide("postgresUrl", cluster.url);
  return () => {
    cluster.stop();
    removeCache();
  };
}
