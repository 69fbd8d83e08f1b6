import type { SnapshotFrom } from "xstate";
import type { listMachine } from "./list.machine";

type ListSnapshot = SnapshotFrom<typeof listMachine>;

/** True while a page is being requested. */
export const selectIsLoading = (snapshot: ListSnapshot) => snapshot.hasTag("busy");

/** True while the page shown loads again in place (rows and selection stay). */
export const selectIsRefreshing = (snapshot: ListSnapshot) => snapshot.hasTag("refreshing");

/** The reason the last load failed, only while the failure is on screen. */
export const selectLoadError = (snapshot: ListSnapshot) => (snapshot.matches("failed") ? snapshot.context.error : null);

export const selectQuery = (snapshot: ListSnapshot) => snapshot.context.query;

export const selectSort = (snapshot: ListSnapshot) => snapshot.context.query.sort;

export const selectFilter = (snapshot: ListSnapshot) => snapshot.context.query.filter;

export const selectTotalItems = (snapshot: ListSnapshot) => snapshot.context.totalItems;

/** The 1-based positions of the first and last row shown, and the total ("Showing X to Y of Z"). */
export const selectRange = (snapshot: ListSnapshot) => {
  const { query, items, totalItems } = snapshot.context;
  const from = items.length === 0 ? 0 : (query.page - 1) * query.pageSize + 1;
  return { from, to: items.length === 0 ? 0 : from + items.length - 1, total: totalItems };
};

/** Next is offered only on a shown page that is not the last one. */
export const selectCanGoNext = (snapshot: ListSnapshot) => snapshot.can({ type: "page.next" });

/** Previous is offered only on a shown page after the first. */
export const selectCanGoPrevious = (snapshot: ListSnapshot) => snapshot.can({ type: "page.previous" });

export const selectSelectedIds = (snapshot: ListSnapshot) => snapshot.context.selection;

/** True only when every row of the page is selected (and there is at least one). */
export const selectAllSelected = (snapshot: ListSnapshot) =>
  snapshot.context.items.length > 0 && snapshot.context.selection.length === snapshot.context.items.length;

/** Some but not all rows are selected: the select-all checkbox is indeterminate. */
export const selectSomeSelected = (snapshot: ListSnapshot) =>
  snapshot.context.selection.length > 0 && snapshot.context.selection.length < snapshot.context.items.length;
