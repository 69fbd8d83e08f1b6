import { assertEvent, assign, fromPromise, setup } from "xstate";
import { toLoadFailure, type LoadFailure } from "../../../shared/machines/load-failure";
import { isRetryable } from "../../../shared/machines/mutation.machine";
import { toPageError, type PageError } from "../../../shared/machines/page-error";
import {
  addableStation,
  EMPTY_STATION_DRAFT,
  refOf,
  refusedStations,
  sameStation,
  type AssignedStation,
  type County,
  type StationDraft,
  type StationProblem,
  type StationRef,
} from "./station-ref";

/** What the section loads: the observer's stations and the counties its add control offers. */
export interface StationsLoad {
  stations: AssignedStation[];
  counties: County[];
}

export interface SaveStationsInput {
  observerId: number;
  stations: StationRef[];
}

/** One change of the list, each saved at once: the station added, or the one removed. */
export type StationChange = { kind: "add"; station: StationRef } | { kind: "remove"; station: StationRef; stationId: number };

export interface ObserverStationsContext {
  observerId: number;
  /** The observer's stations as the server last answered them. */
  stations: AssignedStation[];
  counties: County[];
  draft: StationDraft;
  /** The change the save under way carries; after it, the last one asked for (the retry sends it again). */
  change: StationChange | null;
  /** The whole list that save sends. */
  sending: StationRef[];
  /** The server's verdict on the station being added, shown on the add control until the draft changes. */
  refusal: StationProblem | null;
  loadError: LoadFailure | null;
  /** Why the last save failed, when it was not a refusal of the added station. */
  saveError: PageError | null;
  /** The last change the server saved (said once in a status line). */
  saved: StationChange | null;
}

export type ObserverStationsEvent =
  | { type: "county.change"; countyCode: string | null }
  | { type: "number.change"; value: string }
  | { type: "station.add" }
  | { type: "station.remove"; stationId: number }
  | { type: "save.retry" }
  | { type: "load.retry" };

export interface ObserverStationsInput {
  observerId: number;
}

const notProvided = (name: string) => () => Promise.reject(new Error(`${name} is not provided`));

const refsOf = (stations: readonly AssignedStation[]) => stations.map(refOf);

/** The refusal of the station an add sent last (the list sent ends with it); null for anything else. */
function refusalOfAdded(context: Pick<ObserverStationsContext, "change" | "sending">, error: unknown): StationProblem | null {
  const { change, sending } = context;
  if (change?.kind !== "add") return null;
  const index = sending.findIndex((station) => sameStation(station, change.station));
  return refusedStations(toPageError(error).fieldErrors).get(index) ?? null;
}

export const observerStationsMachine = setup({
  types: {
    context: {} as ObserverStationsContext,
    events: {} as ObserverStationsEvent,
    input: {} as ObserverStationsInput,
    tags: {} as "busy",
  },
  actors: {
    loadStations: fromPromise<StationsLoad, { observerId: number }>(notProvided("loadStations")),
    saveStations: fromPromise<AssignedStation[], SaveStationsInput>(notProvided("saveStations")),
  },
  guards: {
    canAddDraft: ({ context }) => addableStation(context.draft, refsOf(context.stations)) !== null,
    isAssigned: ({ context, event }) => {
      assertEvent(event, "station.remove");
      return context.stations.some((station) => station.id === event.stationId);
    },
    refusesAddedStation: ({ context }, params: { error: unknown }) => refusalOfAdded(context, params.error) !== null,
    canRetry: ({ context }) => isRetryable(context.saveError),
  },
  actions: {
    keepLoaded: assign((_, params: { load: StationsLoad }) => ({ stations: params.load.stations, counties: params.load.counties, loadError: null })),
    recordLoadError: assign((_, params: { error: unknown }) => ({ loadError: toLoadFailure(params.error) })),
    changeCounty: assign(({ context, event }) => {
      assertEvent(event, "county.change");
      return { draft: { ...context.draft, countyCode: event.countyCode }, refusal: null };
    }),
    changeNumber: assign(({ context, event }) => {
      assertEvent(event, "number.change");
      return { draft: { ...context.draft, number: event.value }, refusal: null };
    }),
    sendAdded: assign(({ context }) => {
      const station = addableStation(context.draft, refsOf(context.stations));
      // Taken only through canAddDraft.
      if (!station) return {};
      return { change: { kind: "add", station }, sending: [...refsOf(context.stations), station], refusal: null, saveError: null, saved: null };
    }),
    sendRemoved: assign(({ context, event }) => {
      assertEvent(event, "station.remove");
      const removed = context.stations.find((station) => station.id === event.stationId);
      if (!removed) return {};
      return {
        change: { kind: "remove", station: refOf(removed), stationId: removed.id },
        sending: refsOf(context.stations.filter((station) => station.id !== removed.id)),
        refusal: null,
        saveError: null,
        saved: null,
      };
    }),
    clearSaveError: assign({ saveError: null }),
    keepSaved: assign(({ context }, params: { stations: AssignedStation[] }) => ({
      stations: params.stations,
      // The county stays chosen: several stations of one county are added one after the other.
      draft: context.change?.kind === "add" ? { ...context.draft, number: "" } : context.draft,
      saved: context.change,
    })),
    recordRefusal: assign(({ context }, params: { error: unknown }) => ({ refusal: refusalOfAdded(context, params.error) })),
    recordSaveError: assign((_, params: { error: unknown }) => ({ saveError: toPageError(params.error) })),
  },
}).createMachine({
  id: "observerStations",
  description:
    "The stations an observer is assigned to, on the observer's profile: each add or remove saves the whole new list at once; while it saves nothing else can change, so a double click sends once.",
  context: ({ input }) => ({
    observerId: input.observerId,
    stations: [],
    counties: [],
    draft: EMPTY_STATION_DRAFT,
    change: null,
    sending: [],
    refusal: null,
    loadError: null,
    saveError: null,
    saved: null,
  }),
  initial: "loading",
  states: {
    loading: {
      tags: "busy",
      invoke: {
        id: "loadStations",
        src: "loadStations",
        input: ({ context }) => ({ observerId: context.observerId }),
        onDone: { target: "ready", actions: { type: "keepLoaded", params: ({ event }) => ({ load: event.output }) } },
        onError: { target: "failed", actions: { type: "recordLoadError", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { "load.retry": "loading" },
    },
    ready: {
      initial: "idle",
      on: {
        "county.change": { actions: "changeCounty" },
        "number.change": { actions: "changeNumber" },
        "station.add": {
          guard: "canAddDraft",
          target: "saving",
          actions: "sendAdded",
          description: "Not taken for an incomplete, malformed or already listed station: the add control says why",
        },
        "station.remove": { guard: "isAssigned", target: "saving", actions: "sendRemoved" },
      },
      states: {
        idle: {},
        saveFailed: {
          description: "The list shows what the server holds; the failure is said beside it, with Try again when the network or the server failed",
          on: {
            "save.retry": {
              guard: "canRetry",
              target: "#observerStations.saving",
              actions: "clearSaveError",
              description: "The same list again; a refusal (4xx) would only be refused again",
            },
          },
        },
      },
    },
    saving: {
      tags: "busy",
      description: "The add control and every remove wait: no event of theirs is taken here, which is what makes a double click save once",
      invoke: {
        id: "saveStations",
        src: "saveStations",
        input: ({ context }) => ({ observerId: context.observerId, stations: context.sending }),
        onDone: {
          target: "ready",
          actions: { type: "keepSaved", params: ({ event }) => ({ stations: event.output }) },
        },
        onError: [
          {
            guard: { type: "refusesAddedStation", params: ({ event }) => ({ error: event.error }) },
            target: "ready",
            actions: { type: "recordRefusal", params: ({ event }) => ({ error: event.error }) },
            description: "Not in the registry or retired: said on the add control, which keeps the draft to correct",
          },
          { target: "ready.saveFailed", actions: { type: "recordSaveError", params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
  },
});
