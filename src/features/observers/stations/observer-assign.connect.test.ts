import { describe, expect, it, vi } from "vitest";
import { initialTransition, transition, type SnapshotFrom } from "xstate";
import { ApiError } from "../../../api/problem";
import { connect, sameAssignApi, type AssignSend } from "./observer-assign.connect";
import { observerAssignMachine, type ObserverAssignEvent } from "./observer-assign.machine";
import type { County } from "./station-ref";

/* connect on snapshots the chart itself computes (pure transitions, no actor started). */

type Snapshot = SnapshotFrom<typeof observerAssignMachine>;
type AnyEvent = ObserverAssignEvent | { type: `xstate.${string}`; [key: string]: unknown };

const counties: County[] = [{ id: 13, code: "CJ", name: "Cluj", limit: 20, diaspora: false, order: 13 }];
const CJ = (pollingStationNumber: number) => ({ countyCode: "CJ", pollingStationNumber });

function after(...events: AnyEvent[]): Snapshot {
  let [snapshot] = initialTransition(observerAssignMachine);
  for (const event of events) [snapshot] = transition(observerAssignMachine, snapshot, event as never);
  return snapshot;
}

const view = (snapshot: Snapshot) => connect(snapshot, vi.fn<AssignSend>());
const open: ObserverAssignEvent = { type: "assign.open", observerIds: [3, 5, 8] };
const loaded = { type: "xstate.done.actor.loadCounties", output: counties } as const;
const choose = (number: string) => [{ type: "county.change", countyCode: "CJ" }, { type: "number.change", value: number }, { type: "station.add" }] as const;
const assignFails = (error: unknown) => ({ type: "xstate.error.actor.assign", error }) as const;

describe("connect: what the assignment dialog shows in each state", () => {
  it("is closed until opened, then loads, then shows the form for the chosen observers", () => {
    expect(view(after())).toMatchObject({ opened: false });
    expect(view(after(open))).toMatchObject({ opened: true, screen: "loading", observerCount: 3, canSubmit: false });
    expect(view(after(open, loaded))).toMatchObject({ opened: true, screen: "form", counties, chosen: [], mode: "add", busy: false, canSubmit: false });
    expect(view(after(open, { type: "xstate.error.actor.loadCounties", error: new ApiError({ status: 0, code: "network_error", title: "x" }) }))).toMatchObject({
      screen: "failed",
      loadError: { code: "network" },
    });
  });

  it("lists the chosen stations, says why the draft cannot be added, and takes Assign once one is chosen", () => {
    const chosen = after(open, loaded, ...choose("15"), { type: "number.change", value: "15" });
    expect(view(chosen)).toMatchObject({ chosen: [{ station: CJ(15), problem: null }], problem: "duplicate", canAdd: false, canSubmit: true });
  });

  it("waits while the assignment runs", () => {
    expect(view(after(open, loaded, ...choose("15"), { type: "assign.submit" }))).toMatchObject({ busy: true, canSubmit: false, canAdd: false, opened: true });
  });

  it("marks the refused stations beside them", () => {
    const refused = new ApiError({ status: 422, code: "station_retired", title: "x", fieldErrors: { "stations[1].pollingStationNumber": [{ code: "retired", message: "x" }] } });
    expect(view(after(open, loaded, ...choose("15"), ...choose("16"), { type: "assign.submit" }, assignFails(refused)))).toMatchObject({
      chosen: [
        { station: CJ(15), problem: null },
        { station: CJ(16), problem: "retired" },
      ],
      refused: true,
      error: null,
    });
  });

  it("shows another failure with Try again only when the network or the server failed", () => {
    const failed = (status: number) => view(after(open, loaded, ...choose("15"), { type: "assign.submit" }, assignFails(new ApiError({ status, code: "x", title: "x" }))));
    expect(failed(503)).toMatchObject({ error: { status: 503 }, canRetry: true, busy: false });
    expect(failed(403)).toMatchObject({ error: { status: 403 }, canRetry: false });
  });

  it("sends one event per handler, and an equal snapshot gives an equal API", () => {
    const send = vi.fn<AssignSend>();
    const snapshot = after(open, loaded, ...choose("15"));
    const api = connect(snapshot, send);
    api.changeCounty("CJ");
    api.changeNumber("16");
    api.add();
    api.remove(CJ(15));
    api.changeMode("replace");
    api.submit();
    api.retry();
    api.retryLoad();
    api.cancel();
    expect(send.mock.calls.map(([event]) => event)).toEqual([
      { type: "county.change", countyCode: "CJ" },
      { type: "number.change", value: "16" },
      { type: "station.add" },
      { type: "station.remove", station: CJ(15) },
      { type: "mode.change", mode: "replace" },
      { type: "assign.submit" },
      { type: "assign.retry" },
      { type: "load.retry" },
      { type: "assign.cancel" },
    ]);
    expect(sameAssignApi(api, connect(snapshot, send))).toBe(true);
    expect(sameAssignApi(api, connect(after(open, loaded, ...choose("15"), ...choose("16")), send))).toBe(false);
  });
});
