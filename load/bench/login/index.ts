// Builds the SPA, serves it with the real server and loads /login in Chromium, cold, at 1x and 4x CPU.
// Prints the JS+CSS bytes (gzip) and requests the login route needs and the time to a visible password field.
import { gzipSync } from "node:zlib";
import { build } from "vite";
import { launchBrowser } from "../../../tests/e2e/support/browser.ts";
import { startServer } from "../../../tests/e2e/support/server-process.ts";

const RUNS = Number(process.env.RUNS ?? 5);

// `-- --built` serves dist/ as it is: CI has just built it for the browser tests from the same tree.
if (!process.argv.includes("--built")) await build({ logLevel: "warn" });
// The sign-in page reads no data: an empty database starts in a third of the demo's time.
const server = await startServer({ SEED: "false" });
const browser = await launchBrowser();

async function loadOnce(cpuSlowdown: number) {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
  // Records when the password field first becomes visible, measured from navigation start.
  // A string, not a function: tsx would insert helpers the page does not have.
  await page.addInitScript(`
    const observer = new MutationObserver(() => {
      const field = document.querySelector("input[type=password]");
      if (field && field.offsetParent !== null) {
        window.passwordVisibleAt = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true, attributes: true });
  `);
  const assets: { url: string; gzip: number }[] = [];
  page.on("response", async (response) => {
    const type = response.request().resourceType();
    if (type === "script" || type === "stylesheet") assets.push({ url: response.url(), gzip: gzipSync(await response.body()).length });
  });
  await page.goto("/login");
  await page.waitForFunction(() => "passwordVisibleAt" in window);
  const visibleAt = await page.evaluate(() => (window as unknown as { passwordVisibleAt: number }).passwordVisibleAt);
  await page.waitForLoadState("networkidle");
  await context.close();
  return { visibleAt, assets };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  for (const rate of [1, 4]) {
    const runs = [];
    for (let run = 0; run < RUNS; run++) runs.push(await loadOnce(rate));
    const last = runs[runs.length - 1];
    const kilobytes = last.assets.reduce((sum, asset) => sum + asset.gzip, 0) / 1000;
    const times = runs.map((run) => run.visibleAt);
    console.log(
      `login @${rate}x CPU: ${kilobytes.toFixed(1)} kB gzip JS+CSS in ${last.assets.length + 1} requests (the HTML document counted); ` +
        `password field visible after ${median(times).toFixed(0)} ms (median of ${RUNS}; min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)})`,
    );
    if (rate === 1) for (const asset of last.assets) console.log(`  ${(asset.gzip / 1000).toFixed(1).padStart(6)} kB  ${new URL(asset.url).pathname}`);
  }
  console.log("budget: at most 130 kB gzip in at most 6 requests, the HTML document counted (tests/e2e/login-budget.e2e.test.ts)");
} finally {
  await browser.close();
  await server.stop();
}
