import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, openPage, type TestPage } from "../support/browser.ts";
import { demoDatabaseEnv } from "../support/e2e-database.ts";
import { startServer, type RunningServer } from "../support/server-process.ts";
import { freezeAuditTimes, recordVisualActivity } from "./activity.ts";
import { compareWithApproved } from "./approved-screenshots.ts";
import { SCREENS, VISUAL_ENGLISH, VISUAL_ROMANIAN, type DemoIds, type Screen, type VisualLabels } from "./screens.ts";

/** Midnight in Bucharest after the demo election day's last activity: every "seen … ago" reads the same on every run. */
const FROZEN_NOW = new Date("2026-11-22T22:00:00Z");
const organizer = { user: "0700000001", password: "demo1234" };

const WIDE = { width: 1440, height: 900, small: false };
const SMALL = { width: 390, height: 844, small: true };
type Viewport = typeof WIDE;

/**
 * A screen is loaded once and shot at both widths, resized in between, as a user resizes a window or turns a tablet:
 * a page load is most of a screenshot's time. English loads each screen wide and narrows it, Romanian loads it small
 * and widens it, so every screen is also shot as it first renders at each width.
 */
const LANGUAGES: { language: "en" | "ro"; browserLocale: string; labels: VisualLabels; widths: Viewport[] }[] = [
  { language: "en", browserLocale: "en-US", labels: VISUAL_ENGLISH, widths: [WIDE, SMALL] },
  { language: "ro", browserLocale: "ro-RO", labels: VISUAL_ROMANIAN, widths: [SMALL, WIDE] },
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

/** Nothing left to load or to animate at `width`: no loader, fonts in, no running animation, the pointer out of the way. */
async function settle(page: Page, width: number) {
  await page.mouse.move(0, 0);
  // Checked at every frame, all at once (a poll from Node waits 100 ms and more between looks, on each of 120 screens).
  // The header's live indicator starts at "Connecting…": a screen is shown live. On a busy machine a page may take
  // seconds to settle.
  const settled = () =>
    page.waitForFunction(
      (expectedWidth) =>
        window.innerWidth === expectedWidth &&
        document.querySelector(".mantine-Loader-root, [data-testid=list-loading], [data-live-status]:not([data-live-status=live])") === null &&
        document.fonts.status === "loaded" &&
        document.getAnimations().length === 0,
      width,
      { polling: "raf", timeout: 20_000 },
    );
  await settled();
  // A resized window re-renders on its media queries and resize observers in the frames after the resize, and may
  // start a load of its own (the observers list pages cards differently): settled again two frames later.
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  await settled();
}

/**
 * Opens `path` as the app's links do, without loading the page again; a screen already at `path` (a dialog or menu
 * opened on the screen before) is left as it is. The heading of the screen left behind is marked: the wait is for the
 * next screen's (which is why a screen shown in place of the one before is loaded afresh, `reload`).
 */
async function openInApp(page: Page, path: string) {
  const moved = await page.evaluate((to) => {
    if (`${location.pathname}${location.search}` === to) return false;
    for (const heading of document.querySelectorAll("h1")) heading.dataset.left = "";
    window.scrollTo(0, 0);
    history.pushState(null, "", to);
    dispatchEvent(new PopStateEvent("popstate"));
    return true;
  }, path);
  if (moved) await page.locator("h1:not([data-left])").first().waitFor();
}

/**
 * Escape closes a dialog or menu. A click on the header's bare corner then ends keyboard use, as a user reaching for
 * the mouse does: otherwise the overlay opened next would show its focus ring, which a click-opened one does not.
 */
async function closeOverlay(page: Page) {
  await page.keyboard.press("Escape");
  await page.locator("[role=dialog], [role=menu]").first().waitFor({ state: "hidden" });
  await page.mouse.click(0, 0);
}

async function pageScrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

const isShownAt = (screen: Screen, small: boolean) => screen.width === undefined || screen.width === (small ? "small" : "wide");

/**
 * Every route in English and Romanian at 1440 × 900 and 390 × 844, compared with the approved PNGs in
 * __approved__/ (npm run test:visual:approve replaces them; look at each before committing it). Runs on a server
 * of its own, so that the journeys' added NGOs and observers never show up in a screenshot.
 * A dialog or menu is opened afresh at each width, as it is opened differently.
 */
describe("the screens as approved", () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;
  let ids: DemoIds;
  beforeAll(async () => {
    [server, browser] = await Promise.all([demoDatabaseEnv(inject("e2ePostgresUrl"), "visual").then(startServer), launchBrowser()]);
    token = await signInThroughApi(server);
    ids = await demoIds(server, token);
    await recordVisualActivity(server, token, ids);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const { language, browserLocale, labels, widths } of LANGUAGES) {
    describe(language, () => {
      let session: TestPage;
      beforeAll(async () => {
        session = await openPage(browser, server.url, { locale: browserLocale, timezoneId: "Europe/Bucharest", viewport: widths[0] });
        await session.context.clock.setFixedTime(FROZEN_NOW);
        // Age clocks run on the server's clock (the page's serverTime): the lists are told the frozen time too.
        await session.context.route(/\/api\/v1\/answers\?/, async (route) => {
          const response = await route.fetch();
          const page = (await response.json()) as Record<string, unknown>;
          await route.fulfill({ response, json: { ...page, serverTime: FROZEN_NOW.toISOString() } });
        });
        await freezeAuditTimes(session.context, FROZEN_NOW);
        await session.context.addInitScript((stored) => localStorage.setItem("language", stored), language);
      });
      afterAll(() => session.context.close());

      /**
       * Shoots the screen at each width it is shown at: `open` shows it, `show` readies it. An overlay is closed and
       * opened again at the next width, since it opens differently there, and closed after its last shot.
       */
      async function expectApprovedAtEachWidth(
        name: string,
        { open, show, overlay = false, shownAt = widths }: { open: () => Promise<void>; show?: (small: boolean) => Promise<void>; overlay?: boolean; shownAt?: Viewport[] },
      ) {
        for (const [index, { width, height, small }] of shownAt.entries()) {
          await session.page.setViewportSize({ width, height });
          // What `show` waited for stays on screen when the window narrows (settle waits out what reloads).
          if (index === 0) await open();
          if (index === 0 || overlay) await show?.(small);
          await settle(session.page, width);
          // The statistics' "as of" is the server's real clock, not the frozen one: the time is masked, its place kept.
          const mask = [session.page.locator("[data-testid=statistic-as-of] time, [data-testid=coverage-as-of] time")];
          const screenshot = await session.page.screenshot({ fullPage: !overlay, animations: "disabled", caret: "hide", mask });
          if (small) expect.soft(await pageScrollsSideways(session.page), `${name} at ${width} px scrolls sideways`).toBe(false);
          expect.soft(session.errors.splice(0), `errors at ${width} px`).toEqual([]);
          expect.soft(compareWithApproved(`${name}.${language}.${width}`, screenshot), `${name} at ${width} px`).toBe("matches");
          if (overlay) await closeOverlay(session.page);
        }
      }

      it("login", async () => {
        await expectApprovedAtEachWidth("login", {
          open: () => session.page.goto("/login").then(() => undefined),
          show: () => session.page.locator("input[type=password]").waitFor(),
        });
        // Signed in from here on, as the session machine does after a successful sign-in.
        await session.page.evaluate((value) => localStorage.setItem("token-id", value), token);
      });

      // A page load is most of a screenshot's time: after the first, a screen is opened as the app's links open it.
      let loaded = false;
      for (const screen of SCREENS) {
        it(screen.name, async () => {
          await expectApprovedAtEachWidth(screen.name, {
            open: async () => {
              if (loaded && !screen.reload) {
                await openInApp(session.page, screen.path(ids));
              } else {
                await session.page.goto(screen.path(ids), { waitUntil: "commit" });
                await session.page.getByRole("heading", { level: 1 }).first().waitFor();
                loaded = true;
              }
            },
            show: screen.show && ((small) => screen.show!({ page: session.page, labels, small })),
            overlay: screen.overlay,
            shownAt: widths.filter(({ small }) => isShownAt(screen, small)),
          });
        });
      }
    });
  }
});
