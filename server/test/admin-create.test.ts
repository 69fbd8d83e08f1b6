import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { verifySecret } from "../src/auth/password.ts";
import { openDatabase } from "../src/db/database.ts";

const run = (dataDir: string, args: string[], password: string) =>
  spawnSync(process.execPath, ["--import", "tsx", "server/src/cli/admin-create.ts", ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", ADMIN_PASSWORD: password },
    encoding: "utf8",
  });

// Three runs of the CLI, each a process that migrates its database: a minute on a busy machine.
describe("npm run admin:create", () => {
  it("creates an active organizer NGO and its first admin on an empty database, and refuses a taken account", async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), "admin-create-")), "data");
    const created = run(dataDir, ["--ngo", "Code for Romania", "--short-name", "C4R", "--account", "coordonator"], "a long secret");
    expect(created.stderr).toBe("");
    expect(created.stdout).toContain('Created admin "coordonator"');
    expect(created.status).toBe(0);
    const again = run(dataDir, ["--ngo", "Code for Romania", "--account", "coordonator"], "another secret");
    expect(again.status).toBe(1);
    expect(again.stderr).toContain("already in use");
    const tooShort = run(dataDir, ["--ngo", "X", "--account", "y"], "short");
    expect(tooShort.status).toBe(2);

    const database = await openDatabase(`pglite:${join(dataDir, "db")}`);
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
