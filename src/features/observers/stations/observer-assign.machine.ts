import { assertEvent, assign, fromPromise, setup } from "xstate";
import { toLoadFailure, type LoadFailure } from "../../../shared/machines/load-failure";
import { isRetryable } from "../../../shared/machines/mutation.machine";
import { toPageError, type PageError } from "../../../shared/machines/page-error";
import { addableStation, EMPTY_STATION_DRAFT, refusedStations, sameStation, type County, type StationDraft, type StationProblem, type StationRef } from "./station-ref";

/** Add the stations to each observer's own, or make them each observer's only ones. */
export type AssignMode = "add" | "replace";

/** What assignObservers is sent. */
export interface AssignRequest {
  observerIds: number[];
  stations: StationRef[];
  mode: AssignMode;
}

export interface AssignOutcome {
  observers: number;
  stations: number;
  added: number;
}

/** A chosen station the server refused (not in the registry, retired). */
export interface StationRefusal {
  station: StationRef;
  problem: StationProblem;
}

export interface ObserverAssignContext {
  observerIds: number[];
  counties: County[];
  draft: StationDraft;
  /** The stations to assign, in the order chosen. */
  chosen: StationRef[];
  mode: AssignMode;
  /** The chosen stations the last assignment refused, said beside each until it is removed. */
  refusals: StationRefusal[];
  loadError: LoadFailure | null;
  /** Why the last assignment failed, when it was not a refusal of stations. */
  error: PageError | null;
}

export type ObserverAssignEvent =
  | { type: "assign.open"; observerIds: number[] }
  | { type: "assign.cancel" }
  | { type: "county.change"; countyCode: string | null }
  | { type: "number.change"; value: string }
  | { type: "station.add" }
  | { type: "station.remove"; station: StationRef }
  | { type: "mode.change"; mode: AssignMode }
  | { type: "assign.submit" }
  | { type: "assign.retry" }
  | { type: "load.retry" };

const notProvided = (name: string) => () => Promise.reject(new Error(`${name} is not provided`));

/** The chosen stations a refusal names (its `stations[i].` fields, i an index in the list sent). */
function refusalsOf(chosen: readonly StationRef[], error: unknown): StationRefusal[] {
  return [...refusedStations(toPageError(error).fieldErrors)].flatMap(([index, problem]) => {
    const station = chosen[index];
    return station ? [{ station, problem }] : [];
  });
}

/** The dialog's form as each opening starts it. */
const blankForm: Pick<ObserverAssignContext, "draft" | "chosen" | "mode" | "refusals" | "error"> = {
  draft: EMPTY_STATION_DRAFT,
  chosen: [],
  mode: "add",
  refusals: [],
  error: null,
};

export const observerAssignMachine = setup({
  types: {
    context: {} as ObserverAssignContext,
    events: {} as ObserverAssignEvent,
    tags: {} as "busy" | "open",
  },
  actors: {
    loadCounties: fromPromise<County[]>(notProvided("loadCounties")),
    assign: fromPromise<AssignOutcome, AssignRequest>(notProvided("assign")),
  },
  guards: {
    hasObservers: ({ event }) => {
      assertEvent(event, "assign.open");
      return event.observerIds.length > 0;
    },
    canAddDraft: ({ context }) => addableStation(context.draft, context.chosen) !== null,
    hasChosen: ({ context }) => context.chosen.length > 0,
    refusesStations: ({ context }, params: { error: unknown }) => refusalsOf(context.chosen, params.error).length > 0,
    canRetry: ({ context }) => isRetryable(context.error),
  },
  actions: {
    open: assign(({ event }) => {
      assertEvent(event, "assign.open");
      return { ...blankForm, observerIds: event.observerIds, loadError: null };
    }),
    keepCounties: assign((_, params: { counties: County[] }) => ({ counties: params.counties, loadError: null })),
    recordLoadError: assign((_, params: { error: unknown }) => ({ loadError: toLoadFailure(params.error) })),
    changeCounty: assign(({ context, event }) => {
      assertEvent(event, "county.change");
      return { draft: { ...context.draft, countyCode: event.countyCode } };
    }),
    changeNumber: assign(({ context, event }) => {
      assertEvent(event, "number.change");
      return { draft: { ...context.draft, number: event.value } };
    }),
    choose: assign(({ context }) => {
      const station = addableStation(context.draft, context.chosen);
      // Taken only through canAddDraft; the county stays chosen for the next number.
      return station ? { chosen: [...context.chosen, station], draft: { ...context.draft, number: "" } } : {};
    }),
    unchoose: assign(({ context, event }) => {
      assertEvent(event, "station.remove");
      return {
        chosen: context.chosen.filter((station) => !sameStation(station, event.station)),
        refusals: context.refusals.filter((refusal) => !sameStation(refusal.station, event.station)),
      };
    }),
    changeMode: assign(({ event }) => {
      assertEvent(event, "mode.change");
      return { mode: event.mode };
    }),
    clearOutcome: assign({ refusals: [], error: null }),
    recordRefusals: assign(({ context }, params: { error: unknown }) => ({ refusals: refusalsOf(context.chosen, params.error) })),
    recordError: assign((_, params: { error: unknown }) => ({ error: toPageError(params.error) })),
    onAssigned: (_, _params: { outcome: AssignOutcome }) => {},
  },
}).createMachine({
  id: "observerAssign",
  description:
    "Assigns the observers chosen on the list to stations, in a dialog: stations chosen by county and number, added to their own or replacing them, sent once; the dialog cannot close while the assignment runs.",
  context: { observerIds: [], counties: [], ...blankForm, loadError: null },
  initial: "closed",
  states: {
    closed: {
      on: { "assign.open": { guard: "hasObservers", target: "open", actions: "open" } },
    },
    open: {
      tags: "open",
      initial: "loading",
      states: {
        loading: {
          tags: "busy",
          invoke: {
            id: "loadCounties",
            src: "loadCounties",
            onDone: { target: "editing", actions: { type: "keepCounties", params: ({ event }) => ({ counties: event.output }) } },
            onError: { target: "failed", actions: { type: "recordLoadError", params: ({ event }) => ({ error: event.error }) } },
          },
          on: { "assign.cancel": "#observerAssign.closed" },
        },
        failed: {
          on: { "load.retry": "loading", "assign.cancel": "#observerAssign.closed" },
        },
        editing: {
          initial: "idle",
          on: {
            "assign.cancel": "#observerAssign.closed",
            "county.change": { actions: "changeCounty" },
            "number.change": { actions: "changeNumber" },
            "station.add": { guard: "canAddDraft", actions: "choose", description: "Chosen in the browser: nothing is sent until Assign" },
            "station.remove": { actions: "unchoose" },
            "mode.change": { actions: "changeMode" },
            "assign.submit": { guard: "hasChosen", target: "assigning", actions: "clearOutcome" },
          },
          states: {
            idle: {},
            failed: {
              description: "The assignment failed for another reason than its stations; Try again is offered when the network or the server failed",
              on: {
                "assign.retry": {
                  guard: "canRetry",
                  target: "#observerAssign.open.assigning",
                  actions: "clearOutcome",
                  description: "The same request again; a refusal (4xx) would only be refused again",
                },
              },
            },
          },
        },
        assigning: {
          tags: "busy",
          description: "Nothing can change and the dialog cannot close: a second Assign is not taken here, so a double click assigns once",
          invoke: {
            id: "assign",
            src: "assign",
            input: ({ context }) => ({ observerIds: context.observerIds, stations: context.chosen, mode: context.mode }),
            onDone: {
              target: "#observerAssign.closed",
              actions: { type: "onAssigned", params: ({ event }) => ({ outcome: event.output }) },
            },
            onError: [
              {
                guard: { type: "refusesStations", params: ({ event }) => ({ error: event.error }) },
                target: "editing",
                actions: { type: "recordRefusals", params: ({ event }) => ({ error: event.error }) },
                description: "Stations not in the registry or retired: said beside each, to remove or correct",
              },
              { target: "editing.failed", actions: { type: "recordError", params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
      },
    },
  },
});
