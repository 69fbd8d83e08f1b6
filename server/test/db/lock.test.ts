import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lockDataDirectory } from "../../src/db/lock.ts";

describe("lockDataDirectory", () => {
  it("refuses a second owner while the first holds the directory, and frees it on release", () => {
    const directory = mkdtempSync(join(tmpdir(), "lock-"));
    const release = lockDataDirectory(directory);
    expect(() => lockDataDirectory(directory)).toThrow(/in use by process/);
    release();
    expect(existsSync(join(directory, "server.lock"))).toBe(false);
    lockDataDirectory(directory)();
  });

  it("takes over a lock left by a process that no longer runs", () => {
    const directory = mkdtempSync(join(tmpdir(), "lock-"));
    writeFileSync(join(directory, "server.lock"), "999999999");
    const release = lockDataDirectory(directory);
    release();
  });
});

describe("lockDataDirectory on a first start", () => {
  it("creates a data directory that does not exist yet", () => {
    const directory = join(mkdtempSync(join(tmpdir(), "lock-")), "new", "data");
    const release = lockDataDirectory(directory);
    expect(existsSync(join(directory, "server.lock"))).toBe(true);
    release();
  });
});
