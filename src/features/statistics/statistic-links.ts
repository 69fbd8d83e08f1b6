import { paths } from "../../shared/paths";
import type { StatisticLink, StatisticsItem } from "./statistics.config";

/** A station row's label is "<countyCode> <number>" (the contract): the number is its last word. */
function stationNumber(label: string): string | undefined {
  const number = label.trim().split(/\s+/).at(-1);
  return number && /^\d+$/.test(number) ? number : undefined;
}

/**
 * The list behind a row's number, with exactly that filter: a county (and station) and, for the opening and counting
 * variants, the form. Its totals equal the number (listAnswerThreads, `totals`).
 */
export function statisticItemHref(link: StatisticLink, item: StatisticsItem): string {
  return paths[link.route].href({
    county: item.code,
    pollingStationNumber: link.grouping === "station" ? stationNumber(item.label) : undefined,
    formCode: link.formCode,
  });
}
