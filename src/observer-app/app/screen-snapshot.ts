/**
 * The screen as the observer left it, kept so that the app opens on it at once: the service worker writes it into
 * the page it serves (sw/screen-snapshot.ts), inert, and the app replaces it when it has started (2–3 s on a slow
 * phone, most of it in reading the app's code). Only the screens that show what the phone keeps are kept: a form
 * or a note shows its answers from state a snapshot lacks, and would look empty until then.
 */

// Where the worker reads it (sw/screen-snapshot.ts; not imported: the worker shares no module with the app).
export const SNAPSHOT_CACHE = "observer-screen";
export const SNAPSHOT_URL = "/observer/__screen-snapshot";
const KEPT_PATHS = new Set(["/observer/", "/observer/stations", "/observer/outbox", "/observer/inbox", "/observer/account"]);
const QUIET_MS = 1_000;

export interface ScreenSnapshot {
  path: string;
  lang: string;
  /** The app's script: the worker paints the snapshot only into the page of the same build (the same classes). */
  script: string;
  /** Mantine's theme variables, which it writes into <head> as it starts. */
  styles: string[];
  html: string;
}

function snapshotOf(root: HTMLElement): ScreenSnapshot | null {
  const script = document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.getAttribute("src");
  // The router's links name the station "/observer"; the phone opens the app at "/observer/" (the worker's scope).
  const path = location.pathname === "/observer" ? "/observer/" : location.pathname;
  if (!script || !KEPT_PATHS.has(path)) return null;
  return {
    path,
    lang: document.documentElement.lang,
    script,
    styles: Array.from(document.head.querySelectorAll("style[data-mantine-styles]"), (style) => style.textContent),
    html: root.innerHTML,
  };
}

// One write after another: a snapshot written while the observer signs out must not land after the forgetting.
let writes: Promise<unknown> = Promise.resolve();
const queued = (work: () => Promise<unknown>) => (writes = writes.then(work).catch(() => undefined));

const write = (snapshot: ScreenSnapshot) =>
  queued(async () => {
    const cache = await caches.open(SNAPSHOT_CACHE);
    await cache.put(SNAPSHOT_URL, new Response(JSON.stringify(snapshot), { headers: { "Content-Type": "application/json" } }));
  });

/**
 * Keeps the screen whenever it has been still for a second and when the app goes to the background (a phone may end
 * it there without another event), while `signedIn()`. Answers a function that stops keeping.
 */
export function keepScreenSnapshots(root: HTMLElement, signedIn: () => boolean): () => void {
  if (!("caches" in window)) return () => {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  const keep = () => {
    clearTimeout(timer);
    const snapshot = signedIn() ? snapshotOf(root) : null;
    if (snapshot) void write(snapshot);
  };
  const changed = () => {
    clearTimeout(timer);
    timer = setTimeout(keep, QUIET_MS);
  };
  const hidden = () => {
    if (document.visibilityState === "hidden") keep();
  };
  const observer = new MutationObserver(changed);
  observer.observe(root, { childList: true, subtree: true, characterData: true, attributes: true });
  document.addEventListener("visibilitychange", hidden);
  window.addEventListener("pagehide", keep);
  changed();
  return () => {
    clearTimeout(timer);
    observer.disconnect();
    document.removeEventListener("visibilitychange", hidden);
    window.removeEventListener("pagehide", keep);
  };
}

/** Signing out leaves nothing of the observer on the phone, their last screen neither. */
export async function forgetScreenSnapshot(): Promise<void> {
  if ("caches" in window) await queued(() => caches.delete(SNAPSHOT_CACHE));
}
