import type { ListFilter, ListInput } from "../../shared/machines/list.machine";

export const EMPTY_OBSERVER_FILTER: ListFilter = { name: "", phone: "" };

/**
 * 20 rows a page (the contract's default) rather than the original's 9: it fills the card grid's 1, 2 and 4
 * columns evenly and spares staff of large NGOs most of the paging. Newest activity first, names A to Z.
 */
export const OBSERVER_LIST_INPUT: ListInput = {
  pageSize: 20,
  emptyFilter: EMPTY_OBSERVER_FILTER,
  sort: { by: "lastSeen", direction: "desc" },
  sortDirections: { lastSeen: "desc", name: "asc" },
};
