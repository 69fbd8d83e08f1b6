import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { coverageOverview, coverageStations } from "../pages/browser/coverage";
import { appHeader } from "../pages/browser/header";
import { textOf } from "../pages/browser/locate";
import { statistics } from "../pages/browser/statistics";
import { BOARD_COLUMNS, type FigureColumn } from "../pages/coverage";
import { eventually } from "../pages/locators";
import { CARD_NAMES, STATISTICS_WORDS } from "../pages/statistics";
import type { Account } from "./support/api.ts";
import { launchBrowser, openPage, seeNoAxeViolationsSoftly, WCAG_22_AA } from "./support/browser.ts";
import { signIn } from "./support/session.ts";

const baseUrl = inject("baseUrl");
const organizer: Account = { user: "0700000001", password: "demo1234" };
const [observersCard, irregularitiesCard] = CARD_NAMES.en;

/** A row's link reads "Cluj: 17" (locale-formatted): its label and its number. */
function rowFigure(name: string): { label: string; value: number } {
  const match = /^(.*): ([\d.,\s]+)$/.exec(name);
  if (!match) throw new Error(`a statistic row reads "${name}"`);
  return { label: match[1], value: Number(match[2].replace(/\D/g, "")) };
}

/** The list's totals line, "12 threads · 5 observers · 17 flagged answers", as numbers. */
async function answerTotals(page: Page) {
  const text = await textOf(page.getByTestId("answer-totals"));
  const match = /^([\d,]+) threads? · ([\d,]+) observers? · ([\d,]+) flagged answers?$/.exec(text ?? "");
  return match ? { threads: Number(match[1].replace(/,/g, "")), observers: Number(match[2].replace(/,/g, "")), flaggedAnswers: Number(match[3].replace(/,/g, "")) } : null;
}

const number = (text: string | undefined) => Number((text ?? "").replace(/\D/g, ""));
const pathOf = (page: Page) => `${new URL(page.url()).pathname}${new URL(page.url()).search}`;

/** The cards and the coverage board are on screen, with their figures. */
async function waitForStatistics(page: Page) {
  await eventually(() => statistics(page).cardNames()).not.toEqual([]);
  await eventually(async () => (await coverageOverview(page).boardCounties()).length).toBeGreaterThan(0);
}

describe("statistics in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  // Two languages, two screens scanned in each, five navigations: more than the 60 s default on two shared cores.
  it("shows the cards, opens the answers behind a number with the same total, and goes from the coverage board to notifying observers", { timeout: 120_000 }, async () => {
    const { page, errors } = await openPage(browser, baseUrl);
    const cards = statistics(page);
    const coverage = coverageOverview(page);
    const stations = coverageStations(page);
    await signIn(page, organizer);

    // The cards: the configured ones that have figures, in order, each with its top rows and the time of its figures.
    await appHeader(page).openSection("Statistics");
    await page.waitForURL("**/statistics");
    await waitForStatistics(page);
    expect(await cards.title()).toBe("Statistics");
    const shown = await cards.cardNames();
    expect(shown).toEqual(CARD_NAMES.en.filter((name) => shown.includes(name)));
    expect(shown).toEqual(expect.arrayContaining([observersCard, irregularitiesCard]));
    for (const name of shown) {
      const rows = await cards.rows(name);
      expect(rows.length, name).toBeGreaterThan(0);
      expect(rows.length, name).toBeLessThanOrEqual(5);
      expect(await cards.asOf(name), name).toMatch(/^\d{1,2}:\d{2}:\d{2}/);
      expect(await cards.hasHiddenChart(name), name).toBe(true);
    }
    await seeNoAxeViolationsSoftly(page, { tags: WCAG_22_AA });

    // The complete list opens in a dialog with at least the card's rows; Close gives the focus back to its button.
    const cardRows = await cards.rows(irregularitiesCard);
    await cards.openCompleteList(irregularitiesCard);
    await eventually(() => cards.dialogTitle()).toBe("Top counties");
    await eventually(async () => (await cards.rows()).length).toBeGreaterThanOrEqual(cardRows.length);
    expect((await cards.rows()).slice(0, cardRows.length)).toEqual(cardRows);
    await cards.closeCompleteList();
    await eventually(() => cards.dialogTitle()).toBeNull();
    await eventually(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
      STATISTICS_WORDS.en.seeCompleteList(irregularitiesCard),
    );

    // A county of the irregularities card opens its urgent answers, whose flagged answers are the row's number.
    const county = rowFigure(cardRows[0].name);
    await cards.openRow(cardRows[0].name, irregularitiesCard);
    await page.waitForURL(/\/urgents\?/);
    expect(pathOf(page)).toBe(cardRows[0].href);
    await eventually(async () => (await answerTotals(page))?.flaggedAnswers).toBe(county.value);

    // Back on the cards, a county of the observers card opens its answers, from as many observers as the row says.
    await page.goBack();
    await waitForStatistics(page);
    const observerRow = (await cards.rows(observersCard))[0];
    const observers = rowFigure(observerRow.name);
    await cards.openRow(observerRow.name, observersCard);
    await page.waitForURL(/\/answers\?/);
    expect(pathOf(page)).toBe(observerRow.href);
    await eventually(async () => (await answerTotals(page))?.observers).toBe(observers.value);
    await page.goBack();
    await waitForStatistics(page);

    // The county tile map: a tile per county, each opening its urgent answers; its table twin shows and hides.
    const tiles = await coverage.tiles();
    expect(tiles.length).toBeGreaterThanOrEqual(41);
    for (const tile of tiles) expect(tile.href, tile.code).toMatch(new RegExp(`^/urgents\\?(.*&)?county=${tile.code}(&|$)`));
    expect(await coverage.rateRows()).toBeNull();
    await coverage.toggleTable();
    await eventually(async () => (await coverage.rateRows())?.length).toBeGreaterThanOrEqual(tiles.length);
    await coverage.toggleTable();
    await eventually(() => coverage.rateRows()).toBeNull();

    // The board sorts by a column, and says so (aria-sort); the order follows the numbers.
    await coverage.sortBy("observed");
    await eventually(() => coverage.sortOf("observed")).not.toBe("none");
    const direction = await coverage.sortOf("observed");
    const counties = await coverage.boardCounties();
    const observed = await Promise.all(counties.map(async (name) => number((await coverage.cell(name, "observed"))?.text)));
    const ordered = [...observed].sort((a, b) => (direction === "ascending" ? a - b : b - a));
    expect(observed).toEqual(ordered);
    for (const column of BOARD_COLUMNS.filter((name) => name !== "observed")) expect(await coverage.sortOf(column), column).toBe("none");

    // A silent number (or else an observed one) opens the stations it counts: as many as it says.
    const figure = async (column: FigureColumn) => {
      for (const name of counties) {
        const cell = await coverage.cell(name, column);
        if (cell?.href && number(cell.text) > 0) return { county: name, column, value: number(cell.text), href: cell.href };
      }
      return null;
    };
    const chosen = (await figure("silent")) ?? (await figure("observed"));
    expect(chosen, "a county with observed stations").not.toBeNull();
    await coverage.openNumber(chosen!.county, chosen!.column);
    await page.waitForURL(`**/statistics/coverage/**/${chosen!.column}*`);
    expect(pathOf(page)).toBe(chosen!.href);
    await eventually(() => stations.total()).toBe(chosen!.value);
    await eventually(async () => (await stations.stations()).length).toBeGreaterThan(0);
    await seeNoAxeViolationsSoftly(page);

    // From there to the composer, its observers chosen.
    const notifyHref = await stations.notifyHref();
    expect(notifyHref).toMatch(/^\/notifications\?observerIds=\d+(%2C\d+|,\d+)*$/);
    await stations.notify();
    await page.waitForURL("**/notifications?observerIds=*");
    expect(pathOf(page)).toBe(notifyHref);

    // Both screens in Romanian pass the scan too.
    await page.goBack();
    await eventually(() => stations.total()).toBe(chosen!.value);
    await appHeader(page).chooseLanguage("Română");
    await eventually(() => appHeader(page, "ro").sections()).toContain("Statistici");
    await seeNoAxeViolationsSoftly(page);
    await appHeader(page, "ro").openSection("Statistici");
    await page.waitForURL("**/statistics");
    await waitForStatistics(page);
    expect(await statistics(page, "ro").cardNames()).toEqual(expect.arrayContaining([CARD_NAMES.ro[0]]));
    await seeNoAxeViolationsSoftly(page);
    expect(errors).toEqual([]);
  });
});
