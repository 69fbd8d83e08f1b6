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
  mkdirSync(join(root, "observer", "assets"), { recursive: true });
  writeFileSync(join(root, "observer", "index.html"), "<!doctype html><title>observers</title>");
  writeFileSync(join(root, "observer", "sw.js"), "self.addEventListener('fetch', () => {})");
  writeFileSync(join(root, "observer", "manifest.webmanifest"), "{}");
  writeFileSync(join(root, "observer", "assets", "index-def456.js"), "console.log(2)");
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

  it("serves the observers' app under /observer/: its routes fall back to its own index.html, never the back-office's", async () => {
    for (const path of ["/observer/", "/observer/outbox", "/observer/forms/3"]) {
      const response = await app.request(path);
      expect([response.status, await response.text(), response.headers.get("cache-control")]).toEqual([200, "<!doctype html><title>observers</title>", "no-cache"]);
    }
    const bare = await app.request("/observer");
    expect([bare.status, bare.headers.get("location")]).toEqual([301, "/observer/"]);
  });

  it("has browsers ask for the observers' service worker and manifest afresh, and caches their hashed assets forever", async () => {
    for (const path of ["/observer/sw.js", "/observer/manifest.webmanifest"]) {
      const response = await app.request(path);
      expect([path, response.status, response.headers.get("cache-control")]).toEqual([path, 200, "no-cache"]);
    }
    const asset = await app.request("/observer/assets/index-def456.js");
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await app.request("/observer/assets/gone.js")).status).toBe(404);
  });
});
