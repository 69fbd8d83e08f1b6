import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import type { DatabaseHandle } from "./database.ts";

// Not `new URL("./migrations/", import.meta.url)`: Vite turns that into an asset URL when a jsdom test imports this file.
const migrationsDir = join(dirname(fileURLToPath(import.meta.url)), "migrations") + "/";

/** Applies the SQL files of migrations/ in name order, each in its own transaction, once. */
export async function migrate(handle: DatabaseHandle): Promise<string[]> {
  await handle.exec(
    "CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
  );
  const { rows } = await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(handle.db);
  const applied = new Set(rows.map((row) => row.name));
  const pending = readdirSync(migrationsDir)
    .filter((name) => name.endsWith(".sql") && !applied.has(name))
    .sort();
  for (const name of pending) {
    const body = readFileSync(migrationsDir + name, "utf8");
    const escapedName = name.replaceAll("'", "''");
    await handle.exec(`BEGIN;\n${body}\nINSERT INTO schema_migrations (name) VALUES ('${escapedName}');\nCOMMIT;`);
  }
  return pending;
}
