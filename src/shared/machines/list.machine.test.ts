import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock, waitFor } from "xstate";
import { listMachine, type ListPage, type ListQuery } from "./list.machine";
import {
  selectAllSelected,
  selectCanGoNext,
  selectCanGoPrevious,
  selectIsLoading,
  selectIsRefreshing,
  selectLoadError,
  selectRange,
  selectSomeSelected,
} from "./list.selectors";

interface PendingLoad {
  query: ListQuery;
  signal: AbortSignal;
  resolve: (page: ListPage) => void;
  reject: (error: unknown) => void;
}

/** Lets already-settled promises run their callbacks: how a test shows that a late answer changed nothing. */
const settlePendingPromises = () => new Promise((resolve) => setTimeout(resolve, 0));

const rows = (...ids: number[]) => ids.map((id) => ({ id }));

/** A list actor whose loads the test answers by hand. */
function startList() {
  const loads: PendingLoad[] = [];
  const logic = listMachine.provide({
    actors: {
      loadPage: fromPromise<ListPage, ListQuery>(
        ({ input, signal }) => new Promise((resolve, reject) => loads.push({ query: input, signal, resolve, reject })),
      ),
    },
  });
  const list = createActor(logic, {
    input: { pageSize: 2, emptyFilter: { name: "", phone: "" }, sort: { by: "lastSeen", direction: "desc" }, sortDirections: { name: "asc" } },
  }).start();
  const latest = () => {
    const load = loads.at(-1);
    if (!load) throw new Error("no load was requested");
    return load;
  };
  /** Answers the latest request with the given rows out of `totalItems`. */
  const answer = async (ids: number[], totalItems: number) => {
    const load = latest();
    load.resolve({ items: rows(...ids), totalItems });
    await waitFor(list, (snapshot) => snapshot.matches({ ready: "shown" }));
  };
  return { list, loads, latest, answer };
}

describe(listMachine.id, () => {
  it("starts by loading page 1 with the default sort and an empty filter, busy meanwhile", () => {
    const { list, loads } = startList();
    expect(list.getSnapshot().value).toBe("loading");
    expect(selectIsLoading(list.getSnapshot())).toBe(true);
    expect(loads.map((load) => load.query)).toEqual([
      { page: 1, pageSize: 2, filter: { name: "", phone: "" }, sort: { by: "lastSeen", direction: "desc" } },
    ]);
  });

  it("shows the answered page and the range of rows it covers", async () => {
    const { list, answer } = startList();
    await answer([1, 2], 5);
    expect(list.getSnapshot().context.items).toEqual(rows(1, 2));
    expect(selectRange(list.getSnapshot())).toEqual({ from: 1, to: 2, total: 5 });
    expect(selectIsLoading(list.getSnapshot())).toBe(false);
  });

  it("replaces the rows with the next page instead of appending them", async () => {
    const { list, answer, latest } = startList();
    await answer([1, 2], 3);
    list.send({ type: "page.next" });
    expect(latest().query.page).toBe(2);
    await answer([3], 3);
    expect(list.getSnapshot().context.items).toEqual(rows(3));
    expect(selectRange(list.getSnapshot())).toEqual({ from: 3, to: 3, total: 3 });
  });

  describe("paging", () => {
    it("ignores next on the last page", async () => {
      const { list, loads, answer } = startList();
      await answer([1, 2], 4);
      list.send({ type: "page.next" });
      await answer([3, 4], 4);
      expect(selectCanGoNext(list.getSnapshot())).toBe(false);
      list.send({ type: "page.next" });
      expect(list.getSnapshot().value).toEqual({ ready: "shown" });
      expect(loads).toHaveLength(2);
    });

    it("ignores next and previous while a page is loading", async () => {
      const { list, loads, answer } = startList();
      await answer([1, 2], 6);
      list.send({ type: "page.next" });
      expect(selectCanGoNext(list.getSnapshot())).toBe(false);
      list.send({ type: "page.next" });
      list.send({ type: "page.previous" });
      expect(loads.map((load) => load.query.page)).toEqual([1, 2]);
    });

    it("goes back a page, but not before page 1", async () => {
      const { list, loads, answer } = startList();
      await answer([1, 2], 6);
      expect(selectCanGoPrevious(list.getSnapshot())).toBe(false);
      list.send({ type: "page.previous" });
      expect(loads).toHaveLength(1);
      list.send({ type: "page.next" });
      await answer([3, 4], 6);
      list.send({ type: "page.previous" });
      expect(loads.map((load) => load.query.page)).toEqual([1, 2, 1]);
    });
  });

  describe("filtering and sorting", () => {
    it("submits a filter from page 1, keeping unnamed fields empty", async () => {
      const { list, answer, latest } = startList();
      await answer([1, 2], 6);
      list.send({ type: "page.next" });
      await answer([3, 4], 6);
      list.send({ type: "filter.submit", filter: { name: "Ana" } });
      expect(latest().query).toEqual({
        page: 1,
        pageSize: 2,
        filter: { name: "Ana", phone: "" },
        sort: { by: "lastSeen", direction: "desc" },
      });
    });

    it("resets the filter from page 1", async () => {
      const { list, answer, latest } = startList();
      await answer([1, 2], 6);
      list.send({ type: "filter.submit", filter: { name: "Ana", phone: "07" } });
      await answer([1], 1);
      list.send({ type: "filter.reset" });
      expect(latest().query.filter).toEqual({ name: "", phone: "" });
      expect(latest().query.page).toBe(1);
    });

    it("ignores a reset when no filter is applied", async () => {
      const { list, loads, answer } = startList();
      await answer([1, 2], 6);
      list.send({ type: "filter.reset" });
      expect(list.getSnapshot().value).toEqual({ ready: "shown" });
      expect(loads).toHaveLength(1);
    });

    it("flips the direction of the same column and starts another column in its own direction", async () => {
      const { list, answer, latest } = startList();
      await answer([1, 2], 6);
      list.send({ type: "sort.toggle", by: "lastSeen" });
      expect(latest().query.sort).toEqual({ by: "lastSeen", direction: "asc" });
      list.send({ type: "sort.toggle", by: "name" });
      expect(latest().query.sort).toEqual({ by: "name", direction: "asc" });
      list.send({ type: "sort.toggle", by: "name" });
      expect(latest().query.sort).toEqual({ by: "name", direction: "desc" });
      list.send({ type: "sort.toggle", by: "numberOfNotes" });
      expect(latest().query.sort).toEqual({ by: "numberOfNotes", direction: "desc" });
    });

    it("sorts from page 1", async () => {
      const { list, answer, latest } = startList();
      await answer([1, 2], 6);
      list.send({ type: "page.next" });
      await answer([3, 4], 6);
      list.send({ type: "sort.toggle", by: "name" });
      expect(latest().query.page).toBe(1);
    });

    it("reloads the same page with the same filter and sort after a delete, in place", async () => {
      const { list, answer, latest } = startList();
      await answer([1, 2], 6);
      list.send({ type: "filter.submit", filter: { name: "a" } });
      await answer([1, 2], 6);
      list.send({ type: "page.next" });
      await answer([3, 4], 6);
      list.send({ type: "list.reload" });
      expect(latest().query).toEqual({ page: 2, pageSize: 2, filter: { name: "a", phone: "" }, sort: { by: "lastSeen", direction: "desc" } });
      expect(selectIsLoading(list.getSnapshot())).toBe(false);
      expect(list.getSnapshot().context.items).toEqual(rows(3, 4));
      await answer([5, 6], 5);
      expect(list.getSnapshot().context.items).toEqual(rows(5, 6));
    });

    it("goes to the last page that still exists when a delete emptied the page shown", async () => {
      const { list, answer, latest, loads } = startList();
      await answer([1, 2], 6);
      list.send({ type: "page.next" });
      await answer([3, 4], 6);
      list.send({ type: "page.next" });
      await answer([5, 6], 6);
      list.send({ type: "list.reload" });
      latest().resolve({ items: [], totalItems: 3 });
      await waitFor(list, () => loads.length === 5);
      expect(latest().query.page).toBe(2);
      expect(selectIsLoading(list.getSnapshot())).toBe(true);
      await answer([3], 3);
      expect(list.getSnapshot().context.query.page).toBe(2);
    });
  });

  describe("a stale answer", () => {
    it("cannot overwrite a newer one: the older request is aborted and its late answer ignored", async () => {
      const { list, loads, answer } = startList();
      await answer([1, 2], 6);
      list.send({ type: "filter.submit", filter: { name: "Ana" } });
      list.send({ type: "filter.submit", filter: { name: "Bogdan" } });
      const [, older, newer] = loads;
      expect(older?.signal.aborted).toBe(true);
      expect(newer?.signal.aborted).toBe(false);

      newer?.resolve({ items: rows(7), totalItems: 1 });
      await waitFor(list, (snapshot) => snapshot.matches("ready"));
      older?.resolve({ items: rows(5, 6), totalItems: 2 });
      await settlePendingPromises();
      expect(list.getSnapshot().context.items).toEqual(rows(7));
      expect(list.getSnapshot().context.totalItems).toBe(1);
    });


  });

  describe("failing", () => {
    it("shows the error code and retries the same query", async () => {
      const { list, loads, latest } = startList();
      latest().reject({ status: 503 });
      await waitFor(list, (snapshot) => snapshot.matches("failed"));
      expect(selectLoadError(list.getSnapshot())).toEqual({ code: "unexpected", status: 503 });
      expect(selectIsLoading(list.getSnapshot())).toBe(false);
      list.send({ type: "list.retry" });
      expect(list.getSnapshot().value).toBe("loading");
      expect(loads[1]?.query).toEqual(loads[0]?.query);
      expect(selectLoadError(list.getSnapshot())).toBeNull();
    });

    it.each([
      [{ status: 0 }, { code: "network" }],
      [{ status: 403 }, { code: "forbidden" }],
      [new Error("boom"), { code: "unexpected", status: null }],
    ])("tells why a load failed (%o)", async (error, expected) => {
      const { list, latest } = startList();
      latest().reject(error);
      await waitFor(list, (snapshot) => snapshot.matches("failed"));
      expect(selectLoadError(list.getSnapshot())).toEqual(expected);
    });

    it("ignores retry unless a load failed", async () => {
      const { list, loads, answer } = startList();
      await answer([1], 1);
      list.send({ type: "list.retry" });
      expect(loads).toHaveLength(1);
    });
  });

  describe("selection", () => {
    it("toggles one row and counts it; some but not all makes select-all indeterminate", async () => {
      const { list, answer } = startList();
      await answer([1, 2], 2);
      list.send({ type: "selection.toggle", id: 2 });
      expect(list.getSnapshot().context.selection).toEqual([2]);
      expect(selectSomeSelected(list.getSnapshot())).toBe(true);
      expect(selectAllSelected(list.getSnapshot())).toBe(false);
      list.send({ type: "selection.toggle", id: 2 });
      expect(list.getSnapshot().context.selection).toEqual([]);
    });

    it("select-all marks every row, is true only when all are selected, and a second toggle clears", async () => {
      const { list, answer } = startList();
      await answer([1, 2], 2);
      list.send({ type: "selection.toggleAll" });
      expect(list.getSnapshot().context.selection).toEqual([1, 2]);
      expect(selectAllSelected(list.getSnapshot())).toBe(true);
      list.send({ type: "selection.toggle", id: 1 });
      expect(selectAllSelected(list.getSnapshot())).toBe(false);
      list.send({ type: "selection.toggle", id: 1 });
      expect(selectAllSelected(list.getSnapshot())).toBe(true);
      list.send({ type: "selection.toggleAll" });
      expect(list.getSnapshot().context.selection).toEqual([]);
    });

    it("select-all from a partial selection selects every row", async () => {
      const { list, answer } = startList();
      await answer([1, 2], 2);
      list.send({ type: "selection.toggle", id: 2 });
      list.send({ type: "selection.toggleAll" });
      expect(list.getSnapshot().context.selection).toEqual([1, 2]);
    });

    it("is not all-selected on an empty page", async () => {
      const { list, answer } = startList();
      await answer([], 0);
      list.send({ type: "selection.toggleAll" });
      expect(selectAllSelected(list.getSnapshot())).toBe(false);
    });

    it("ignores ids that are not on the page", async () => {
      const { list, answer } = startList();
      await answer([1, 2], 2);
      list.send({ type: "selection.toggle", id: 99 });
      expect(list.getSnapshot().context.selection).toEqual([]);
    });

    it.each([
      ["the page changes", { type: "page.next" }],
      ["the filter changes", { type: "filter.submit", filter: { name: "x" } }],
      ["the sort changes", { type: "sort.toggle", by: "name" }],
      ["the user clears it", { type: "selection.clear" }],
    ] as const)("clears when %s", async (_, event) => {
      const { list, answer } = startList();
      await answer([1, 2], 6);
      list.send({ type: "selection.toggleAll" });
      list.send(event);
      expect(list.getSnapshot().context.selection).toEqual([]);
    });

    it("clears when the applied filter is reset", async () => {
      const { list, answer } = startList();
      await answer([1, 2], 6);
      list.send({ type: "filter.submit", filter: { name: "a" } });
      await answer([1, 2], 2);
      list.send({ type: "selection.toggleAll" });
      list.send({ type: "filter.reset" });
      expect(list.getSnapshot().context.selection).toEqual([]);
    });

    it("ignores selection while loading", () => {
      const { list } = startList();
      list.send({ type: "selection.toggleAll" });
      list.send({ type: "selection.toggle", id: 1 });
      expect(list.getSnapshot().context.selection).toEqual([]);
    });
  });

  describe("refreshing in place", () => {
    it("keeps the rows, the page and the still-present selection on screen, without the busy tag", async () => {
      const { list, answer, latest } = startList();
      await answer([1, 2], 6);
      list.send({ type: "page.next" });
      await answer([3, 4], 6);
      list.send({ type: "selection.toggleAll" });
      list.send({ type: "list.refresh" });
      expect(selectIsLoading(list.getSnapshot())).toBe(false);
      expect(selectIsRefreshing(list.getSnapshot())).toBe(true);
      expect(latest().query.page).toBe(2);
      expect(list.getSnapshot().context.items).toEqual(rows(3, 4));
      expect(list.getSnapshot().context.selection).toEqual([3, 4]);
      await answer([4, 5], 6);
      expect(list.getSnapshot().context.items).toEqual(rows(4, 5));
      expect(list.getSnapshot().context.selection).toEqual([4]);
      expect(selectIsRefreshing(list.getSnapshot())).toBe(false);
    });

    it("lets the reader select and page while a refresh runs", async () => {
      const { list, answer, loads } = startList();
      await answer([1, 2], 6);
      list.send({ type: "list.refresh" });
      list.send({ type: "selection.toggle", id: 1 });
      expect(list.getSnapshot().context.selection).toEqual([1]);
      const refresh = loads.at(-1);
      list.send({ type: "page.next" });
      expect(refresh?.signal.aborted).toBe(true);
      expect(selectIsLoading(list.getSnapshot())).toBe(true);
    });

    it("keeps the rows when a refresh fails, and can refresh again", async () => {
      const { list, answer, latest } = startList();
      await answer([1, 2], 6);
      list.send({ type: "list.refresh" });
      latest().reject({ status: 0 });
      await waitFor(list, (snapshot) => snapshot.matches({ ready: "shown" }));
      expect(list.getSnapshot().context.items).toEqual(rows(1, 2));
      expect(selectLoadError(list.getSnapshot())).toBeNull();
      list.send({ type: "list.refresh" });
      expect(selectIsRefreshing(list.getSnapshot())).toBe(true);
    });

    it("restarts a refresh asked for while one runs, so only the newest answer shows", async () => {
      const { list, answer, loads } = startList();
      await answer([1, 2], 6);
      list.send({ type: "list.refresh" });
      list.send({ type: "list.refresh" });
      expect(loads.at(-2)?.signal.aborted).toBe(true);
      await answer([2, 3], 6);
      expect(list.getSnapshot().context.items).toEqual(rows(2, 3));
    });

    it("is ignored while the first load runs and after it failed (retry is the way back)", async () => {
      const { list, loads, latest } = startList();
      list.send({ type: "list.refresh" });
      expect(loads).toHaveLength(1);
      latest().reject({ status: 503 });
      await waitFor(list, (snapshot) => snapshot.matches("failed"));
      list.send({ type: "list.refresh" });
      expect(loads).toHaveLength(1);
    });

    it("loads the page shown again on its own an interval after each answer, in place, never two loads at once", async () => {
      const loads: PendingLoad[] = [];
      const clock = new SimulatedClock();
      const logic = listMachine.provide({
        actors: {
          loadPage: fromPromise<ListPage, ListQuery>(
            ({ input, signal }) => new Promise((resolve, reject) => loads.push({ query: input, signal, resolve, reject })),
          ),
        },
      });
      const input = { pageSize: 2, emptyFilter: {}, sort: { by: "lastSeen", direction: "desc" as const }, refreshInterval: 10_000 };
      const list = createActor(logic, { input, clock }).start();
      clock.increment(10_000);
      expect(loads).toHaveLength(1);
      loads[0]?.resolve({ items: rows(1), totalItems: 1 });
      await waitFor(list, (snapshot) => snapshot.matches({ ready: "waiting" }));
      clock.increment(10_000);
      expect(selectIsRefreshing(list.getSnapshot())).toBe(true);
      expect(loads).toHaveLength(2);
      clock.increment(10_000);
      expect(loads).toHaveLength(2);
    });
  });
});
