import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readConfig } from "../src/config.ts";

const dataDir = () => join(mkdtempSync(join(tmpdir(), "config-")), "data");

describe("readConfig", () => {
  it("seeds demo data by default on the embedded database only", () => {
    expect(readConfig({ DATA_DIR: dataDir() }).seed).toBe(true);
    expect(readConfig({ DATA_DIR: dataDir(), DATABASE_URL: "postgres://app@127.0.0.1/app" }).seed).toBe(false);
    expect(readConfig({ DATA_DIR: dataDir(), DATABASE_URL: "postgres://app@127.0.0.1/app", SEED: "true" }).seed).toBe(true);
    expect(readConfig({ DATA_DIR: dataDir(), SEED: "false" }).seed).toBe(false);
  });

  it("starts with TOKEN_SECRET set and a data directory that does not exist", () => {
    const config = readConfig({ DATA_DIR: dataDir(), TOKEN_SECRET: "a-secret-that-is-long-enough-for-hs256" });
    expect(new TextDecoder().decode(config.tokenSecret)).toBe("a-secret-that-is-long-enough-for-hs256");
  });

  it("reads the trusted proxies, and none by default", () => {
    expect(readConfig({ DATA_DIR: dataDir() }).trustedProxies).toBeUndefined();
    expect(readConfig({ DATA_DIR: dataDir(), TRUST_PROXY: "10.0.0.0/8" }).trustedProxies?.check("10.9.8.7", "ipv4")).toBe(true);
  });
});
