import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readConfig } from "../../src/config.ts";

const base = { TOKEN_SECRET: "test-secret", DATA_DIR: tmpdir() };
const account = { project_id: "vote-monitor-test", client_email: "push@vote-monitor-test.iam.gserviceaccount.com", private_key: "key" };

describe("the push provider's configuration", () => {
  it("is absent without credentials: the outbox", () => {
    expect(readConfig(base).firebase).toBeUndefined();
  });

  it("reads FIREBASE_SERVICE_ACCOUNT as JSON text or as a path to it", () => {
    expect(readConfig({ ...base, FIREBASE_SERVICE_ACCOUNT: JSON.stringify(account) }).firebase).toEqual({ kind: "serviceAccount", serviceAccount: account });
    const file = join(mkdtempSync(join(tmpdir(), "firebase-")), "account.json");
    writeFileSync(file, JSON.stringify(account));
    expect(readConfig({ ...base, FIREBASE_SERVICE_ACCOUNT: file }).firebase).toEqual({ kind: "serviceAccount", serviceAccount: account });
  });

  it("uses Google's default credentials when only GOOGLE_APPLICATION_CREDENTIALS is set", () => {
    expect(readConfig({ ...base, GOOGLE_APPLICATION_CREDENTIALS: "/etc/gcp.json" }).firebase).toEqual({ kind: "applicationDefault" });
  });

  it("stops at start-up on a malformed service account or a missing file", () => {
    expect(() => readConfig({ ...base, FIREBASE_SERVICE_ACCOUNT: "{not json" })).toThrow(/FIREBASE_SERVICE_ACCOUNT/);
    expect(() => readConfig({ ...base, FIREBASE_SERVICE_ACCOUNT: "/nonexistent/account.json" })).toThrow();
  });
});
