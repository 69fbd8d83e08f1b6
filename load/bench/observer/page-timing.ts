import type { BrowserContext, CDPSession, Page } from "playwright-core";

/** Chrome DevTools' "slow 4G" as Lighthouse uses it: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up (bytes/s here). */
export const SLOW_4G = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
/** "Slow 3G": 400 ms round trip, 400 kbit/s each way. */
export const SLOW_3G = { offline: false, latency: 400, downloadThroughput: 400_000 / 8, uploadThroughput: 400_000 / 8 };
export const OFFLINE = { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };

export type NetworkConditions = typeof SLOW_4G;

/** A DevTools session on the page that slows its CPU by `cpu` times and, when given, its network. */
export async function throttle(context: BrowserContext, page: Page, { cpu = 1, network }: { cpu?: number; network?: NetworkConditions }): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
  if (network) await setNetwork(cdp, network);
  return cdp;
}

export async function setNetwork(cdp: CDPSession, network: NetworkConditions): Promise<void> {
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", network);
}

// A string, not a function: tsx would insert helpers the page does not have. Each mark is the first time (ms since
// the navigation started) the page showed it: checked on every change of the DOM, so before the frame is painted.
const MARKS_SCRIPT = `
(() => {
  const marks = (window.__marks = {});
  const shown = (element) => Boolean(element) && element.getClientRects().length > 0 && element.checkVisibility({ visibilityProperty: true });
  const headings = () => Array.from(document.querySelectorAll("h1"));
  const checks = {
    firstScreen: () => headings().some(shown),
    // The app started: its own screen in place of the one the page came with (src/observer-app/app/screen-snapshot.ts).
    working: () => !document.querySelector("[data-screen-snapshot]") && headings().some(shown),
    signInForm: () => shown(document.querySelector("input[type=tel]")) && shown(document.querySelector("input[type=password]")),
    stationPicker: () =>
      headings().some((h) => h.textContent.includes("Choose your polling station") && shown(h)) &&
      shown(document.querySelector('section[aria-label="Your assigned stations"]')),
  };
  document.addEventListener("submit", () => { marks.submitted ??= performance.now(); }, true);
  const check = () => {
    for (const [name, seen] of Object.entries(checks)) if (!(name in marks) && seen()) marks[name] = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
})();
`;

export type MarkName = "firstScreen" | "working" | "signInForm" | "stationPicker" | "submitted";

/** Every page of the context records its marks (see MARKS_SCRIPT). */
export const recordMarks = (context: BrowserContext) => context.addInitScript(MARKS_SCRIPT);

/** Waits for the mark and answers its time, in ms since the page's navigation started. */
export async function markTime(page: Page, name: MarkName, timeout = 60_000): Promise<number> {
  // A function, not a string: the app's Content-Security-Policy forbids the eval that a string predicate needs.
  const mark = await page.waitForFunction((name) => (window as unknown as { __marks?: Record<string, number> }).__marks?.[name], name, { timeout, polling: 50 });
  return (await mark.jsonValue()) as number;
}

/**
 * When the first screen was painted: the first contentful paint, or the first screen's mark where that came later (a
 * lower bound then, its own paint follows within a frame or so).
 */
export async function firstScreenPainted(page: Page, timeout = 10_000): Promise<number> {
  const shown = await markTime(page, "firstScreen", timeout);
  const paint = await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime, undefined, { timeout, polling: 50 });
  return Math.max(shown, await paint.jsonValue());
}

/**
 * Waits until the service worker controls the page, so that the app opens offline. A worker whose install failed
 * (e.g. dist/observer rebuilt under the running server, its precache list naming files that are gone) never does.
 */
export async function serviceWorkerInControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 }).catch(() => {
    throw new Error("the service worker never took control of /observer/ within 60 s");
  });
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
export const spread = (values: number[], digits = 0) =>
  `median of ${values.length}; min ${Math.min(...values).toFixed(digits)}, max ${Math.max(...values).toFixed(digits)}`;
