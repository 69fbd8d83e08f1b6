import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock, waitFor } from "xstate";
import { SUMMARY_GAP_MS, SUMMARY_POLL_MS, triageSummaryMachine, type TriageSummary } from "./triage-summary.machine";

interface PendingLoad {
  resolve: (summary: TriageSummary) => void;
  reject: (error: unknown) => void;
}

function start() {
  const loads: PendingLoad[] = [];
  const clock = new SimulatedClock();
  const load = fromPromise<TriageSummary>(() => new Promise((resolve, reject) => loads.push({ resolve, reject })));
  const actor = createActor(triageSummaryMachine.provide({ actors: { load } }), { clock }).start();
  return { actor, clock, loads };
}

const summary = (unhandledUrgent: number): TriageSummary => ({ unhandledUrgent, oldestUnhandledSince: null, serverTime: "2026-11-22T08:00:00Z" });
const settled = (actor: ReturnType<typeof start>["actor"]) => waitFor(actor, (snapshot) => !snapshot.matches("loading"));

describe(triageSummaryMachine.id, () => {
  it("loads nothing until asked, then once per request", async () => {
    const { actor, loads } = start();
    expect(loads).toHaveLength(0);
    actor.send({ type: "summary.refresh" });
    expect(loads).toHaveLength(1);
    loads[0]!.resolve(summary(3));
    await settled(actor);
    expect(actor.getSnapshot().context.summary).toEqual(summary(3));
  });

  it("asks again once, a second after the answer, however many events came while a request ran", async () => {
    const { actor, clock, loads } = start();
    actor.send({ type: "summary.refresh" });
    for (let event = 0; event < 5; event++) actor.send({ type: "summary.refresh" });
    expect(loads).toHaveLength(1);
    loads[0]!.resolve(summary(3));
    await settled(actor);
    clock.increment(SUMMARY_GAP_MS - 1);
    expect(loads).toHaveLength(1);
    clock.increment(1);
    expect(loads).toHaveLength(2);
    loads[1]!.resolve(summary(4));
    await settled(actor);
    clock.increment(SUMMARY_GAP_MS);
    expect(loads).toHaveLength(2);
    expect(actor.getSnapshot().context.summary).toEqual(summary(4));
  });

  it("waits a second after an answer before an event's request", async () => {
    const { actor, clock, loads } = start();
    actor.send({ type: "summary.refresh" });
    loads[0]!.resolve(summary(1));
    await settled(actor);
    actor.send({ type: "summary.refresh" });
    expect(loads).toHaveLength(1);
    clock.increment(SUMMARY_GAP_MS);
    expect(loads).toHaveLength(2);
  });

  it("asks every 30 s without events, and keeps the last count when a request fails", async () => {
    const { actor, clock, loads } = start();
    actor.send({ type: "summary.refresh" });
    loads[0]!.resolve(summary(2));
    await settled(actor);
    clock.increment(SUMMARY_GAP_MS);
    clock.increment(SUMMARY_POLL_MS - 1);
    expect(loads).toHaveLength(1);
    clock.increment(1);
    expect(loads).toHaveLength(2);
    loads[1]!.reject(new Error("offline"));
    await settled(actor);
    expect(actor.getSnapshot().context.summary).toEqual(summary(2));
  });
});
