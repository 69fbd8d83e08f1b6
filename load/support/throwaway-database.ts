import pg from "pg";
import { startPostgresCluster } from "../../tests/support/postgres-cluster.ts";

/** A throwaway PostgreSQL 15 cluster with an empty `bench` database for `run`, stopped afterwards whatever happens. */
export async function withBenchDatabase(run: (databaseUrl: string) => Promise<void>): Promise<void> {
  const cluster = await startPostgresCluster();
  try {
    const admin = new pg.Client({ connectionString: `${cluster.url}/postgres` });
    await admin.connect();
    await admin.query("CREATE DATABASE bench");
    await admin.end();
    await run(`${cluster.url}/bench`);
  } finally {
    cluster.stop();
  }
}
