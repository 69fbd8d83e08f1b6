/**
 * An observer's polling stations: the "Assigned polling stations" section of the observer profile (view mode) and
 * the "Assign to stations" dialog of the observers list. Both pick a station the same way (county, number, Add).
 */
import type { ControlState, Target, Words } from "./locators";

/** A station as a list shows it: "CJ 15", its badges ("Retired", "arrived 09:42") and its lines (place, address). */
export interface ListedStation {
  name: string;
  badges: string[];
  lines: string[];
}

export interface StationPicking {
  /** The number field's error as a screen reader hears it (its description), null without one. */
  problem(): Promise<string | null>;
  pickerStates(): Promise<{ county: ControlState; number: ControlState; add: ControlState }>;
  chooseCounty(code: string): Promise<void>;
  typeNumber(value: string): Promise<void>;
  add(): Promise<void>;
  /** Chooses the county, types the number and presses Add. */
  addStation(code: string, number: number | string): Promise<void>;
}

export interface ObserverStations extends StationPicking {
  isThere(): Promise<boolean>;
  isLoading(): Promise<boolean>;
  /** The message of the failure shown instead of the list, null without one. */
  loadError(): Promise<string | null>;
  stations(): Promise<ListedStation[]>;
  /** "Not assigned to any polling station yet." is shown. */
  showsNone(): Promise<boolean>;
  removeState(name: string): Promise<ControlState>;
  /** The message of the last save's failure, shown beside the list; null without one. */
  saveError(): Promise<string | null>;
  retrySaveState(): Promise<ControlState>;
  /** The status line after a save ("CJ 16 assigned."), empty before one. */
  status(): Promise<string | null>;
  remove(name: string): Promise<void>;
  retrySave(): Promise<void>;
  retryLoad(): Promise<void>;
}

export type AssignMode = "add" | "replace";

export interface ObserverAssignDialog extends StationPicking {
  isOpen(): Promise<boolean>;
  /** The dialog's whole text, null while it is closed. */
  text(): Promise<string | null>;
  /** The chosen stations, each with the refusal said beside it. */
  chosen(): Promise<{ name: string; problem: string | null }[]>;
  mode(): Promise<AssignMode | null>;
  buttons(): Promise<{ assign: ControlState; cancel: ControlState }>;
  /** The message of the last assignment's failure (other than refused stations), null without one. */
  error(): Promise<string | null>;
  chooseMode(mode: AssignMode): Promise<void>;
  remove(name: string): Promise<void>;
  assign(): Promise<void>;
  cancel(): Promise<void>;
  retry(): Promise<void>;
}

interface ObserverStationsWords {
  section: string;
  loading: string;
  assigned: string;
  none: string;
  county: string;
  number: string;
  add: string;
  remove: (name: string) => string;
  tryAgain: string;
  dialog: string;
  chosen: string;
  modes: Record<AssignMode, string>;
  assign: string;
  cancel: string;
}

const ENGLISH: ObserverStationsWords = {
  section: "Assigned polling stations",
  loading: "Loading the polling stations",
  assigned: "Assigned polling stations",
  none: "Not assigned to any polling station yet.",
  county: "County",
  number: "Station number",
  add: "Add",
  remove: (name) => `Remove ${name}`,
  tryAgain: "Try again",
  dialog: "Assign to polling stations",
  chosen: "Stations to assign",
  modes: { add: "Keep them and add these", replace: "Replace them with these" },
  assign: "Assign",
  cancel: "Cancel",
};

/** From src/locales/ro/messages.po. */
export const OBSERVER_STATIONS_WORDS: Words<ObserverStationsWords> = {
  en: ENGLISH,
  ro: {
    section: "Secții de votare repartizate",
    loading: "Se încarcă secțiile de votare",
    assigned: "Secții de votare repartizate",
    none: "Nu este repartizat încă la nicio secție de votare.",
    county: "Județ",
    number: "Numărul secției",
    add: "Adaugă",
    remove: (name) => `Elimină ${name}`,
    tryAgain: "Încearcă din nou",
    dialog: "Repartizează la secții de votare",
    chosen: "Secții de repartizat",
    modes: { add: "Le păstrează și le adaugă pe acestea", replace: "Le înlocuiește cu acestea" },
    assign: "Repartizează",
    cancel: "Anulează",
  },
};

export const observerStationsControls = (words = OBSERVER_STATIONS_WORDS.en) => ({
  section: { role: "region", name: words.section } satisfies Target,
  dialog: { role: "dialog", name: words.dialog } satisfies Target,
  loading: { label: words.loading } satisfies Target,
  loadError: { role: "alert" } satisfies Target,
  assigned: { role: "list", name: words.assigned } satisfies Target,
  chosen: { role: "list", name: words.chosen } satisfies Target,
  item: { role: "listitem" } satisfies Target,
  none: { text: words.none } satisfies Target,
  county: { role: "combobox", name: words.county } satisfies Target,
  option: (name: string | RegExp) => ({ role: "option", name }) satisfies Target,
  number: { role: "textbox", name: words.number } satisfies Target,
  add: { role: "button", name: words.add } satisfies Target,
  remove: (name: string) => ({ role: "button", name: words.remove(name) }) satisfies Target,
  tryAgain: { role: "button", name: words.tryAgain } satisfies Target,
  alert: { role: "alert" } satisfies Target,
  status: { role: "status" } satisfies Target,
  mode: (mode: AssignMode) => ({ role: "radio", name: words.modes[mode] }) satisfies Target,
  assign: { role: "button", name: words.assign } satisfies Target,
  cancel: { role: "button", name: words.cancel } satisfies Target,
});

/** A county option reads "Cluj (CJ)". */
export const countyOption = (code: string) => new RegExp(`\\(${code}\\)$`);
