import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../../src/db/database.ts";
import { migrate, migrationsDir, sqlFiles } from "../../../src/db/migrate.ts";
import { engines } from "../../harness.ts";
import { FUNCTIONS_018 } from "./database-at-018.ts";
import { emptyDatabase } from "./empty-database.ts";

/*
 * The options the upgrade tests build an older database with. Through 018, the latest migration today, the upgrade
 * test cannot tell `through` from "all": here it stops one migration earlier.
 */

const ALL = sqlFiles(migrationsDir);
const tableExists = async (handle: DatabaseHandle, name: string) =>
  (await sql<{ found: string | null }>`SELECT to_regclass(${name})::text AS found`.execute(handle.db)).rows[0]!.found !== null;

describe.each(engines)("migrate with options, on %s", (engine) => {
  let opened: { handle: DatabaseHandle; drop: () => Promise<void> } | undefined;
  const open = async () => {
    const { url, drop } = await emptyDatabase(engine);
    opened = { handle: await openDatabase(url, { poolSize: 2 }), drop };
    return opened.handle;
  };
  afterEach(async () => {
    await opened?.handle.close();
    await opened?.drop();
    opened = undefined;
  });

  it("applies the migrations through the one named, with the functions given, and the rest at the next plain call", async () => {
    const handle = await open();
    const through = ALL.indexOf("017_station_assignments.sql") + 1;
    expect(await migrate(handle, { through: "017_station_assignments.sql", functionsDir: FUNCTIONS_018 })).toEqual(ALL.slice(0, through));
    expect(await migrate(handle)).toEqual(ALL.slice(through));
    expect(await migrate(handle)).toEqual([]);
  });

  it("refuses a migration name the folder does not hold, and applies nothing", async () => {
    const handle = await open();
    await expect(migrate(handle, { through: "018_station_audit" })).rejects.toThrow(`No migration 018_station_audit in ${migrationsDir}`);
    expect(await tableExists(handle, "schema_migrations")).toBe(false);
  });
});
