import type { SnapshotFrom } from "xstate";
import type { LoadFailure } from "../../../shared/machines/load-failure";
import type { PageError } from "../../../shared/machines/page-error";
import type { observerStationsMachine, ObserverStationsEvent, StationChange } from "./observer-stations.machine";
import { draftProblem, refOf, type AssignedStation, type County, type StationDraft, type StationProblem } from "./station-ref";

/*
 * The profile's stations section as its view reads it, in the `connect(state, send)` shape of
 * form-editor.connect.ts: what one snapshot shows, and handlers that each send one event.
 */

type StationsSnapshot = SnapshotFrom<typeof observerStationsMachine>;
export type StationsSend = (event: ObserverStationsEvent) => void;

/** What stands in the section: its loader, its load failure, or the list with its add control. */
export type StationsScreen = "loading" | "failed" | "ready";

export interface StationsHandlers {
  changeCounty: (countyCode: string | null) => void;
  changeNumber: (value: string) => void;
  add: () => void;
  remove: (stationId: number) => void;
  retrySave: () => void;
  retryLoad: () => void;
}

export interface ObserverStationsApi extends StationsHandlers {
  screen: StationsScreen;
  loadError: LoadFailure | null;
  stations: AssignedStation[];
  counties: County[];
  draft: StationDraft;
  /** Why the draft cannot be added: typed wrong or already assigned, or the server's refusal of it. */
  problem: StationProblem | null;
  /** A save runs: the add control and every remove wait. */
  busy: boolean;
  canAdd: boolean;
  /** Which control shows the save's loader: Add, or the remove of that station. */
  adding: boolean;
  removingId: number | null;
  /** Why the last save failed (other than a refusal of the added station), with Try again when it may succeed. */
  saveError: PageError | null;
  canRetrySave: boolean;
  /** The change the server saved last, for the status line; null once another starts. */
  saved: StationChange | null;
}

const handlersBySend = new WeakMap<StationsSend, StationsHandlers>();

// One set of handlers per send function (an actor's `send` is bound once), so equal snapshots give equal APIs.
function handlersFor(send: StationsSend): StationsHandlers {
  let handlers = handlersBySend.get(send);
  if (!handlers) {
    handlers = {
      changeCounty: (countyCode) => send({ type: "county.change", countyCode }),
      changeNumber: (value) => send({ type: "number.change", value }),
      add: () => send({ type: "station.add" }),
      remove: (stationId) => send({ type: "station.remove", stationId }),
      retrySave: () => send({ type: "save.retry" }),
      retryLoad: () => send({ type: "load.retry" }),
    };
    handlersBySend.set(send, handlers);
  }
  return handlers;
}

function screenOf(snapshot: StationsSnapshot): StationsScreen {
  if (snapshot.matches("loading")) return "loading";
  if (snapshot.matches("failed")) return "failed";
  return "ready";
}

/** The section's view of one snapshot. Pure: the same snapshot and send give equal APIs. */
export function connect(snapshot: StationsSnapshot, send: StationsSend): ObserverStationsApi {
  const { context } = snapshot;
  const saving = snapshot.matches("saving");
  const change = saving ? context.change : null;
  return {
    ...handlersFor(send),
    screen: screenOf(snapshot),
    loadError: snapshot.matches("failed") ? context.loadError : null,
    stations: context.stations,
    counties: context.counties,
    draft: context.draft,
    problem: context.refusal ?? draftProblem(context.draft, context.stations.map(refOf)),
    busy: snapshot.hasTag("busy"),
    canAdd: snapshot.can({ type: "station.add" }),
    adding: change?.kind === "add",
    removingId: change?.kind === "remove" ? change.stationId : null,
    saveError: snapshot.matches({ ready: "saveFailed" }) ? context.saveError : null,
    canRetrySave: snapshot.can({ type: "save.retry" }),
    saved: snapshot.matches("ready") ? context.saved : null,
  };
}

/** Equal when every field is the same value: what useSelector compares, so a snapshot that changes nothing shown renders nothing. */
export function sameStationsApi(left: ObserverStationsApi, right: ObserverStationsApi): boolean {
  return (Object.keys(left) as (keyof ObserverStationsApi)[]).every((key) => Object.is(left[key], right[key]));
}
