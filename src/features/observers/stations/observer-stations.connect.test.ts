import { describe, expect, it, vi } from "vitest";
import { initialTransition, transition, type SnapshotFrom } from "xstate";
import { ApiError } from "../../../api/problem";
import { connect, sameStationsApi, type StationsSend } from "./observer-stations.connect";
import { observerStationsMachine, type ObserverStationsEvent } from "./observer-stations.machine";
import type { AssignedStation, County } from "./station-ref";

/* connect on snapshots the chart itself computes (pure transitions, no actor started). */

type Snapshot = SnapshotFrom<typeof observerStationsMachine>;
type AnyEvent = ObserverStationsEvent | { type: `xstate.${string}`; [key: string]: unknown };

const counties: County[] = [{ id: 13, code: "CJ", name: "Cluj", limit: 20, diaspora: false, order: 13 }];
const CJ_15: AssignedStation = { id: 115, countyCode: "CJ", pollingStationNumber: 15, locality: null, institution: null, address: null, status: "active", arrivedAt: null };

function after(...events: AnyEvent[]): Snapshot {
  let [snapshot] = initialTransition(observerStationsMachine, { observerId: 7 });
  for (const event of events) [snapshot] = transition(observerStationsMachine, snapshot, event as never);
  return snapshot;
}

const view = (snapshot: Snapshot) => connect(snapshot, vi.fn<StationsSend>());
const loaded = { type: "xstate.done.actor.loadStations", output: { stations: [CJ_15], counties } } as const;
const loadFailed = { type: "xstate.error.actor.loadStations", error: new ApiError({ status: 403, code: "forbidden", title: "Forbidden" }) } as const;
const saved = (stations: AssignedStation[]) => ({ type: "xstate.done.actor.saveStations", output: stations }) as const;
const saveFailed = (error: unknown) => ({ type: "xstate.error.actor.saveStations", error }) as const;
const draft16 = [{ type: "county.change", countyCode: "CJ" }, { type: "number.change", value: "16" }] as const;

describe("connect: what the stations section shows in each state", () => {
  it("shows the loader, then the load failure with its code", () => {
    expect(view(after())).toMatchObject({ screen: "loading", busy: true, loadError: null });
    expect(view(after(loadFailed))).toMatchObject({ screen: "failed", loadError: { code: "forbidden" } });
  });

  it("shows the list and an add control that takes a complete, new station only", () => {
    expect(view(after(loaded))).toMatchObject({ screen: "ready", stations: [CJ_15], counties, busy: false, canAdd: false, problem: null, saved: null });
    expect(view(after(loaded, ...draft16))).toMatchObject({ canAdd: true, problem: null });
    expect(view(after(loaded, { type: "county.change", countyCode: "CJ" }, { type: "number.change", value: "15" }))).toMatchObject({ canAdd: false, problem: "duplicate" });
    expect(view(after(loaded, { type: "number.change", value: "1 6" }))).toMatchObject({ canAdd: false, problem: "number_pattern" });
  });

  it("puts the loader on Add or on the one remove being saved, every control waiting", () => {
    expect(view(after(loaded, ...draft16, { type: "station.add" }))).toMatchObject({ busy: true, canAdd: false, adding: true, removingId: null });
    expect(view(after(loaded, { type: "station.remove", stationId: 115 }))).toMatchObject({ busy: true, adding: false, removingId: 115 });
  });

  it("says the change saved, until another starts", () => {
    const added = after(loaded, ...draft16, { type: "station.add" }, saved([CJ_15]));
    expect(view(added).saved).toEqual({ kind: "add", station: { countyCode: "CJ", pollingStationNumber: 16 } });
    expect(view(transition(observerStationsMachine, added, { type: "station.remove", stationId: 115 })[0]).saved).toBeNull();
  });

  it("shows the server's refusal of the added station as the add control's problem", () => {
    const refused = new ApiError({ status: 422, code: "station_retired", title: "x", fieldErrors: { "stations[1].pollingStationNumber": [{ code: "retired", message: "x" }] } });
    expect(view(after(loaded, ...draft16, { type: "station.add" }, saveFailed(refused)))).toMatchObject({ problem: "retired", saveError: null, canAdd: true });
  });

  it("shows another failure beside the list, with Try again only when the network or the server failed", () => {
    const offline = view(after(loaded, ...draft16, { type: "station.add" }, saveFailed(new ApiError({ status: 0, code: "network_error", title: "x" }))));
    expect(offline).toMatchObject({ saveError: { status: 0, code: "network_error" }, canRetrySave: true, problem: null });
    const forbidden = view(after(loaded, ...draft16, { type: "station.add" }, saveFailed(new ApiError({ status: 403, code: "forbidden", title: "x" }))));
    expect(forbidden).toMatchObject({ saveError: { status: 403 }, canRetrySave: false });
  });

  it("sends one event per handler, and an equal snapshot gives an equal API", () => {
    const send = vi.fn<StationsSend>();
    const snapshot = after(loaded);
    const api = connect(snapshot, send);
    api.changeCounty("CJ");
    api.changeNumber("16");
    api.add();
    api.remove(115);
    api.retrySave();
    api.retryLoad();
    expect(send.mock.calls.map(([event]) => event)).toEqual([
      { type: "county.change", countyCode: "CJ" },
      { type: "number.change", value: "16" },
      { type: "station.add" },
      { type: "station.remove", stationId: 115 },
      { type: "save.retry" },
      { type: "load.retry" },
    ]);
    expect(sameStationsApi(api, connect(snapshot, send))).toBe(true);
    expect(sameStationsApi(api, connect(after(loaded, ...draft16), send))).toBe(false);
  });
});
