import type { UserEvent } from "@testing-library/user-event";
import type { Locale } from "../../../src/shared/i18n/locales";
import { STATISTICS_WORDS, statisticsControls, type Statistics } from "../statistics";
import { control, find, findAll, read, stateOf, textOf } from "./find";

export function statistics(user: UserEvent, locale: Locale = "en"): Statistics {
  const controls = statisticsControls(STATISTICS_WORDS[locale]);
  const dialog = () => find(controls.dialog);
  /** A card by name; without one, the dialog when it is open, else the page (a statistic's own page). */
  const scope = (card?: string) => (card ? find(controls.card(card)) : (dialog() ?? document.body));
  const ranking = (card?: string) => {
    const within = scope(card);
    return within ? (findAll(controls.ranking(), within).find((list) => list.tagName === "OL") ?? null) : null;
  };
  const asOf = (card?: string) => (scope(card) ? (findAll(controls.asOf, scope(card))[0] ?? null) : null);
  const click = async (target: Parameters<typeof control>[0], within?: Parameters<typeof control>[1]) => user.click(await control(target, within));

  return {
    title: read(() => textOf(find(controls.title))),
    cardNames: read(() => findAll(controls.anyCard).map((card) => card.getAttribute("aria-label") ?? "")),
    rows: read((card) =>
      findAll(controls.rowLink(), ranking(card)).map((link) => ({ name: link.getAttribute("aria-label") ?? textOf(link) ?? "", href: link.getAttribute("href") })),
    ),
    asOf: read((card) => textOf(asOf(card)?.querySelector("time") ?? null)),
    asOfInstant: read((card) => asOf(card)?.querySelector("time")?.getAttribute("datetime") ?? null),
    emptyMessage: read(() => textOf(find(controls.empty))),
    loadError: read(() => textOf(findAll(controls.loadError, scope())[0] ?? null)),
    hasHiddenChart: read((card) => find(controls.chart, find(controls.card(card)))?.getAttribute("aria-hidden") === "true"),
    dialogTitle: read(() => {
      const open = dialog();
      const titleId = open?.getAttribute("aria-labelledby");
      return open ? textOf(titleId ? document.getElementById(titleId) : null) : null;
    }),
    range: read(() => textOf(find(controls.range, scope()))),
    paging: read(() => ({ previous: stateOf(find(controls.previous, scope())), next: stateOf(find(controls.next, scope())) })),
    // In the page's main region: the header has a status of its own (the live connection).
    notFound: read(() => textOf(find(controls.notFound, document.querySelector("main")))),

    openCompleteList: (card) => click(controls.seeCompleteList(card)),
    closeCompleteList: () => click(controls.close, dialog),
    nextPage: () => click(controls.next, () => scope()),
    previousPage: () => click(controls.previous, () => scope()),
    refreshNow: () => click(controls.refreshNow),
    openRow: (name, card) => click(controls.rowLink(name), () => ranking(card)),
  };
}
