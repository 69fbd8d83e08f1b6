import { createStore } from "@xstate/store";
import type { ElectionRound, InboxMessage, MyForms, MyStation, Registry } from "../reference/reference-types";

/** The station the observer is at: chosen on the phone, its visit recorded through the outbox. */
export interface CurrentStation {
  id: number;
  countyCode: string;
  number: number;
  arrivedAt: string | null;
}

/** What the app shows, read from IndexedDB at start and kept in step with it by every write and every sync. */
export interface ObserverData {
  round: ElectionRound | null;
  registry: Registry | null;
  forms: MyForms | null;
  myStations: MyStation[];
  inbox: InboxMessage[];
  currentStation: CurrentStation | null;
}

export const EMPTY_DATA: ObserverData = { round: null, registry: null, forms: null, myStations: [], inbox: [], currentStation: null };

export function createObserverStore(initial: ObserverData) {
  return createStore({
    context: initial,
    on: {
      loaded: (context, event: { data: Partial<ObserverData> }) => ({ ...context, ...event.data }),
      stationChosen: (context, event: { station: CurrentStation | null }) => ({ ...context, currentStation: event.station }),
    },
  });
}

export type ObserverStore = ReturnType<typeof createObserverStore>;
