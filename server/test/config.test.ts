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

  it("reads the public address, http://HOST:PORT by default, and stops at start-up on one that is not an http(s) URL", () => {
    expect(readConfig({ DATA_DIR: dataDir() }).publicUrl).toBe("http://127.0.0.1:8080");
    expect(readConfig({ DATA_DIR: dataDir(), HOST: "::1", PORT: "9000" }).publicUrl).toBe("http://[::1]:9000");
    expect(readConfig({ DATA_DIR: dataDir(), PUBLIC_URL: " https://VoteMonitor.example.org/ " }).publicUrl).toBe("https://votemonitor.example.org");
    expect(readConfig({ DATA_DIR: dataDir(), PUBLIC_URL: "https://example.org:8443/vm//" }).publicUrl).toBe("https://example.org:8443/vm");
    for (const bad of ["votemonitor.example.org", "/vm", "ftp://example.org", "javascript:alert(1)", "https://user:pass@example.org", "https://example.org/?a=1", "https://example.org/#x"]) {
      expect(() => readConfig({ DATA_DIR: dataDir(), PUBLIC_URL: bad }), bad).toThrow(/^PUBLIC_URL is not an absolute http\(s\) URL/);
    }
  });

  it("reads the trusted proxies, and none by default", () => {
    expect(readConfig({ DATA_DIR: dataDir() }).trustedProxies).toBeUndefined();
    expect(readConfig({ DATA_DIR: dataDir(), TRUST_PROXY: "10.0.0.0/8" }).trustedProxies?.check("10.9.8.7", "ipv4")).toBe(true);
  });
});

describe("readConfig's S3 storage", () => {
  const s3 = {
    S3_BUCKET: "attachments",
    S3_REGION: "eu-central-1",
    S3_ACCESS_KEY_ID: "key-id",
    S3_SECRET_ACCESS_KEY: "secret",
  };

  it("stores attachments locally when no S3 variable is set", () => {
    expect(readConfig({ DATA_DIR: dataDir() }).s3).toBeUndefined();
    expect(readConfig({ DATA_DIR: dataDir(), S3_BUCKET: " " }).s3).toBeUndefined();
  });

  it("reads a complete configuration, AWS's endpoint and virtual-host style by default", () => {
    expect(readConfig({ DATA_DIR: dataDir(), ...s3 }).s3).toEqual({
      bucket: "attachments",
      region: "eu-central-1",
      accessKeyId: "key-id",
      secretAccessKey: "secret",
      endpoint: undefined,
      forcePathStyle: false,
    });
    const selfHosted = readConfig({ DATA_DIR: dataDir(), ...s3, S3_ENDPOINT: "http://minio:9000", S3_FORCE_PATH_STYLE: "true" }).s3;
    expect(selfHosted).toMatchObject({ endpoint: "http://minio:9000", forcePathStyle: true });
  });

  it("stops at start-up on a partial configuration, naming what is missing", () => {
    expect(() => readConfig({ DATA_DIR: dataDir(), S3_BUCKET: "attachments", S3_REGION: "eu-central-1" })).toThrow(
      "S3 storage is partly configured (S3_BUCKET, S3_REGION): set S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY too, or none of the S3_ variables.",
    );
    const endpointOnly = () => readConfig({ DATA_DIR: dataDir(), S3_ENDPOINT: "http://minio:9000" });
    expect(endpointOnly).toThrow(/set S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY too/);
  });

  it("refuses a path style that is not true or false, and an endpoint that is not an http(s) URL", () => {
    expect(() => readConfig({ DATA_DIR: dataDir(), ...s3, S3_FORCE_PATH_STYLE: "yes" })).toThrow("S3_FORCE_PATH_STYLE must be `true` or `false`.");
    expect(() => readConfig({ DATA_DIR: dataDir(), ...s3, S3_ENDPOINT: "minio:9000" })).toThrow("S3_ENDPOINT is not an http(s) URL: minio:9000");
  });
});

describe("readConfig's Web Push", () => {
  // A pair as `npx web-push generate-vapid-keys` prints it.
  const vapid = {
    VAPID_PUBLIC_KEY: "BMOGWEW69DXTXy5kKvRcwgL4axIqh9ETRfmL24J0KrmGkE1ghh64ruijxQfltIjhWc-y3r-_hgwweY0EgJSJcCw",
    VAPID_PRIVATE_KEY: "TPn3zZl1kQzS0b_1hxrmgY_jDM0KmlfWHImgYnY3tRw",
  };

  it("is on by default with the pair kept in the database, the https PUBLIC_URL as its contact", () => {
    expect(readConfig({ DATA_DIR: dataDir(), PUBLIC_URL: "https://votemonitor.example.org" }).webPush).toEqual({
      kind: "on",
      keys: undefined,
      subject: "https://votemonitor.example.org",
    });
    // web-push signs with mailto: or https: only; an http address is a developer's machine.
    expect(readConfig({ DATA_DIR: dataDir() }).webPush).toEqual({ kind: "on", keys: undefined, subject: "mailto:web-push@localhost" });
  });

  it("reads the pair and the contact of the environment, and turns off with WEB_PUSH=off", () => {
    expect(readConfig({ DATA_DIR: dataDir(), ...vapid, VAPID_SUBJECT: "mailto:ops@votemonitor.example.org" }).webPush).toEqual({
      kind: "on",
      keys: { publicKey: vapid.VAPID_PUBLIC_KEY, privateKey: vapid.VAPID_PRIVATE_KEY },
      subject: "mailto:ops@votemonitor.example.org",
    });
    expect(readConfig({ DATA_DIR: dataDir(), ...vapid, WEB_PUSH: "off" }).webPush).toEqual({ kind: "off" });
  });

  it("stops at start-up on half a pair, a key that is not one, a contact push services refuse, or another WEB_PUSH", () => {
    const start = (env: NodeJS.ProcessEnv) => () => readConfig({ DATA_DIR: dataDir(), ...env });
    expect(start({ VAPID_PUBLIC_KEY: vapid.VAPID_PUBLIC_KEY })).toThrow(
      "VAPID_PUBLIC_KEY is set alone: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY both, or neither.",
    );
    expect(start({ VAPID_PRIVATE_KEY: vapid.VAPID_PRIVATE_KEY })).toThrow(/^VAPID_PRIVATE_KEY is set alone/);
    expect(start({ ...vapid, VAPID_PUBLIC_KEY: vapid.VAPID_PRIVATE_KEY })).toThrow(/^VAPID_PUBLIC_KEY is not a P-256 public key/);
    expect(start({ ...vapid, VAPID_PRIVATE_KEY: "not+base64url" })).toThrow(/^VAPID_PRIVATE_KEY is not a P-256 private key/);
    expect(start({ VAPID_SUBJECT: "http://votemonitor.example.org" })).toThrow(
      "VAPID_SUBJECT is neither a mailto: address nor an https URL: http://votemonitor.example.org",
    );
    expect(start({ WEB_PUSH: "no" })).toThrow("WEB_PUSH must be `on` or `off`.");
  });
});
