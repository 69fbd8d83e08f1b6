import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, inject, it, onTestFinished } from "vitest";
import { verifySecret } from "../../src/auth/password.ts";
import { openDatabase } from "../../src/db/database.ts";
import { createFreshDatabase } from "../faults-support.ts";

const postgresUrl = inject("postgresUrl");

/**
 * An empty database, as an organisation's first start has: on PostgreSQL where installed (production's engine, and
 * no PGlite initdb in each of the CLI's processes), else PGlite's data directory.
 */
async function emptyDatabase(): Promise<{ env: Record<string, string>; url: string }> {
  const dataDir = join(mkdtempSync(join(tmpdir(), "admin-create-")), "data");
  if (!postgresUrl) return { env: { DATA_DIR: dataDir, DATABASE_URL: "" }, url: `pglite:${join(dataDir, "db")}` };
  const database = await createFreshDatabase(postgresUrl);
  onTestFinished(() => database.drop());
  return { env: { DATA_DIR: dataDir, DATABASE_URL: database.url }, url: database.url };
}

// Three runs of the CLI, each a process that migrates its database (on PGlite, an initdb each: a minute on a busy machine).
describe("npm run admin:create", () => {
  it("creates an active organizer NGO and its first admin on an empty database, and refuses a taken account", async () => {
    const { env, url } = await emptyDatabase();
    const run = (args: string[], password: string) =>
      spawnSync(process.execPath, ["--import", "tsx", "server/src/cli/admin-create.ts", ...args], {
        env: { ...process.env, ...env, ADMIN_PASSWORD: password },
        encoding: "utf8",
      });
    const created = run(["--ngo", "Code for Romania", "--short-name", "C4R", "--account", "coordonator"], "a long secret");
    expect(created.stderr).toBe("");
    expect(created.stdout).toContain('Created admin "coordonator"');
    expect(created.status).toBe(0);
    const again = run(["--ngo", "Code for Romania", "--account", "coordonator"], "another secret");
    expect(again.status).toBe(1);
    expect(again.stderr).toContain("already in use");
    const tooShort = run(["--ngo", "X", "--account", "y"], "short");
    expect(tooShort.status).toBe(2);

    const database = await openDatabase(url);
    try {
      const ngos = await database.db.selectFrom("ngo").select(["name", "shortName", "organizer", "isActive"]).execute();
      expect(ngos).toEqual([{ name: "Code for Romania", shortName: "C4R", organizer: true, isActive: true }]);
      const admins = await database.db.selectFrom("ngoAdmin").select(["account", "passwordHash"]).execute();
      expect(admins.map((admin) => admin.account)).toEqual(["coordonator"]);
      expect(await verifySecret("a long secret", admins[0]!.passwordHash)).toBe(true);
      // The CLI is a composition root of its own: it hashes at the production cost, 2^15.
      expect(admins[0]!.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);
    } finally {
      await database.close();
    }
  }, 120_000);
});
