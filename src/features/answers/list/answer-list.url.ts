import type { ListFilter } from "../../../shared/machines/list.machine";
import { paths } from "../../../shared/paths";
import { ANSWER_FILTER_FIELDS, EMPTY_ANSWER_FILTER } from "./answer-list.config";

export type AnswerListRoute = "answers" | "urgents";

/** The filter a URL query holds; unknown parameters are ignored, missing ones are empty. */
export function filterFromSearch(search: URLSearchParams): ListFilter {
  const filter: ListFilter = { ...EMPTY_ANSWER_FILTER };
  for (const field of ANSWER_FILTER_FIELDS) filter[field] = search.get(field)?.trim() ?? "";
  return filter;
}

/** The URL query of a filter, empty fields left out ("" when nothing is filtered), in a fixed order. */
export function searchFromFilter(filter: ListFilter): string {
  const search = new URLSearchParams();
  for (const field of ANSWER_FILTER_FIELDS) {
    const value = filter[field]?.trim();
    if (value) search.set(field, value);
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** Two filters that make the same address (empty fields and order aside). */
export const sameFilter = (left: ListFilter, right: ListFilter) => searchFromFilter(left) === searchFromFilter(right);

/** Nothing filters the list (its order, `sort`, is not a filter). */
export const isEmptyFilter = (filter: ListFilter) => ANSWER_FILTER_FIELDS.every((field) => field === "sort" || !filter[field]);

/** The list route with a filter, and no details child open. */
export function answerListHref(route: AnswerListRoute, filter: ListFilter): string {
  return paths[route].href(filter);
}

/** A thread's details under the same list, keeping the list's filter in the query. */
export function answerDetailsHref(route: AnswerListRoute, filter: ListFilter, idObserver: number, idPollingStation: number): string {
  return `${paths.answerDetails.href(route, idObserver, idPollingStation)}${searchFromFilter(filter)}`;
}

/** A route id: a whole number from 1 up (the contract's ids), anything else is null. */
function idOf(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** The thread a details route names, or null when its ids are not ids. */
export function threadFromParams(params: { idObserver?: string; idPollingStation?: string }): { observerId: number; pollingStationId: number } | null {
  const observerId = idOf(params.idObserver);
  const pollingStationId = idOf(params.idPollingStation);
  return observerId === null || pollingStationId === null ? null : { observerId, pollingStationId };
}
