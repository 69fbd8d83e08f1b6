import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import type { Engine } from "../../../src/db/database.ts";

/**
 * A database of its own with nothing in it, not even the migrations' ledger (not a copy of the run's migrated
 * template): what migrate() does to it is under test. Its URL, and how to drop it once its handle is closed.
 */
export async function emptyDatabase(engine: Engine): Promise<{ url: string; drop: () => Promise<void> }> {
  if (engine === "pglite") return { url: "pglite:memory", drop: async () => {} };
  const postgresUrl = inject("postgresUrl");
  const name = `upgrade_${randomBytes(6).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: `${postgresUrl}/postgres` });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`CREATE DATABASE ${name}`);
  return { url: `${postgresUrl}/${name}`, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
