import type { Locator, Page } from "playwright-core";
import type { Locale } from "../../../src/shared/i18n/locales";
import { folded } from "../locators";
import { STATISTICS_WORDS, statisticsControls, type Statistics } from "../statistics";
import { attributeOf, isThere, locate, stateOf, textOf } from "./locate";

export function statistics(page: Page, locale: Locale = "en"): Statistics {
  const controls = statisticsControls(STATISTICS_WORDS[locale]);
  const at = (target: Parameters<typeof locate>[1], scope: Page | Locator = page) => locate(scope, target);
  const dialog = () => at(controls.dialog);
  /** A card by name; without one, the dialog when it is open, else the page (a statistic's own page). */
  const scope = async (card?: string): Promise<Page | Locator> => (card ? at(controls.card(card)) : (await isThere(dialog())) ? dialog() : page);
  // The ranking is the ordered list; the chart's own lists (if any) are not.
  const ranking = async (card?: string) => at(controls.ranking(), await scope(card)).and(page.locator("ol"));

  return {
    title: () => textOf(at(controls.title)),
    cardNames: () => at(controls.anyCard).evaluateAll((cards) => cards.map((card) => card.getAttribute("aria-label") ?? "")),
    rows: async (card) =>
      (await ranking(card)).locator("a").evaluateAll((links) => links.map((link) => ({ name: link.getAttribute("aria-label") ?? link.textContent ?? "", href: link.getAttribute("href") }))),
    asOf: async (card) => {
      const text = await at(controls.asOf, await scope(card)).evaluateAll((elements) => elements[0]?.querySelector("time")?.textContent ?? null);
      return text === null ? null : folded(text);
    },
    asOfInstant: async (card) => at(controls.asOf, await scope(card)).evaluateAll((elements) => elements[0]?.querySelector("time")?.getAttribute("datetime") ?? null),
    emptyMessage: () => textOf(at(controls.empty)),
    loadError: async () => {
      const texts = await at(controls.loadError, await scope()).evaluateAll((alerts) => alerts.map((alert) => alert.textContent ?? ""));
      return texts[0] === undefined ? null : folded(texts[0]);
    },
    hasHiddenChart: async (card) => (await attributeOf(at(controls.chart, at(controls.card(card))), "aria-hidden")) === "true",
    dialogTitle: async () => {
      const titles = await dialog().evaluateAll((dialogs) =>
        dialogs.map((open) => document.getElementById(open.getAttribute("aria-labelledby") ?? "")?.textContent ?? null),
      );
      return titles[0] ? folded(titles[0]) : null;
    },
    range: async () => textOf(at(controls.range, await scope())),
    paging: async () => {
      const within = await scope();
      return { previous: await stateOf(at(controls.previous, within)), next: await stateOf(at(controls.next, within)) };
    },
    // In the page's main region: the header has a status of its own (the live connection).
    notFound: () => textOf(at(controls.notFound, page.locator("main"))),

    openCompleteList: (card) => at(controls.seeCompleteList(card)).click(),
    closeCompleteList: () => at(controls.close, dialog()).click(),
    nextPage: async () => at(controls.next, await scope()).click(),
    previousPage: async () => at(controls.previous, await scope()).click(),
    refreshNow: () => at(controls.refreshNow).click(),
    openRow: async (name, card) => at(controls.rowLink(name), await ranking(card)).click(),
  };
}
