import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { appHeader } from "../pages/browser/header";
import { HEADER_WORDS } from "../pages/header";
import { eventually } from "../pages/locators";
import { launchBrowser, openPage, seeNoAxeViolationsSoftly } from "./support/browser.ts";
import { signIn } from "./support/session.ts";

const baseUrl = inject("baseUrl");
const organizer = { user: "0700000001", password: "demo1234" };

/** Where the header's parts sit, in CSS pixels; null for a part not on screen. */
async function headerLayout(page: Page) {
  const banner = page.getByRole("banner");
  const box = async (locator: ReturnType<Page["locator"]>) => ((await locator.isVisible()) ? await locator.boundingBox() : null);
  return {
    links: await box(banner.getByRole("navigation")),
    burger: await box(banner.getByRole("button", { name: HEADER_WORDS.ro.openMenu })),
    userName: await box(banner.getByTestId("user-name")),
    logout: await box(banner.getByRole("button", { name: HEADER_WORDS.ro.logout })),
    liveWord: await box(banner.getByRole("status")),
    liveText: await banner.getByRole("status").textContent(),
    width: await page.evaluate(() => document.documentElement.clientWidth),
  };
}

// The organizer's nine sections in Romanian, the longest header there is.
describe("the header's links on a 1,366 px laptop, in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it("keeps every section in the header, compact and on one line, down to 1,344 px; below, the burger", async () => {
    const { page, errors, context } = await openPage(browser, baseUrl, { viewport: { width: 1366, height: 768 } });
    await signIn(page, organizer);
    await appHeader(page).chooseLanguage("Română");
    await eventually(() => appHeader(page, "ro").sections()).toContain("Jurnal de activitate");
    await page.locator('[data-live-status="live"]').waitFor();

    for (const width of [1366, 1344]) {
      await page.setViewportSize({ width, height: 768 });
      const layout = await headerLayout(page);
      expect(layout.burger).toBeNull();
      expect(layout.links).not.toBeNull();
      expect(layout.userName).not.toBeNull();
      // One line: the links end before the account's part begins, and Logout is within the window.
      expect(layout.links!.x + layout.links!.width).toBeLessThan(layout.userName!.x);
      expect(layout.logout!.x + layout.logout!.width).toBeLessThanOrEqual(layout.width);
      expect(layout.links!.height).toBeLessThan(40);
      // While live, the word gives its room to the links but is still read out.
      expect(layout.liveText).toBe("În timp real");
      expect(layout.liveWord!.width).toBeLessThanOrEqual(1);
    }
    expect(await appHeader(page, "ro").sections()).toEqual([
      "ONG-uri",
      "Urgențe",
      "Răspunsuri",
      "Statistici",
      "Observatori",
      "Secții",
      "Ghidul observatorului(se deschide într-o filă nouă)",
      "Formulare",
      "Notificări",
      "Jurnal de activitate",
    ]);
    await seeNoAxeViolationsSoftly(page);

    await page.setViewportSize({ width: 1343, height: 768 });
    const narrow = await headerLayout(page);
    expect(narrow.links).toBeNull();
    expect(narrow.burger).not.toBeNull();
    expect(narrow.liveWord!.width).toBeGreaterThan(1);

    await page.setViewportSize({ width: 1440, height: 768 });
    expect((await headerLayout(page)).liveWord!.width).toBeGreaterThan(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
