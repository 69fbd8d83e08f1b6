import { assertEvent, assign, fromPromise, setup } from "xstate";

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

/** One page as the loader answers it, with the query it answers. */
export interface ListPage {
  query: ListQuery;
  items: ListItem[];
  totalItems: number;
}

/** Why a load failed, as a code the view translates. */
export type ListError = { code: "network" } | { code: "forbidden" } | { code: "unexpected"; status: number | null };

export interface ListContext {
  query: ListQuery;
  emptyFilter: ListFilter;
  /** The direction a column starts with when the user sorts by it; columns not named start descending. */
  sortDirections: Record<string, SortDirection>;
  items: ListItem[];
  totalItems: number;
  selection: number[];
  error: ListError | null;
}

export type ListEvent =
  | { type: "filter.submit"; filter: ListFilter }
  | { type: "filter.reset" }
  | { type: "sort.toggle"; by: string }
  | { type: "page.next" }
  | { type: "page.previous" }
  | { type: "list.retry" }
  | { type: "list.reload" }
  | { type: "selection.toggle"; id: number }
  | { type: "selection.toggleAll" }
  | { type: "selection.clear" };

export interface ListInput {
  pageSize: number;
  emptyFilter: ListFilter;
  sort: ListSort;
  sortDirections?: Record<string, SortDirection>;
}

/** Reads the error code from a failed load: the API client's errors carry an HTTP status (0 when no answer came). */
export function toListError(error: unknown): ListError {
  const status = typeof error === "object" && error !== null && "status" in error ? error.status : null;
  if (status === 0) return { code: "network" };
  if (status === 403) return { code: "forbidden" };
  return { code: "unexpected", status: typeof status === "number" ? status : null };
}

function sameQuery(left: ListQuery, right: ListQuery): boolean {
  return JSON.stringify(left) === JSON.stringify(right);
}

function sameFilter(left: ListFilter, right: ListFilter): boolean {
  return Object.keys({ ...left, ...right }).every((field) => (left[field] ?? "") === (right[field] ?? ""));
}

export const listMachine = setup({
  types: {
    context: {} as ListContext,
    events: {} as ListEvent,
    input: {} as ListInput,
    tags: {} as "busy",
  },
  actors: {
    loadPage: fromPromise<ListPage, ListQuery>(() => Promise.reject(new Error("loadPage is not provided"))),
  },
  guards: {
    hasNextPage: ({ context }) => context.query.page * context.query.pageSize < context.totalItems,
    hasPreviousPage: ({ context }) => context.query.page > 1,
    isFiltered: ({ context }) => !sameFilter(context.query.filter, context.emptyFilter),
    isListed: ({ context, event }) => event.type === "selection.toggle" && context.items.some((item) => item.id === event.id),
    answersCurrentQuery: ({ context, event }) =>
      "output" in event && sameQuery((event.output as ListPage).query, context.query),
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
    query: { page: 1, pageSize: input.pageSize, filter: input.emptyFilter, sort: input.sort },
    emptyFilter: input.emptyFilter,
    sortDirections: input.sortDirections ?? {},
    items: [],
    totalItems: 0,
    selection: [],
    error: null,
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
    "list.reload": { target: ".loading", actions: "goToFirstPage", description: "After a change such as a delete: page 1 again" },
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
        onDone: {
          guard: "answersCurrentQuery",
          target: "ready",
          actions: assign(({ event }) => ({ items: event.output.items, totalItems: event.output.totalItems, error: null })),
        },
        onError: { target: "failed", actions: assign({ error: ({ event }) => toListError(event.error) }) },
      },
    },
    ready: {
      on: {
        "page.next": { guard: "hasNextPage", target: "loading", actions: "goToNextPage" },
        "page.previous": { guard: "hasPreviousPage", target: "loading", actions: "goToPreviousPage" },
        "selection.toggle": { guard: "isListed", actions: "toggleSelection" },
        "selection.toggleAll": { actions: "toggleAllSelection" },
        "selection.clear": { actions: "clearSelection" },
      },
    },
    failed: {
      on: { "list.retry": "loading" },
    },
  },
});
