import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, openPage } from "./support/browser.ts";

const baseUrl = inject("baseUrl");

/** The login route is the first thing staff load on a weak laptop (DEVELOPERS.md; timings: npm run bench:login). */
const MAX_GZIP_BYTES = 130_000;
const MAX_REQUESTS = 6;

describe("the login route's budget", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it(`ships at most ${MAX_GZIP_BYTES / 1000} kB gzip of JS+CSS in at most ${MAX_REQUESTS} requests, the HTML document counted`, async () => {
    const { page, context } = await openPage(browser, baseUrl);
    const requests: string[] = [];
    const assets: Promise<number>[] = [];
    page.on("response", (response) => {
      requests.push(new URL(response.url()).pathname);
      const type = response.request().resourceType();
      if (type === "script" || type === "stylesheet") assets.push(response.body().then((body) => gzipSync(body).length));
    });
    await page.goto("/login");
    await page.locator("input[type=password]").waitFor();
    await page.waitForLoadState("networkidle");
    const gzipBytes = (await Promise.all(assets)).reduce((sum, size) => sum + size, 0);

    expect(requests.length, requests.join(", ")).toBeLessThanOrEqual(MAX_REQUESTS);
    expect(gzipBytes).toBeLessThanOrEqual(MAX_GZIP_BYTES);
    // Nothing of the signed-in product: its routes, Mantine's whole stylesheet and the other libraries load later.
    expect(requests.some((path) => /SignedInRoutes|ObserverList|NgoList/.test(path))).toBe(false);
    await context.close();
  });
});
