import type { ListFilter, ListInput } from "../../../shared/machines/list.machine";

/** The filter fields, named as in the URL query and in listAnswerThreads; `from` and `to` are ISO instants. */
export const ANSWER_FILTER_FIELDS = ["county", "pollingStationNumber", "observerPhoneNumber", "from", "to"] as const;
export type AnswerFilterField = (typeof ANSWER_FILTER_FIELDS)[number];

export const EMPTY_ANSWER_FILTER: ListFilter = { county: "", pollingStationNumber: "", observerPhoneNumber: "", from: "", to: "" };

/**
 * 10 threads a page: the contract's default and the original's state default (its first load asked for 5, which
 * leaves the column beside the details half empty). Newest change first is the server's only order.
 */
export const ANSWER_LIST_INPUT: ListInput = {
  pageSize: 10,
  emptyFilter: EMPTY_ANSWER_FILTER,
  sort: { by: "lastModified", direction: "desc" },
};

export const ANSWERS_EXPORT_FILE_NAME = "answers.xlsx";
