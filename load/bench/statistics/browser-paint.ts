// The browser side of `npm run bench:statistics`: /statistics opened in a new tab of Chromium at 1x CPU, the real
// server serving the built SPA over the bench's database. Three times per run, in ms from navigation start:
// the cards painted (ranked rows), their bar charts drawn, and the coverage board painted.
import type { Browser } from "playwright-core";
import { launchBrowser } from "../../../tests/e2e/support/browser.ts";
import { startServer } from "../../../tests/e2e/support/server-process.ts";
import { signedInState } from "../../support/browser-sign-in.ts";

/** Paint time: the frame after the DOM changed, then a task, which runs once that frame has been painted. */
const AFTER_PAINT = `(done) => requestAnimationFrame(() => setTimeout(done, 0))`;

/**
 * Records, in ms since navigation start, the first paint with the cards' rankings on screen (window.cardsPaintedAt,
 * and how many cards in window.cardCount: the board shows them all in one render), with a bar in every card's
 * chart (window.chartsPaintedAt; recharts draws after measuring its box) and with the coverage board's rows
 * (window.boardPaintedAt). By test id, so that a build in any language is measured alike.
 */
const paintProbe = `
  (() => {
    const afterPaint = ${AFTER_PAINT};
    const marks = { cards: false, charts: false, board: false };
    const check = () => {
      if (location.pathname !== "/statistics") return;
      const cards = Array.from(document.querySelectorAll('[data-testid="statistic-card"]'));
      if (!marks.cards && cards.length > 0 && cards.every((card) => card.querySelector('[data-testid="statistic-ranking"] li'))) {
        marks.cards = true;
        window.cardCount = cards.length;
        afterPaint(() => (window.cardsPaintedAt = performance.now()));
      }
      if (marks.cards && !marks.charts && cards.every((card) => card.querySelector('[data-testid="statistic-chart"] .recharts-bar-rectangle'))) {
        marks.charts = true;
        afterPaint(() => (window.chartsPaintedAt = performance.now()));
      }
      if (!marks.board && document.querySelector('[data-testid="coverage-board"] tbody tr')) {
        marks.board = true;
        afterPaint(() => (window.boardPaintedAt = performance.now()));
      }
      if (marks.cards && marks.charts && marks.board) observer.disconnect();
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { childList: true, subtree: true });
  })();
`;

interface Probes {
  cardsPaintedAt?: number;
  chartsPaintedAt?: number;
  boardPaintedAt?: number;
  cardCount?: number;
}

export interface StatisticsPageTimes {
  cards: number[];
  charts: number[];
  board: number[];
  /** When the first statistics GET of the first load was sent (for information: the SPA's start-up). */
  firstStatisticSent: number[];
  /** When the last statistics GET of the first load answered (for information: the server's share). */
  lastStatisticAnswered: number[];
  cardCount: number;
}

/** `runs` cold opens of /statistics, each in a new context (empty cache), with the session of one sign-in. */
async function measureOpens(browser: Browser, url: string, runs: number): Promise<StatisticsPageTimes> {
  const session = await signedInState(browser, url);
  const times: StatisticsPageTimes = { cards: [], charts: [], board: [], firstStatisticSent: [], lastStatisticAnswered: [], cardCount: 0 };
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ baseURL: url, locale: "en-US", viewport: { width: 1280, height: 800 }, storageState: session });
    try {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
      await page.addInitScript(paintProbe);
      page.on("pageerror", (error) => console.error(`page error: ${error.message}`));
      await page.goto("/statistics");
      // A function, not a string: the page's CSP forbids evaluating strings in waitForFunction.
      await page.waitForFunction(
        () => {
          const probes = window as unknown as Probes;
          return probes.cardsPaintedAt !== undefined && probes.chartsPaintedAt !== undefined && probes.boardPaintedAt !== undefined;
        },
        undefined,
        { timeout: 60_000 },
      );
      const probes = await page.evaluate<Required<Probes>>("({ cardsPaintedAt, chartsPaintedAt, boardPaintedAt, cardCount })");
      const [sent, answered] = await page.evaluate<[number, number]>(`(() => {
        const gets = performance.getEntriesByType("resource").filter((entry) => entry.name.includes("/api/v1/statistics/")).slice(0, 7);
        return [Math.min(...gets.map((entry) => entry.startTime)), Math.max(...gets.map((entry) => entry.responseEnd))];
      })()`);
      times.cards.push(probes.cardsPaintedAt);
      times.charts.push(probes.chartsPaintedAt);
      times.board.push(probes.boardPaintedAt);
      times.firstStatisticSent.push(sent);
      times.lastStatisticAnswered.push(answered);
      times.cardCount = probes.cardCount;
    } finally {
      await context.close();
    }
  }
  return times;
}

/**
 * The real server (its own process, no seeding: the bench has filled the database) serving the SPA built into
 * `staticDir`, and Chromium opening /statistics `runs` times.
 */
export async function benchStatisticsPage(databaseUrl: string, staticDir: string, runs: number): Promise<StatisticsPageTimes> {
  const server = await startServer({ DATABASE_URL: databaseUrl, SEED: "false", STATIC_DIR: staticDir });
  try {
    const browser = await launchBrowser();
    try {
      return await measureOpens(browser, server.url, runs);
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
  }
}
