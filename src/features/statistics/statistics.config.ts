import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { components } from "../../api/schema";

export type StatisticsMethod = components["schemas"]["StatisticsMethod"];
export type StatisticsItem = components["schemas"]["StatisticsItem"];
export type StatisticsPage = components["schemas"]["StatisticsPage"];

/**
 * Where a row's number leads: the observers per county open /answers, irregularities open /urgents; the opening
 * and counting variants narrow to their form (A, C), as the server counts them.
 */
export interface StatisticLink {
  route: "answers" | "urgents";
  /** A row is a county ("Cluj", code CJ) or a polling station ("CJ 15", code CJ). */
  grouping: "county" | "station";
  formCode?: string;
}

export interface Statistic {
  key: string;
  method: StatisticsMethod;
  header: MessageDescriptor;
  subHeader: MessageDescriptor;
  link: StatisticLink;
}

/** Values per card and rows per page of a complete list (spec, section 7). */
export const CARD_SIZE = 5;
export const LIST_PAGE_SIZE = 20;

// The original's headers are Romanian (spec, section 3): they are the `ro` translations, given in each comment.
const topCounties = msg({ message: "Top counties", comment: "Statistics card header; ro: Topul județelor" });
const topStations = msg({ message: "Top polling stations", comment: "Statistics card header; ro: Topul secțiilor" });
const mostReports = msg({ message: "with the most reports", comment: "Statistics card subheader; ro: cu cele mai multe sesizări" });
const mostOpeningReports = msg({
  message: "with the most reports at opening",
  comment: "Statistics card subheader (opening form A); ro: cu cele mai multe sesizări la deschidere",
});
const mostCountingReports = msg({
  message: "with the most reports during the vote count",
  comment: "Statistics card subheader (counting form C); ro: cu cele mai multe sesizări la numărarea voturilor",
});

/** The seven configured cards of /statistics, in the spec's order (section 3). */
export const STATISTIC_CARDS: readonly Statistic[] = [
  {
    key: "numar-observatori",
    method: "observerNumber",
    header: topCounties,
    subHeader: msg({ message: "with the most observers", comment: "Statistics card subheader; ro: cu cei mai mulți observatori" }),
    link: { route: "answers", grouping: "county" },
  },
  { key: "sesizari-judete", method: "countiesIrregularities", header: topCounties, subHeader: mostReports, link: { route: "urgents", grouping: "county" } },
  {
    key: "sesizari-sectii",
    method: "pollingStationIrregularities",
    header: topStations,
    subHeader: mostReports,
    link: { route: "urgents", grouping: "station" },
  },
  {
    key: "sesizari-deschidere-judete",
    method: "countiesOpeningIrregularities",
    header: topCounties,
    subHeader: mostOpeningReports,
    link: { route: "urgents", grouping: "county", formCode: "A" },
  },
  {
    key: "sesizari-deschidere-sectii",
    method: "pollingStationOpeningIrregularities",
    header: topStations,
    subHeader: mostOpeningReports,
    link: { route: "urgents", grouping: "station", formCode: "A" },
  },
  {
    key: "sesizari-numarare-judete",
    method: "countiesByCountingIrregularities",
    header: topCounties,
    subHeader: mostCountingReports,
    link: { route: "urgents", grouping: "county", formCode: "C" },
  },
  {
    key: "sesizari-numarare-sectii",
    method: "pollingStationsByCountingIrregularities",
    header: topStations,
    subHeader: mostCountingReports,
    link: { route: "urgents", grouping: "station", formCode: "C" },
  },
];

/** The spec's second configuration names only `observers-list`: the contract reads it as the observers per county. */
const OBSERVERS_LIST: Statistic = {
  key: "observers-list",
  method: "observerNumber",
  header: msg({ id: "OBSERVERS", message: "Observers" }),
  subHeader: msg({ message: "by county", comment: "Subheader of the statistic /statistics/observers-list; ro: pe județe" }),
  link: { route: "answers", grouping: "county" },
};

/** The statistic a /statistics/:key URL names, undefined for a key nobody configured. */
export function findStatistic(key: string | undefined): Statistic | undefined {
  return [...STATISTIC_CARDS, OBSERVERS_LIST].find((statistic) => statistic.key === key);
}
