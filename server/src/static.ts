import { extname } from "node:path";
import type { Hono, MiddlewareHandler } from "hono";
import { serveStatic } from "@hono/node-server/serve-static";

const forever = "public, max-age=31536000, immutable";

/**
 * The SPA's own scripts only; Mantine writes its theme into <style> elements and style attributes, hence inline
 * styles. No framing (clickjacking), no MIME sniffing, and no full URLs (with ids) leaked to the external guide.
 */
export const SPA_SECURITY_HEADERS: Record<string, string> = {
  "content-security-policy": [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; "),
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
};

/** serveStatic's onFound runs after the response is built, so cache headers are set on the result instead. */
function cached(handler: MiddlewareHandler, cacheControl: (contentType: string) => string): MiddlewareHandler {
  return async (c, next) => {
    const response = await handler(c, next);
    if (response instanceof Response) response.headers.set("cache-control", cacheControl(response.headers.get("content-type") ?? ""));
    return response;
  };
}

/** The observers' app (its own build, dist/observer) and the files a browser must always ask for afresh there. */
const OBSERVER_APP = "/observer/";
const ALWAYS_REVALIDATED = new Set([`${OBSERVER_APP}sw.js`, `${OBSERVER_APP}manifest.webmanifest`]);

/**
 * Serves the built SPA: hashed assets cached forever, HTML never cached, client routes fall back to index.html;
 * the observers' app the same way under /observer/ (its routes fall back to its own index.html).
 */
export function serveSpa(app: Hono, root: string): void {
  app.use("*", async (c, next) => {
    await next();
    if (c.req.path.startsWith("/api/")) return;
    for (const [name, value] of Object.entries(SPA_SECURITY_HEADERS)) c.res.headers.set(name, value);
  });
  app.use("/assets/*", cached(serveStatic({ root }), () => forever));
  app.use(`${OBSERVER_APP}assets/*`, cached(serveStatic({ root }), () => forever));
  // A service worker updates when its script changes: a cached copy would hold every phone on the old version.
  for (const path of ALWAYS_REVALIDATED) app.use(path, cached(serveStatic({ root }), () => "no-cache"));
  app.get("/observer", (c) => c.redirect(OBSERVER_APP, 301));
  const serveObserverIndex = cached(serveStatic({ root, path: `${OBSERVER_APP}index.html` }), () => "no-cache");
  app.get(`${OBSERVER_APP}*`, async (c, next) => {
    if (extname(c.req.path)) return next();
    return (await serveObserverIndex(c, next)) ?? c.notFound();
  });
  app.use("*", cached(serveStatic({ root }), (type) => (type.startsWith("text/html") ? "no-cache" : "public, max-age=3600")));
  const serveIndex = cached(serveStatic({ root, path: "index.html" }), () => "no-cache");
  app.get("*", async (c, next) => {
    // A missing file is a 404, never index.html (a stale hashed asset must not parse as HTML).
    if (extname(c.req.path)) return c.notFound();
    return (await serveIndex(c, next)) ?? c.notFound();
  });
}
