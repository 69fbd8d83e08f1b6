import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { SNAPSHOT_URL } from "../../../src/observer-app/app/screen-snapshot.ts";
import { firstScreenPainted, markTime, recordMarks, serviceWorkerInControl, SLOW_4G, throttle } from "./page-timing.ts";

export const OBSERVER = { phone: "0721000001", pin: "1234" };
const PHONE_SIZE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

export interface FirstLoad {
  requests: string[];
  gzipBytes: number;
  /** What signing in fetched until the station picker showed: each path with its bytes on the wire. */
  signInFetches: { path: string; bytes: number }[];
  signInFormMs: number;
  stationPickerMs: number;
  /** Opening offline: the screen left painted (kept by the app, served in the page by the service worker)… */
  offlineFirstScreenMs: number;
  /** …and the app started, its own screen in place: it answers taps from then on. */
  offlineWorkingMs: number;
  /** The same at full CPU speed: how much of the time is the slowed CPU. */
  offlineFirstScreenFullSpeedMs: number;
  offlineWorkingFullSpeedMs: number;
  offlineHeading: string;
}

/**
 * One observer's first day, in a cold context at 4x CPU and slow 4G: the app's first load up to the sign-in form,
 * signing in up to the station picker; then, with the service worker in control, the app opened again offline: when
 * the screen it was left on is painted, and when the app works.
 */
export async function firstLoadOnce(browser: Browser, baseURL: string): Promise<FirstLoad> {
  const context = await browser.newContext({ baseURL, locale: "en-US", reducedMotion: "reduce", ...PHONE_SIZE });
  await recordMarks(context);
  const page = await context.newPage();
  await throttle(context, page, { cpu: 4, network: SLOW_4G });
  const requests: string[] = [];
  const assets: Promise<number>[] = [];
  const fetches: Promise<{ path: string; bytes: number }>[] = [];
  let phase: "first load" | "signing in" | "done" = "first load";
  page.on("response", (response) => {
    const path = new URL(response.url()).pathname;
    if (phase === "signing in") {
      const sizes = response.request().sizes().then((sizes) => sizes.responseBodySize + sizes.responseHeadersSize);
      // NaN when a response never ends within the limit: the bench prints it rather than waiting for it.
      fetches.push(Promise.race([sizes, new Promise<number>((resolve) => setTimeout(resolve, 30_000, NaN))]).then((bytes) => ({ path, bytes })));
    }
    if (phase !== "first load") return;
    requests.push(path);
    const type = response.request().resourceType();
    if (type === "script" || type === "stylesheet") assets.push(response.body().then((body) => gzipSync(body).length));
  });
  await page.goto("/observer/");
  const signInFormMs = await markTime(page, "signInForm");
  await page.waitForLoadState("networkidle");
  phase = "signing in";
  const gzipBytes = (await Promise.all(assets)).reduce((sum, size) => sum + size, 0);

  await page.getByLabel("Phone number").fill(OBSERVER.phone);
  await page.getByLabel("PIN").fill(OBSERVER.pin);
  await page.getByRole("button", { name: "Sign in" }).click();
  const stationPickerMs = (await markTime(page, "stationPicker")) - (await markTime(page, "submitted"));
  phase = "done";
  const signInFetches = await Promise.all(fetches);
  await serviceWorkerInControl(page);
  // The app keeps its screen once it has been still for a second: the screen it opens on next time.
  await page.waitForFunction(async (url) => Boolean(await caches.match(url)), SNAPSHOT_URL, { timeout: 30_000, polling: 100 });
  await page.close();

  await context.setOffline(true);
  const offline = await context.newPage();
  await throttle(context, offline, { cpu: 4 });
  await offline.goto("/observer/");
  const offlineFirstScreenMs = await firstScreenPainted(offline);
  const offlineWorkingMs = await markTime(offline, "working", 10_000);
  const offlineHeading = (await offline.locator("h1").first().textContent()) ?? "";
  await offline.close();
  const fullSpeed = await context.newPage();
  await fullSpeed.goto("/observer/");
  const offlineFirstScreenFullSpeedMs = await firstScreenPainted(fullSpeed);
  const offlineWorkingFullSpeedMs = await markTime(fullSpeed, "working", 10_000);
  await context.close();
  return {
    requests,
    gzipBytes,
    signInFetches,
    signInFormMs,
    stationPickerMs,
    offlineFirstScreenMs,
    offlineWorkingMs,
    offlineFirstScreenFullSpeedMs,
    offlineWorkingFullSpeedMs,
    offlineHeading,
  };
}
