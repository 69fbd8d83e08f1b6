import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { serveSpa } from "../src/static.ts";

function builtSpa() {
  const root = mkdtempSync(join(tmpdir(), "spa-"));
  mkdirSync(join(root, "assets"));
  writeFileSync(join(root, "index.html"), "<!doctype html><title>spa</title>");
  writeFileSync(join(root, "assets", "index-abc123.js"), "console.log(1)");
  const app = new Hono();
  app.all("/api/*", (c) => c.json({ api: true }, 404));
  serveSpa(app, root);
  return app;
}

describe("serveSpa", () => {
  const app = builtSpa();

  it("falls back to index.html for client routes, never cached", async () => {
    for (const path of ["/", "/observatori/profil/edit/3", "/urgents"]) {
      const response = await app.request(path);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("<title>spa</title>");
      expect(response.headers.get("cache-control")).toBe("no-cache");
    }
  });

  it("serves hashed assets as immutable", async () => {
    const response = await app.request("/assets/index-abc123.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("answers a missing file with 404 instead of index.html", async () => {
    for (const path of ["/assets/index-gone.js", "/favicon.ico", "/assets/..%2f..%2fpackage.json"]) {
      const response = await app.request(path);
      expect(response.status).toBe(404);
    }
  });

  it("serves the SPA with a content security policy, no framing and no sniffing, and leaves the API alone", async () => {
    for (const path of ["/", "/urgents", "/assets/index-abc123.js"]) {
      const response = await app.request(path);
      const policy = response.headers.get("content-security-policy") ?? "";
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    }
    expect((await app.request("/api/x")).headers.get("content-security-policy")).toBeNull();
  });
});
