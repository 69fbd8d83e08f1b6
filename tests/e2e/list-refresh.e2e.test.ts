import type { Browser, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { observerList } from "../pages/browser/observer-list";
import { eventually } from "../pages/locators";
import { signIn } from "./support/session.ts";
import { launchBrowser, openPage } from "./support/browser.ts";

const baseUrl = inject("baseUrl");

describe("a list refreshing in place, in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it("keeps the reader's page, rows and selection on screen while the list loads again", async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await signIn(page, { user: "0700000001", password: "demo1234" }, "/observatori");
    const observers = observerList(page);
    await eventually(async () => (await observers.rowNames()).length).toBeGreaterThan(0);
    await observers.nextPage();
    await eventually(() => observers.range()).toMatch(/^Showing 21 to/);
    await eventually(() => observers.loading()).toBeNull();
    const shown = await observers.rowNames();
    const reader = shown[1];
    await observers.toggleRow(reader);
    await eventually(() => observers.selectedNames()).toEqual([reader]);

    // The refresh's request is held until the test has looked at the screen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let heldRequests = 0;
    await page.route(
      (url) => url.pathname === "/api/v1/observer",
      async (route: Route) => {
        heldRequests += 1;
        await held;
        await route.continue();
      },
    );
    await observers.refresh();
    await expect.poll(() => heldRequests).toBe(1);
    expect(await observers.rowNames()).toEqual(shown);
    expect(await observers.loading()).toBeNull();
    expect(await observers.selectedNames()).toEqual([reader]);
    await eventually(() => observers.refreshState()).toBe("busy");

    release();
    await eventually(() => observers.refreshState()).toBe("enabled");
    expect(await observers.range()).toMatch(/^Showing 21 to/);
    expect(await observers.selectedNames()).toEqual([reader]);
    expect(await observers.selection()).toContain("1");
    expect(errors).toEqual([]);
    await context.close();
  });
});
