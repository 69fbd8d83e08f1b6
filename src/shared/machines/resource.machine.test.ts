import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock } from "xstate";
import { resourceMachine, type ResourceInput } from "./resource.machine";
import { selectData, selectIsLoading, selectIsRefreshing, selectIsStale, selectLoadError } from "./resource.selectors";

/** Loads that the test settles one by one, each with the signal its actor was given. */
function controlledLoads(input: ResourceInput = {}, clock = new SimulatedClock()) {
  const loads: { input: unknown; resolve: (data: unknown) => void; reject: (error: unknown) => void; signal: AbortSignal }[] = [];
  const load = fromPromise<unknown, unknown>(
    ({ input, signal }) => new Promise((resolve, reject) => loads.push({ input, resolve, reject, signal })),
  );
  const settle = async (index: number, outcome: { data: unknown } | { error: unknown }) => {
    const pending = loads[index]!;
    if ("data" in outcome) pending.resolve(outcome.data);
    else pending.reject(outcome.error);
    await Promise.resolve();
    await Promise.resolve();
  };
  return { loads, settle, clock, actor: createActor(resourceMachine.provide({ actors: { load } }), { input, clock }).start() };
}

describe(resourceMachine.id, () => {
  it("shows a loader, then the data", async () => {
    const { actor, settle } = controlledLoads();
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    expect(selectData(actor.getSnapshot())).toBeNull();
    await settle(0, { data: ["a", "b"] });
    expect(selectIsLoading(actor.getSnapshot())).toBe(false);
    expect(selectData(actor.getSnapshot())).toEqual(["a", "b"]);
  });

  it("keeps the data on screen while it reloads, without the busy tag, then shows the new data", async () => {
    const { actor, settle } = controlledLoads();
    await settle(0, { data: ["a"] });
    actor.send({ type: "resource.reload" });
    expect(selectIsLoading(actor.getSnapshot())).toBe(false);
    expect(selectIsRefreshing(actor.getSnapshot())).toBe(true);
    expect(selectData(actor.getSnapshot())).toEqual(["a"]);
    await settle(1, { data: ["a", "b"] });
    expect(selectIsRefreshing(actor.getSnapshot())).toBe(false);
    expect(selectData(actor.getSnapshot())).toEqual(["a", "b"]);
  });

  it("aborts a pending reload when another is asked for, and shows only the newer answer", async () => {
    const { actor, settle, loads } = controlledLoads();
    await settle(0, { data: ["a"] });
    actor.send({ type: "resource.reload" });
    actor.send({ type: "resource.reload" });
    expect(loads[1]!.signal.aborted).toBe(true);
    await settle(1, { data: ["stale"] });
    expect(selectData(actor.getSnapshot())).toEqual(["a"]);
    await settle(2, { data: ["fresh"] });
    expect(selectData(actor.getSnapshot())).toEqual(["fresh"]);
  });

  it("keeps the old data and marks it stale when a reload fails; the next good reload clears the mark", async () => {
    const { actor, settle } = controlledLoads();
    await settle(0, { data: ["a"] });
    actor.send({ type: "resource.reload" });
    await settle(1, { error: { status: 0 } });
    expect(selectData(actor.getSnapshot())).toEqual(["a"]);
    expect(selectIsStale(actor.getSnapshot())).toBe(true);
    expect(selectLoadError(actor.getSnapshot())).toBeNull();
    actor.send({ type: "resource.reload" });
    await settle(2, { data: ["b"] });
    expect(selectIsStale(actor.getSnapshot())).toBe(false);
  });

  it("shows why the first load failed and loads again on retry", async () => {
    const { actor, settle } = controlledLoads();
    await settle(0, { error: { status: 403 } });
    expect(selectLoadError(actor.getSnapshot())).toEqual({ code: "forbidden" });
    actor.send({ type: "resource.retry" });
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    await settle(1, { data: [] });
    expect(selectData(actor.getSnapshot())).toEqual([]);
  });

  it("ignores retry while loading and while shown (nothing failed)", async () => {
    const { actor, settle, loads } = controlledLoads();
    actor.send({ type: "resource.retry" });
    expect(loads).toHaveLength(1);
    await settle(0, { data: [] });
    actor.send({ type: "resource.retry" });
    expect(loads).toHaveLength(1);
  });

  it("aborts the pending load when the actor stops (the page was left)", () => {
    const { actor, loads } = controlledLoads();
    actor.stop();
    expect(loads[0]!.signal.aborted).toBe(true);
  });

  it("loads again on its own an interval after each answer, never while a load runs, the data staying on screen", async () => {
    const { actor, settle, loads, clock } = controlledLoads({ refreshInterval: 10_000 });
    clock.increment(10_000);
    expect(loads).toHaveLength(1);
    await settle(0, { data: ["a"] });
    clock.increment(9_999);
    expect(loads).toHaveLength(1);
    clock.increment(1);
    expect(loads).toHaveLength(2);
    expect(selectIsRefreshing(actor.getSnapshot())).toBe(true);
    expect(selectData(actor.getSnapshot())).toEqual(["a"]);
    clock.increment(30_000);
    expect(loads).toHaveLength(2);
    await settle(1, { error: { status: 503 } });
    expect(selectIsStale(actor.getSnapshot())).toBe(true);
    clock.increment(10_000);
    expect(loads).toHaveLength(3);
  });

  it("never loads on its own without an interval", async () => {
    const { settle, loads, clock } = controlledLoads();
    await settle(0, { data: ["a"] });
    clock.increment(3_600_000);
    expect(loads).toHaveLength(1);
  });

  it("asks the load for its query; another query aborts the load for the old one, or reloads under the data shown", async () => {
    const { actor, settle, loads } = controlledLoads({ query: { silentMinutes: 30 } });
    expect(loads[0]!.input).toEqual({ silentMinutes: 30 });
    actor.send({ type: "resource.query", query: { silentMinutes: 30 } });
    expect(loads).toHaveLength(1);
    actor.send({ type: "resource.query", query: { silentMinutes: 60 } });
    expect(loads[0]!.signal.aborted).toBe(true);
    expect(loads[1]!.input).toEqual({ silentMinutes: 60 });
    await settle(1, { data: ["60"] });
    actor.send({ type: "resource.query", query: { silentMinutes: 90 } });
    expect(selectIsRefreshing(actor.getSnapshot())).toBe(true);
    expect(selectData(actor.getSnapshot())).toEqual(["60"]);
    expect(loads[2]!.input).toEqual({ silentMinutes: 90 });
  });

});
