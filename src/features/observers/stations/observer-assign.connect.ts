import type { SnapshotFrom } from "xstate";
import type { LoadFailure } from "../../../shared/machines/load-failure";
import type { PageError } from "../../../shared/machines/page-error";
import type { AssignMode, observerAssignMachine, ObserverAssignEvent } from "./observer-assign.machine";
import { draftProblem, sameStation, type County, type StationDraft, type StationProblem, type StationRef } from "./station-ref";

/* The bulk assignment dialog as its view reads it: connect(state, send), as observer-stations.connect.ts. */

type AssignSnapshot = SnapshotFrom<typeof observerAssignMachine>;
export type AssignSend = (event: ObserverAssignEvent) => void;

export type AssignScreen = "loading" | "failed" | "form";

export interface AssignHandlers {
  cancel: () => void;
  changeCounty: (countyCode: string | null) => void;
  changeNumber: (value: string) => void;
  add: () => void;
  remove: (station: StationRef) => void;
  changeMode: (mode: AssignMode) => void;
  submit: () => void;
  retry: () => void;
  retryLoad: () => void;
}

/** A chosen station, with the server's refusal of it once an assignment was refused. */
export interface ChosenStation {
  station: StationRef;
  problem: StationProblem | null;
}

export interface ObserverAssignApi extends AssignHandlers {
  opened: boolean;
  screen: AssignScreen;
  loadError: LoadFailure | null;
  observerCount: number;
  counties: County[];
  draft: StationDraft;
  /** Why the draft cannot be added: typed wrong or already chosen. */
  problem: StationProblem | null;
  canAdd: boolean;
  chosen: ChosenStation[];
  /** Some chosen stations were refused: the list says which. */
  refused: boolean;
  mode: AssignMode;
  /** The assignment runs: nothing can change and the dialog stays open. */
  busy: boolean;
  canSubmit: boolean;
  error: PageError | null;
  canRetry: boolean;
}

const handlersBySend = new WeakMap<AssignSend, AssignHandlers>();

function handlersFor(send: AssignSend): AssignHandlers {
  let handlers = handlersBySend.get(send);
  if (!handlers) {
    handlers = {
      cancel: () => send({ type: "assign.cancel" }),
      changeCounty: (countyCode) => send({ type: "county.change", countyCode }),
      changeNumber: (value) => send({ type: "number.change", value }),
      add: () => send({ type: "station.add" }),
      remove: (station) => send({ type: "station.remove", station }),
      changeMode: (mode) => send({ type: "mode.change", mode }),
      submit: () => send({ type: "assign.submit" }),
      retry: () => send({ type: "assign.retry" }),
      retryLoad: () => send({ type: "load.retry" }),
    };
    handlersBySend.set(send, handlers);
  }
  return handlers;
}

function screenOf(snapshot: AssignSnapshot): AssignScreen {
  if (snapshot.matches({ open: "loading" })) return "loading";
  if (snapshot.matches({ open: "failed" })) return "failed";
  return "form";
}

/** The dialog's view of one snapshot. Pure: the same snapshot and send give equal APIs. */
export function connect(snapshot: AssignSnapshot, send: AssignSend): ObserverAssignApi {
  const { context } = snapshot;
  const busy = snapshot.matches({ open: "assigning" });
  const chosen = context.chosen.map((station) => ({
    station,
    problem: context.refusals.find((refusal) => sameStation(refusal.station, station))?.problem ?? null,
  }));
  return {
    ...handlersFor(send),
    opened: snapshot.hasTag("open"),
    screen: screenOf(snapshot),
    loadError: snapshot.matches({ open: "failed" }) ? context.loadError : null,
    observerCount: context.observerIds.length,
    counties: context.counties,
    draft: context.draft,
    problem: draftProblem(context.draft, context.chosen),
    canAdd: snapshot.can({ type: "station.add" }),
    chosen,
    refused: context.refusals.length > 0,
    mode: context.mode,
    busy,
    canSubmit: snapshot.can({ type: "assign.submit" }),
    error: snapshot.matches({ open: { editing: "failed" } }) ? context.error : null,
    canRetry: snapshot.can({ type: "assign.retry" }),
  };
}

/** Equal when what the dialog shows is the same: the chosen list compared station by station. */
export function sameAssignApi(left: ObserverAssignApi, right: ObserverAssignApi): boolean {
  return (Object.keys(left) as (keyof ObserverAssignApi)[]).every((key) => {
    if (key === "chosen") {
      return left.chosen.length === right.chosen.length && left.chosen.every((item, index) => item.station === right.chosen[index]?.station && item.problem === right.chosen[index]?.problem);
    }
    return Object.is(left[key], right[key]);
  });
}
