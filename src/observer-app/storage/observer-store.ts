import { createStore } from "@xstate/store";
import type { ElectionRound, InboxMessage, MyForms, MyStation, Registry, RegistryCounty } from "../reference/reference-types";

/** The station the observer is at: chosen on the phone, its visit recorded through the outbox. */
export interface CurrentStation {
  id: number;
  countyCode: string;
  countyName: string;
  number: number;
  /** Locality, building and address, as the registry had them when the observer arrived. */
  place: string;
  /** Abroad: the diaspora forms are for it. */
  abroad: boolean;
  arrivedAt: string | null;
}

/** What the app shows, read from IndexedDB at start and kept in step with it by every write and every sync. */
export interface ObserverData {
  round: ElectionRound | null;
  counties: RegistryCounty[];
  /** Read from IndexedDB only when a station is picked by number: 19,000 stations would slow every start. */
  registry: Registry | null;
  forms: MyForms | null;
  myStations: MyStation[];
  inbox: InboxMessage[];
  currentStation: CurrentStation | null;
}

export const EMPTY_DATA: ObserverData = { round: null, counties: [], registry: null, forms: null, myStations: [], inbox: [], currentStation: null };

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
