import pg from "pg";
import { hasPostgres, startPostgresCluster, type PostgresCluster } from "../../support/postgres-cluster.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The browser tests' PostgreSQL cluster (no database name), or "" where its binaries are not installed. */
    e2ePostgresUrl: string;
  }
}

/**
 * The browser tests' servers run on PostgreSQL 15, as production does, where its binaries are installed (CI installs
 * them): the demo seed starts in 4 s instead of PGlite's 10, and the journeys wait less on the server. Elsewhere they
 * run on the embedded PGlite, as `npm start` does.
 */
export async function startE2ePostgres(): Promise<PostgresCluster | undefined> {
  const required = Boolean(process.env.CI || process.env.REQUIRE_POSTGRES);
  if (!hasPostgres()) {
    if (required) throw new Error("CI needs PostgreSQL 15 for the browser tests (.ci/run installs it)");
    return undefined;
  }
  return startPostgresCluster();
}

/** The environment that puts a server on a new database `name` of the cluster, seeded with the demo; {} on PGlite. */
export async function demoDatabaseEnv(clusterUrl: string, name: string): Promise<Record<string, string>> {
  if (!clusterUrl) return {};
  const admin = new pg.Client({ connectionString: `${clusterUrl}/postgres` });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return { DATABASE_URL: `${clusterUrl}/${name}`, SEED: "true" };
}
