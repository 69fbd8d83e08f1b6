import { extname } from "node:path";
import type { Hono } from "hono";
import { serveStatic } from "@hono/node-server/serve-static";

/** Serves the built SPA: hashed assets cached forever, HTML never cached, client routes fall back to index.html. */
export function serveSpa(app: Hono, root: string): void {
  app.use(
    "/assets/*",
    serveStatic({ root, onFound: (_path, c) => c.header("cache-control", "public, max-age=31536000, immutable") }),
  );
  app.use("*", serveStatic({ root, onFound: (path, c) => c.header("cache-control", path.endsWith(".html") ? "no-cache" : "public, max-age=3600") }));
  const serveIndex = serveStatic({ root, path: "index.html", onFound: (_path, c) => c.header("cache-control", "no-cache") });
  app.get("*", async (c, next) => {
    // A missing file is a 404, never index.html (a stale hashed asset must not parse as HTML).
    if (extname(c.req.path)) return c.notFound();
    return (await serveIndex(c, next)) ?? c.notFound();
  });
}
