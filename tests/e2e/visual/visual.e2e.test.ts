import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, type TestPage } from "../support/browser.ts";
import { startServer, type RunningServer } from "../support/server-process.ts";
import { freezeAuditTimes, recordVisualActivity } from "./activity.ts";
import { compareWithApproved } from "./approved-screenshots.ts";
import { SCREENS, VISUAL_ENGLISH, VISUAL_ROMANIAN, type DemoIds, type Screen, type VisualLabels } from "./screens.ts";

/** Midnight in Bucharest after the demo election day's last activity: every "seen … ago" reads the same on every run. */
const FROZEN_NOW = new Date("2026-11-22T22:00:00Z");
const organizer = { user: "0700000001", password: "demo1234" };

const LANGUAGES: { language: "en" | "ro"; browserLocale: string; labels: VisualLabels }[] = [
  { language: "en", browserLocale: "en-US", labels: VISUAL_ENGLISH },
  { language: "ro", browserLocale: "ro-RO", labels: VISUAL_ROMANIAN },
];
const VIEWPORTS = [
  { width: 1440, height: 900, small: false },
  { width: 390, height: 844, small: true },
];

async function apiJson<T>(server: RunningServer, path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(new URL(path, server.url), init);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

async function signInThroughApi(server: RunningServer): Promise<string> {
  const body = JSON.stringify(organizer);
  const token = await apiJson<{ access_token: string }>(server, "/api/v2/access/authorize", { method: "POST", headers: { "content-type": "application/json" }, body });
  return token.access_token;
}

async function demoIds(server: RunningServer, token: string): Promise<DemoIds> {
  const headers = { authorization: `Bearer ${token}` };
  const observers = await apiJson<{ data: { id: number }[] }>(server, "/api/v1/observer?Page=1&PageSize=1&SortBy=lastSeen&SortDirection=desc", { headers });
  const ngos = await apiJson<{ id: number; organizer: boolean }[]>(server, "/api/v1/ngo", { headers });
  // A partner NGO: its profile shows one box ticked and one not.
  const partner = ngos.find((ngo) => !ngo.organizer);
  // The newest urgent thread: its details show flagged answers, notes and station facts.
  const threads = await apiJson<{ data: { idObserver: number; idPollingStation: number; countyCode: string }[] }>(server, "/api/v1/answers?urgent=true&page=1&pageSize=1", { headers });
  const thread = threads.data[0] ?? { idObserver: Number.NaN, idPollingStation: Number.NaN, countyCode: "" };
  return {
    observerId: observers.data[0]?.id ?? Number.NaN,
    ngoId: partner?.id ?? Number.NaN,
    thread: { observerId: thread.idObserver, pollingStationId: thread.idPollingStation },
    countyCode: thread.countyCode,
  };
}

/** Nothing left to load or to animate: no loader, fonts in, no running animation, the pointer out of the way. */
async function settle(page: Page) {
  // Four pages load at once (see below): on a busy machine a page may take longer than expect.poll's default second.
  const settled = { timeout: 20_000 };
  await expect.poll(() => page.locator(".mantine-Loader-root, [data-testid=list-loading]").count(), settled).toBe(0);
  // The header's live indicator starts at "Connecting…": a screen is shown live.
  await expect.poll(() => page.locator("[data-live-status]:not([data-live-status=live])").count(), settled).toBe(0);
  await page.mouse.move(0, 0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => document.getAnimations().length), settled).toBe(0);
}

async function pageScrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

const shownAt = (screen: Screen, small: boolean) => screen.width === undefined || screen.width === (small ? "small" : "wide");

/** One language at one width: a browser context of its own, signed in once its login screen was taken. */
interface Variant {
  language: "en" | "ro";
  width: number;
  small: boolean;
  labels: VisualLabels;
  session: TestPage;
}

/**
 * Every route in English and Romanian at 1440 × 900 and 390 × 844, compared with the approved PNGs in
 * __approved__/ (npm run test:visual:approve replaces them; look at each before committing it). Runs on a server
 * of its own, so that the journeys' added NGOs and observers never show up in a screenshot. The four variants of a
 * screen are taken at once, each in its own context of one browser: most of a screenshot's time is waiting for the
 * page to settle, which the others fill.
 */
describe("the screens as approved", () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;
  let ids: DemoIds;
  let variants: Variant[] = [];
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    token = await signInThroughApi(server);
    ids = await demoIds(server, token);
    await recordVisualActivity(server, token, ids);
    variants = await Promise.all(
      LANGUAGES.flatMap(({ language, browserLocale, labels }) =>
        VIEWPORTS.map(async ({ width, height, small }) => ({ language, width, small, labels, session: await openVariant(language, browserLocale, width, height) })),
      ),
    );
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function openVariant(language: string, locale: string, width: number, height: number): Promise<TestPage> {
    const session = await openPage(browser, server.url, { locale, timezoneId: "Europe/Bucharest", viewport: { width, height } });
    await session.context.clock.setFixedTime(FROZEN_NOW);
    // Age clocks run on the server's clock (the page's serverTime): the lists are told the frozen time too.
    await session.context.route(/\/api\/v1\/answers\?/, async (route) => {
      const response = await route.fetch();
      const page = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...page, serverTime: FROZEN_NOW.toISOString() } });
    });
    await freezeAuditTimes(session.context, FROZEN_NOW);
    await session.context.addInitScript((stored) => localStorage.setItem("language", stored), language);
    return session;
  }

  /** The verdict of one variant's screenshot, by `<name>.<language>.<width>` (what the approved file is called). */
  async function takeApproved({ language, width, small, session }: Variant, name: string, { overlay = false } = {}) {
    await settle(session.page);
    // The statistics' "as of" is the server's real clock, not the frozen one: the time is masked, its place kept.
    const mask = [session.page.locator("[data-testid=statistic-as-of] time, [data-testid=coverage-as-of] time")];
    const screenshot = await session.page.screenshot({ fullPage: !overlay, animations: "disabled", caret: "hide", mask });
    const image = `${name}.${language}.${width}`;
    if (small) expect.soft(await pageScrollsSideways(session.page), `${image} scrolls sideways`).toBe(false);
    expect(session.errors.splice(0), image).toEqual([]);
    return [image, compareWithApproved(image, screenshot)] as const;
  }

  /** Runs `show` then takes the screenshot in every variant at once; each must match its approved image. */
  async function expectApproved(name: string, shown: (variant: Variant) => boolean, show: (variant: Variant) => Promise<void>, options?: { overlay?: boolean }) {
    const taken = variants.filter(shown);
    const verdicts = await Promise.all(taken.map(async (variant) => (await show(variant), takeApproved(variant, name, options))));
    expect(Object.fromEntries(verdicts)).toEqual(Object.fromEntries(verdicts.map(([image]) => [image, "matches"])));
  }

  it("login", async () => {
    await expectApproved("login", () => true, async ({ session }) => {
      await session.page.goto("/login");
      await session.page.locator("input[type=password]").waitFor();
    });
    // Signed in from here on, as the session machine does after a successful sign-in.
    await Promise.all(variants.map(({ session }) => session.page.evaluate((value) => localStorage.setItem("token-id", value), token)));
  });

  for (const screen of SCREENS) {
    it(screen.name, async () => {
      await expectApproved(
        screen.name,
        ({ small }) => shownAt(screen, small),
        async ({ session, labels, small }) => {
          await session.page.goto(screen.path(ids));
          await session.page.getByRole("heading", { level: 1 }).first().waitFor();
          await screen.show?.({ page: session.page, labels, small });
        },
        { overlay: screen.overlay },
      );
    });
  }
});
