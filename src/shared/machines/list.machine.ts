import { assertEvent, assign, fromPromise, setup } from "xstate";
import { toLoadFailure, type LoadFailure } from "./load-failure";
import { required } from "./required";

export type SortDirection = "asc" | "desc";

export interface ListSort {
  by: string;
  direction: SortDirection;
}

/** Filter fields by name; an empty string means "not filtered". */
export type ListFilter = Record<string, string>;

export interface ListQuery {
  page: number;
  pageSize: number;
  filter: ListFilter;
  sort: ListSort;
}

export interface ListItem {
  id: number;
}

/** One page as the loader answers it. */
export interface ListPage {
  items: ListItem[];
  totalItems: number;
}


export interface ListContext {
  query: ListQuery;
  emptyFilter: ListFilter;
  /** The direction a column starts with when the user sorts by it; columns not named start descending. */
  sortDirections: Record<string, SortDirection>;
  items: ListItem[];
  totalItems: number;
  selection: number[];
  error: LoadFailure | null;
  refreshInterval: number | null;
}

export type ListEvent =
  | { type: "filter.submit"; filter: ListFilter }
  | { type: "filter.reset" }
  | { type: "sort.toggle"; by: string }
  | { type: "page.next" }
  | { type: "page.previous" }
  | { type: "page.first" }
  | { type: "list.retry" }
  | { type: "list.reload" }
  | { type: "list.refresh" }
  | { type: "selection.toggle"; id: number }
  | { type: "selection.toggleAll" }
  | { type: "selection.clear" };

export interface ListInput {
  pageSize: number;
  emptyFilter: ListFilter;
  /** The filter of the first load (an address's query); the empty filter when not given. */
  initialFilter?: ListFilter;
  sort: ListSort;
  sortDirections?: Record<string, SortDirection>;
  /**
   * How long (ms) the page shown stays after each answer before it loads again on its own, in place (the wait starts
   * from the answer, so requests never overlap), as resource.machine.ts does; without it, only when asked.
   */
  refreshInterval?: number;
}


/** The last page that holds rows (page 1 when there are none). */
function lastPage(totalItems: number, pageSize: number): number {
  return Math.max(1, Math.ceil(totalItems / pageSize));
}

function sameFilter(left: ListFilter, right: ListFilter): boolean {
  return Object.keys({ ...left, ...right }).every((field) => (left[field] ?? "") === (right[field] ?? ""));
}

export const listMachine = setup({
  types: {
    context: {} as ListContext,
    events: {} as ListEvent,
    input: {} as ListInput,
    tags: {} as "busy" | "refreshing",
  },
  actors: {
    loadPage: fromPromise<ListPage, ListQuery>(() => Promise.reject(new Error("loadPage is not provided"))),
  },
  delays: {
    // Waiting is entered only with an interval (refreshesOnItsOwn).
    refreshInterval: ({ context }) => required(context.refreshInterval, "the refresh interval"),
  },
  guards: {
    refreshesOnItsOwn: ({ context }) => context.refreshInterval !== null,
    hasNextPage: ({ context }) => context.query.page * context.query.pageSize < context.totalItems,
    hasPreviousPage: ({ context }) => context.query.page > 1,
    isFiltered: ({ context }) => !sameFilter(context.query.filter, context.emptyFilter),
    isListed: ({ context, event }) => event.type === "selection.toggle" && context.items.some((item) => item.id === event.id),
    /** After rows went away (a delete), the page asked for may lie past the end: the last page that exists is shown. */
    pageNoLongerExists: ({ context }, params: { page: ListPage }) =>
      params.page.items.length === 0 && context.query.page > lastPage(params.page.totalItems, context.query.pageSize),
  },
  actions: {
    applyFilter: assign(({ context, event }) => {
      assertEvent(event, "filter.submit");
      return { query: { ...context.query, filter: { ...context.emptyFilter, ...event.filter }, page: 1 } };
    }),
    resetFilter: assign(({ context }) => ({ query: { ...context.query, filter: context.emptyFilter, page: 1 } })),
    toggleSort: assign(({ context, event }) => {
      assertEvent(event, "sort.toggle");
      const { sort } = context.query;
      const direction: SortDirection =
        sort.by === event.by ? (sort.direction === "asc" ? "desc" : "asc") : (context.sortDirections[event.by] ?? "desc");
      return { query: { ...context.query, sort: { by: event.by, direction }, page: 1 } };
    }),
    goToNextPage: assign(({ context }) => ({ query: { ...context.query, page: context.query.page + 1 } })),
    goToPreviousPage: assign(({ context }) => ({ query: { ...context.query, page: context.query.page - 1 } })),
    goToFirstPage: assign(({ context }) => ({ query: { ...context.query, page: 1 } })),
    clearSelection: assign({ selection: [] }),
    showPage: assign((_, params: { page: ListPage }) => ({ items: params.page.items, totalItems: params.page.totalItems, error: null })),
    /** A refresh keeps the selected rows that are still on the page and drops the ones that went away. */
    showRefreshedPage: assign(({ context }, params: { page: ListPage }) => ({
      items: params.page.items,
      totalItems: params.page.totalItems,
      selection: context.selection.filter((id) => params.page.items.some((item) => item.id === id)),
    })),
    goToLastPage: assign(({ context }, params: { page: ListPage }) => ({
      query: { ...context.query, page: lastPage(params.page.totalItems, context.query.pageSize) },
    })),
    toggleSelection: assign(({ context, event }) => {
      assertEvent(event, "selection.toggle");
      const selected = context.selection.includes(event.id);
      return { selection: selected ? context.selection.filter((id) => id !== event.id) : [...context.selection, event.id] };
    }),
    toggleAllSelection: assign(({ context }) => ({
      selection: context.selection.length === context.items.length ? [] : context.items.map((item) => item.id),
    })),
  },
}).createMachine({
  id: "list",
  description:
    "One page of a server-side list: its query (page, size, filter, sort), the rows of that page and which of them are selected. Any change of the query loads again and drops the selection.",
  context: ({ input }) => ({
    query: { page: 1, pageSize: input.pageSize, filter: input.initialFilter ?? input.emptyFilter, sort: input.sort },
    emptyFilter: input.emptyFilter,
    sortDirections: input.sortDirections ?? {},
    items: [],
    totalItems: 0,
    selection: [],
    error: null,
    refreshInterval: input.refreshInterval ?? null,
  }),
  initial: "loading",
  on: {
    "filter.submit": { target: ".loading", actions: "applyFilter", description: "Back to page 1 with the new filter" },
    "filter.reset": {
      guard: "isFiltered",
      target: ".loading",
      actions: "resetFilter",
      description: "Back to page 1 without a filter; nothing to do when none is applied",
    },
    "sort.toggle": {
      target: ".loading",
      actions: "toggleSort",
      description: "The same column flips its direction; another column starts in its own direction. Back to page 1.",
    },
  },
  states: {
    loading: {
      tags: "busy",
      description: "Entering again aborts the pending request, so a stale answer never replaces a newer one",
      entry: "clearSelection",
      invoke: {
        id: "loadPage",
        src: "loadPage",
        input: ({ context }) => context.query,
        onDone: [
          {
            guard: { type: "pageNoLongerExists", params: ({ event }) => ({ page: event.output }) },
            target: "loading",
            reenter: true,
            actions: { type: "goToLastPage", params: ({ event }) => ({ page: event.output }) },
          },
          { guard: "refreshesOnItsOwn", target: "ready.waiting", actions: { type: "showPage", params: ({ event }) => ({ page: event.output }) } },
          { target: "ready.shown", actions: { type: "showPage", params: ({ event }) => ({ page: event.output }) } },
        ],
        onError: { target: "failed", actions: assign({ error: ({ event }) => toLoadFailure(event.error) }) },
      },
      on: { "list.reload": { target: "loading", reenter: true, description: "The query may have changed meaning: ask again" } },
    },
    ready: {
      initial: "shown",
      states: {
        shown: {
          on: {
            "list.refresh": "refreshing",
            "list.reload": { target: "refreshing", description: "After a change such as a delete: the same page again, in place" },
          },
        },
        waiting: {
          description: "Loads the same page again on its own once the refresh interval has passed since its answer, or sooner when asked",
          after: { refreshInterval: "refreshing" },
          on: { "list.refresh": "refreshing", "list.reload": "refreshing" },
        },
        refreshing: {
          tags: "refreshing",
          description:
            "The rows stay on screen, the selection stays and no loader blanks the list while the same page loads again; a failed refresh keeps the rows.",
          on: { "list.refresh": { target: "refreshing", reenter: true }, "list.reload": { target: "refreshing", reenter: true } },
          invoke: {
            id: "refreshPage",
            src: "loadPage",
            input: ({ context }) => context.query,
            onDone: [
              {
                guard: { type: "pageNoLongerExists", params: ({ event }) => ({ page: event.output }) },
                target: "#list.loading",
                actions: { type: "goToLastPage", params: ({ event }) => ({ page: event.output }) },
              },
              { guard: "refreshesOnItsOwn", target: "waiting", actions: { type: "showRefreshedPage", params: ({ event }) => ({ page: event.output }) } },
              { target: "shown", actions: { type: "showRefreshedPage", params: ({ event }) => ({ page: event.output }) } },
            ],
            onError: [{ guard: "refreshesOnItsOwn", target: "waiting" }, { target: "shown" }],
          },
        },
      },
      on: {
        "page.next": { guard: "hasNextPage", target: "loading", actions: "goToNextPage" },
        "page.previous": { guard: "hasPreviousPage", target: "loading", actions: "goToPreviousPage" },
        "page.first": [
          { guard: "hasPreviousPage", target: "loading", actions: "goToFirstPage" },
          { target: ".refreshing", description: "Already on page 1: it loads again in place" },
        ],
        "selection.toggle": { guard: "isListed", actions: "toggleSelection" },
        "selection.toggleAll": { actions: "toggleAllSelection" },
        "selection.clear": { actions: "clearSelection" },
      },
    },
    failed: {
      on: { "list.retry": "loading", "list.reload": "loading" },
    },
  },
});
