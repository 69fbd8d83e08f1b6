import type { Browser, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
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
    await signIn(page, { user: "0700000001", password: "demo1234" });
    await page.goto("/observatori");
    const rows = page.getByRole("table", { name: "Observers" }).locator("tbody tr");
    await rows.first().waitFor();
    await page.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => page.getByTestId("list-range").textContent()).toMatch(/^Showing 21 to/);
    const shown = await rows.getByRole("rowheader").allTextContents();
    const reader = shown[1];
    await page.getByRole("checkbox", { name: `Select ${reader}` }).check();

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
    await page.getByRole("button", { name: "Refresh the list" }).click();
    await expect.poll(() => heldRequests).toBe(1);
    expect(await rows.getByRole("rowheader").allTextContents()).toEqual(shown);
    expect(await page.getByTestId("list-loading").count()).toBe(0);
    expect(await page.getByRole("checkbox", { name: `Select ${reader}` }).isChecked()).toBe(true);
    await expect.poll(() => page.getByRole("button", { name: "Refresh the list" }).getAttribute("data-loading")).toBe("true");

    release();
    await expect.poll(() => page.getByRole("button", { name: "Refresh the list" }).getAttribute("data-loading")).toBeNull();
    expect(await page.getByTestId("list-range").textContent()).toMatch(/^Showing 21 to/);
    expect(await page.getByRole("checkbox", { name: `Select ${reader}` }).isChecked()).toBe(true);
    expect(await page.getByTestId("selection-bar").textContent()).toContain("1");
    expect(errors).toEqual([]);
    await context.close();
  });
});
