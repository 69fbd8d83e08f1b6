import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";
import { expect } from "vitest";

const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

// Without the background-networking flags Chromium keeps dialling Google on this closed network.
const args = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath, args });
}

export interface TestPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions seen so far: every journey ends by expecting none. */
  errors: string[];
}

/** A fresh context and page; `options` override the locale (en-US), the viewport (1280 × 800) and the rest. */
export async function openPage(browser: Browser, baseURL: string, options: BrowserContextOptions = {}): Promise<TestPage> {
  // Reduced motion turns off Mantine's transitions, so an axe scan never sees a half-faded dialog.
  const context = await browser.newContext({ baseURL, locale: "en-US", viewport: { width: 1280, height: 800 }, reducedMotion: "reduce", ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && !isExpectedHttpError(message.text())) errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return { context, page, errors };
}

/** The browser logs every 4xx it receives; the journeys provoke 401s on purpose. */
function isExpectedHttpError(text: string): boolean {
  return /Failed to load resource: the server responded with a status of 40[01]/.test(text);
}

const WCAG_A_AND_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
/** WCAG 2.2 AA adds target size (2.5.8): screens used on phones and touch laptops are also scanned with it. */
export const WCAG_22_AA = [...WCAG_A_AND_AA, "wcag22aa"];

// axe-core itself, run in the page. @axe-core/playwright's analyze() injects it into every frame and finishes the run
// in a blank page of its own: 2.4 s of a 2.8 s scan of the observers list, where axe.run takes 0.4 s. The product has
// no frames, so the document is the whole page.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** The page's WCAG 2 A and AA violations, each as its rule and the nodes it found (selector and start of the HTML). */
export async function axeViolations(page: Page, tags: string[] = WCAG_A_AND_AA): Promise<string[]> {
  // Once per document: a navigation of the SPA keeps it, a reload does not.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: typeof import("axe-core") };
    const result = await axe.run(document, { runOnly: { type: "tag", values: tags } });
    return result.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(" ")} ${node.html.slice(0, 160)}`).join(", ")}`,
    );
  }, tags);
}

/** Scans the page with axe (WCAG 2 A and AA) and fails on any violation, naming the nodes. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

/** The console lines Chromium writes for responses the journey provokes on purpose (409 duplicate, 422 bad rows). */
export function withoutProvokedHttpErrors(errors: string[], statuses: number[]): string[] {
  return errors.filter(
    (error) => !statuses.some((status) => error.startsWith(`Failed to load resource: the server responded with a status of ${status}`)),
  );
}

/**
 * expectNoAxeViolations (support/browser.ts) as a soft assertion: a violation fails the test, but the journey goes
 * on, so one run reports every screen's violations and still checks the steps after them.
 */
export async function seeNoAxeViolationsSoftly(
  page: Page,
  { pointer = "moved away", tags }: { pointer?: "moved away" | "untouched"; tags?: string[] } = {},
): Promise<void> {
  // The resting state: the pointer, left where the last click was, would otherwise hover a control. A keyboard
  // journey leaves it untouched: it makes no mouse call at all, and no pointer ever hovered anything.
  if (pointer === "moved away") await page.mouse.move(0, 0);
  expect.soft(await axeViolations(page, tags), `axe on ${new URL(page.url()).pathname}`).toEqual([]);
}
