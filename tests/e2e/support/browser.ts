import AxeBuilder from "@axe-core/playwright";
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

/** Scans the page with axe (WCAG 2 A and AA) and fails on any violation, naming the nodes. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const violations = result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  expect(violations).toEqual([]);
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
export async function seeNoAxeViolationsSoftly(page: Page): Promise<void> {
  // The resting state: the pointer, left where the last click was, would otherwise hover a control.
  await page.mouse.move(0, 0);
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const violations = result.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(" ")} ${node.html.slice(0, 160)}`).join(", ")}`,
  );
  expect.soft(violations, `axe on ${new URL(page.url()).pathname}`).toEqual([]);
}
