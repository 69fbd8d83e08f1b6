import type { ListFilter, ListInput } from "../../../shared/machines/list.machine";

/**
 * The filter fields, named as in the URL query and in listAnswerThreads; `from` and `to` are ISO instants. `formCode`
 * has no field in the form: a statistics card's link sets it, and the page shows it as a removable chip. `state` is the
 * review state and `sort` the order ("" newest first, `oldestUnhandled`), kept in the URL with the filter.
 */
export const ANSWER_FILTER_FIELDS = ["county", "pollingStationNumber", "observerPhoneNumber", "from", "to", "formCode", "state", "sort"] as const;
export type AnswerFilterField = (typeof ANSWER_FILTER_FIELDS)[number];

export const EMPTY_ANSWER_FILTER: ListFilter = {
  county: "",
  pollingStationNumber: "",
  observerPhoneNumber: "",
  from: "",
  to: "",
  formCode: "",
  state: "",
  sort: "",
};

/** The review states a list can be filtered by, and the orders it can be sorted in ("" is newest first). */
export const REVIEW_STATES = ["new", "in_progress", "resolved"] as const;
export const OLDEST_UNHANDLED = "oldestUnhandled" as const;

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
