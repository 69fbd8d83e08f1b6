/**
 * Opens the app on the screen the observer left (app/screen-snapshot.ts keeps it): the page served for a navigation
 * carries that screen's markup in #root, inert and marked busy, so that it is painted before the app's code has
 * even been read; the app replaces it when it has started.
 */

// Where the app keeps it (app/screen-snapshot.ts; not imported: the worker is one script of its own).
const SNAPSHOT_CACHE = "observer-screen";
const SNAPSHOT_URL = "/observer/__screen-snapshot";
const ROOT = '<div id="root"></div>';

interface ScreenSnapshot {
  path: string;
  lang: string;
  script: string;
  styles: string[];
  html: string;
}

function isSnapshot(value: unknown): value is ScreenSnapshot {
  const snapshot = value as Partial<ScreenSnapshot> | null;
  return (
    typeof snapshot?.path === "string" &&
    typeof snapshot.lang === "string" &&
    typeof snapshot.script === "string" &&
    typeof snapshot.html === "string" &&
    Array.isArray(snapshot.styles) &&
    snapshot.styles.every((style) => typeof style === "string")
  );
}

async function keptSnapshot(): Promise<ScreenSnapshot | null> {
  const kept = await caches.match(SNAPSHOT_URL, { cacheName: SNAPSHOT_CACHE });
  const snapshot: unknown = await kept?.json().catch(() => null);
  return isSnapshot(snapshot) ? snapshot : null;
}

/** index.html with the kept screen of `pathname` in it, when the kept one is of that path and of this build. */
export async function withKeptScreen(index: Response, pathname: string): Promise<Response> {
  const snapshot = await keptSnapshot().catch(() => null);
  if (!snapshot || snapshot.path !== pathname) return index;
  const html = await index.clone().text();
  if (!html.includes(ROOT) || !html.includes(`src="${snapshot.script}"`)) return index;
  const styles = snapshot.styles.map((style) => `<style>${style.replaceAll("</", "<\\/")}</style>`).join("");
  const painted = html
    .replace(/<html lang="[a-z]+"/, `<html lang="${snapshot.lang === "en" ? "en" : "ro"}" data-mantine-color-scheme="light"`)
    .replace(ROOT, `<div id="root"><div data-screen-snapshot inert aria-busy="true">${styles}${snapshot.html}</div></div>`);
  // The body is new: the cached one's length and encoding no longer describe it.
  const headers = new Headers(index.headers);
  headers.delete("Content-Length");
  headers.delete("Content-Encoding");
  return new Response(painted, { status: index.status, statusText: index.statusText, headers });
}
