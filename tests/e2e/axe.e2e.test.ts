import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { axeViolations, launchBrowser, openPage } from "./support/browser.ts";

const baseUrl = inject("baseUrl");

// The journeys' accessibility checks run axe-core in the page themselves: this shows that they see a violation.
describe("the journeys' axe scan", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it("passes the sign-in page and names a nameless button added to it, after a navigation too", async () => {
    const { page, context } = await openPage(browser, baseUrl);
    await page.goto("/login");
    await page.locator("input[type=password]").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.evaluate(() => document.body.append(Object.assign(document.createElement("button"), { id: "nameless" })));
    expect(await axeViolations(page)).toEqual([expect.stringMatching(/^button-name: #nameless <button id="nameless">/)]);
    // A new document has no axe until the scan injects it again.
    await page.reload();
    await page.locator("input[type=password]").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
