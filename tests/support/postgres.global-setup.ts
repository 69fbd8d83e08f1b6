import type { TestProject } from "vitest/node";
import { hasPostgres, postgresBinDir, startPostgresCluster } from "./postgres-cluster.ts";

/** Starts a throwaway PostgreSQL 15 cluster for the server tests when its binaries are present. */
export default async function setup(project: TestProject) {
  if (!hasPostgres()) {
    if (process.env.REQUIRE_POSTGRES) throw new Error(`REQUIRE_POSTGRES is set but ${postgresBinDir}/initdb is missing`);
    console.warn(`PostgreSQL binaries not found in ${postgresBinDir}: server tests run on PGlite only.`);
    project.provide("postgresUrl", "");
    return;
  }
  const cluster = await startPostgresCluster();
  project.provide("postgresUrl", cluster.url);
  return () => cluster.stop();
}
