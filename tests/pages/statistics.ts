/** The statistics cards (/statistics), a card's complete list (its dialog) and one statistic's page (/statistics/:key). */
import type { ControlState, Target, Words } from "./locators";

/** A row of a ranking as a user reads its link: "Cluj: 17", and where it leads. */
export interface StatisticRowLink {
  name: string;
  href: string | null;
}

export interface Statistics {
  /** The page title. */
  title(): Promise<string | null>;
  /** The cards shown, in order, by name (header and subheader). */
  cardNames(): Promise<string[]>;
  /** A card's ranking (or, without a card name, the ranking of the dialog or of the statistic's page). */
  rows(card?: string): Promise<StatisticRowLink[]>;
  /** The time a card's figures were computed, as shown ("10:15:02"), null without it. */
  asOf(card?: string): Promise<string | null>;
  /** Its `datetime`, the server's instant. */
  asOfInstant(card?: string): Promise<string | null>;
  /** The calm message shown when no card has figures, null otherwise. */
  emptyMessage(): Promise<string | null>;
  /** The error shown instead of the cards or a list, null without one. */
  loadError(): Promise<string | null>;
  /** Whether a card draws its ranking as a chart hidden from assistive technology. */
  hasHiddenChart(card: string): Promise<boolean>;
  /** The open complete-list dialog's title, null while none is open. */
  dialogTitle(): Promise<string | null>;
  /** "Showing 1 to 20 of 25" of the dialog or the statistic's page. */
  range(): Promise<string | null>;
  paging(): Promise<{ previous: ControlState; next: ControlState }>;
  /** The page's text when it names no statistic. */
  notFound(): Promise<string | null>;

  openCompleteList(card: string): Promise<void>;
  closeCompleteList(): Promise<void>;
  nextPage(): Promise<void>;
  previousPage(): Promise<void>;
  refreshNow(): Promise<void>;
  openRow(name: string, card?: string): Promise<void>;
}

interface StatisticsWords {
  seeCompleteList: (card: string) => string;
  close: string;
  next: string;
  previous: string;
  refreshNow: string;
}

/** Romanian from src/locales/ro/messages.po (the statistics' own words once the lead has translated them). */
export const STATISTICS_WORDS: Words<StatisticsWords> = {
  en: {
    seeCompleteList: (card) => `See complete list: ${card}`,
    close: "Close",
    next: "Next",
    previous: "Previous",
    refreshNow: "Refresh the statistics now",
  },
  ro: {
    seeCompleteList: (card) => `Vezi lista completă: ${card}`,
    close: "Închide",
    next: "Următoarea",
    previous: "Anterioara",
    refreshNow: "Reîmprospătează statisticile acum",
  },
};

/** The seven cards' names (header and subheader), in the configured order. */
export const CARD_NAMES: Words<string[]> = {
  en: [
    "Top counties with the most observers",
    "Top counties with the most reports",
    "Top polling stations with the most reports",
    "Top counties with the most reports at opening",
    "Top polling stations with the most reports at opening",
    "Top counties with the most reports during the vote count",
    "Top polling stations with the most reports during the vote count",
  ],
  ro: [
    "Topul județelor cu cei mai mulți observatori",
    "Topul județelor cu cele mai multe sesizări",
    "Topul secțiilor cu cele mai multe sesizări",
    "Topul județelor cu cele mai multe sesizări la deschidere",
    "Topul secțiilor cu cele mai multe sesizări la deschidere",
    "Topul județelor cu cele mai multe sesizări la numărarea voturilor",
    "Topul secțiilor cu cele mai multe sesizări la numărarea voturilor",
  ],
};

export const statisticsControls = (words = STATISTICS_WORDS.en) => ({
  title: { role: "heading", level: 1 } satisfies Target,
  card: (name?: string) => ({ role: "region", name }) satisfies Target,
  anyCard: { testId: "statistic-card" } satisfies Target,
  ranking: (name?: string) => ({ role: "list", name }) satisfies Target,
  rowLink: (name?: string) => ({ role: "link", name }) satisfies Target,
  asOf: { testId: "statistic-as-of" } satisfies Target,
  chart: { testId: "statistic-chart" } satisfies Target,
  empty: { testId: "statistics-empty" } satisfies Target,
  loadError: { role: "alert" } satisfies Target,
  seeCompleteList: (card: string) => ({ role: "button", name: words.seeCompleteList(card) }) satisfies Target,
  dialog: { role: "dialog" } satisfies Target,
  close: { role: "button", name: words.close } satisfies Target,
  range: { testId: "list-range" } satisfies Target,
  next: { role: "button", name: words.next } satisfies Target,
  previous: { role: "button", name: words.previous } satisfies Target,
  refreshNow: { role: "button", name: words.refreshNow } satisfies Target,
  notFound: { role: "status" } satisfies Target,
});
