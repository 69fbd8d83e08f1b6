/**
 * The polling-station screens: the registry (/sectii) with its filters and pages, a station's page (/sectii/:id)
 * with its edit form (/sectii/:id/edit, /sectii/nou), and the import (/sectii/import) with its steps.
 */
import type { ControlState, Target, Words } from "./locators";

export interface StationRowReading {
  county: string;
  number: string;
  locality: string;
  institution: string;
  address: string;
  voters: string;
  status: string;
  /** Where the number's link leads. */
  link: string | null;
}

export interface StationFilterValues {
  /** The county select as it reads, "Cluj (CJ)", or "". */
  county: string;
  number: string;
  search: string;
  /** "All", "Active" or "Retired". */
  status: string;
}

export interface StationList {
  /** "Polling stations (58)". */
  title(): Promise<string | null>;
  rows(): Promise<StationRowReading[]>;
  range(): Promise<string | null>;
  paging(): Promise<{ previous: ControlState; next: ControlState }>;
  loading(): Promise<string | null>;
  loadError(): Promise<string | null>;
  emptyText(): Promise<string | null>;
  refreshState(): Promise<ControlState>;
  filterValues(): Promise<StationFilterValues>;
  /** The page's own actions, as they read now. */
  actions(): Promise<{ add: ControlState; import: ControlState; export: ControlState }>;

  /** Sets the given filters (others stay; "" clears one) and submits them. */
  filter(values: Partial<StationFilterValues>): Promise<void>;
  resetFilter(): Promise<void>;
  nextPage(): Promise<void>;
  previousPage(): Promise<void>;
  refresh(): Promise<void>;
  retry(): Promise<void>;
  /** Opens a station's page by its number's link ("Polling station 12, Cluj"). */
  openStation(number: number, countyName: string): Promise<void>;
  exportList(): Promise<void>;
  add(): Promise<void>;
  openImport(): Promise<void>;
}

/** One row of a station's observers, as it reads. */
export interface StationObserverReading {
  name: string;
  /** Where the name's link leads: the observer's profile. */
  profile: string | null;
  phone: string;
  /** Null without the column (NGO admins see their own NGO's observers only). */
  ngo: string | null;
  /** "Assigned", "Not assigned: arrived here" or "Not assigned: reported here". */
  assignment: string;
  arrival: string;
  departure: string;
  reports: string;
  /** Where the reports' link leads: the thread's details; null without reports. */
  thread: string | null;
}

export interface StationPage {
  title(): Promise<string | null>;
  status(): Promise<string | null>;
  /** Each fact as "Label: value". */
  facts(): Promise<string[]>;
  /** The observers section's rows; empty while it loads, fails or has none. */
  observers(): Promise<StationObserverReading[]>;
  /** The observers section's empty state, null when it is not shown. */
  observersEmpty(): Promise<string | null>;
  /** The observers section's load failure, null when it is not shown. */
  observersError(): Promise<string | null>;
  retryObservers(): Promise<void>;
  /** The report links, each as its text and where it leads. */
  links(): Promise<{ text: string; href: string }[]>;
  /** The retired station's notice, null for an active one. */
  retiredNotice(): Promise<string | null>;
  actions(): Promise<{ edit: ControlState; retire: ControlState; reactivate: ControlState }>;
  loadError(): Promise<string | null>;
  edit(): Promise<void>;
  retire(): Promise<void>;
  reactivate(): Promise<void>;
}

export type StationFormField = "county" | "number" | "locality" | "institution" | "address" | "registeredVoters" | "latitude" | "longitude";

export interface StationForm {
  title(): Promise<string | null>;
  values(): Promise<Record<StationFormField, string>>;
  /** The message under each field that shows one. */
  errors(): Promise<Partial<Record<StationFormField, string>>>;
  saveState(): Promise<ControlState>;
  /** Types into the text fields given, chooses the county by its label ("Cluj (CJ)"). */
  fill(values: Partial<Record<StationFormField, string>>): Promise<void>;
  save(): Promise<void>;
  cancel(): Promise<void>;
}

export type DiffKind = "added" | "changed" | "retired";

export interface StationImport {
  /** The heading of the step on screen (mapping, diff, report), null at the first step. */
  stepHeading(): Promise<string | null>;
  chosenFile(): Promise<string | null>;
  /** The busy step's text, null when nothing runs. */
  progress(): Promise<string | null>;
  /** Each mapping select's value, by field label. */
  columns(): Promise<Record<string, string>>;
  counts(): Promise<{ added: string; changed: string; retired: string; unchanged: string } | null>;
  /** The diff's tabs as they read, "Added (1)". */
  tabs(): Promise<string[]>;
  /** The rows of the open tab's table, each as its cells' texts. */
  diffRows(kind: DiffKind): Promise<string[][]>;
  retireMissing(): Promise<boolean | null>;
  commitButton(): Promise<{ text: string; state: ControlState } | null>;
  /** The bad rows, each as [line, column, problem]. */
  badRows(): Promise<string[][]>;
  failure(): Promise<string | null>;
  done(): Promise<string | null>;
  cancelState(): Promise<ControlState>;

  chooseFile(file: File): Promise<void>;
  chooseColumn(field: string, header: string | null): Promise<void>;
  submitMapping(): Promise<void>;
  editMapping(): Promise<void>;
  openTab(kind: DiffKind): Promise<void>;
  toggleRetireMissing(): Promise<void>;
  commit(): Promise<void>;
  /** Two clicks on Import, as fast as a user's double click. */
  commitTwice(): Promise<void>;
  retry(): Promise<void>;
  restart(): Promise<void>;
  cancel(): Promise<void>;
}

interface StationWords {
  title: RegExp;
  table: string;
  filterForm: string;
  county: string;
  number: string;
  search: string;
  status: string;
  filter: string;
  reset: string;
  next: string;
  previous: string;
  refresh: string;
  tryAgain: string;
  add: string;
  import: string;
  export: string;
  stationLink: (number: number, countyName: string) => string;
  facts: string;
  observers: string;
  observersHeading: string;
  edit: string;
  retire: string;
  reactivate: string;
  save: string;
  cancel: string;
  selectFile: string;
  checkMapping: string;
  changeColumns: string;
  /** The switch's name begins with its label (Mantine puts the description inside the label too). */
  retireMissing: RegExp;
  commit: RegExp;
  restart: string;
  diffTables: Record<DiffKind, string>;
  diffTabs: Record<DiffKind, RegExp>;
  badRows: string;
}

/** The screens' words in English and as src/locales/ro/messages.po translates them. */
export const STATION_WORDS: Words<StationWords> = {
  en: {
    title: /^Polling stations/,
    table: "Polling stations",
    filterForm: "Filter the polling stations",
    county: "County",
    number: "Number",
    search: "Locality, institution or address",
    status: "Status",
    filter: "Filter",
    reset: "Reset",
    next: "Next",
    previous: "Previous",
    refresh: "Refresh the list",
    tryAgain: "Try again",
    add: "Add station",
    import: "Import",
    export: "Export",
    stationLink: (number, countyName) => `Polling station ${number}, ${countyName}`,
    facts: "Facts of the polling station",
    observers: "Observers of the polling station",
    observersHeading: "Observers",
    edit: "Edit",
    retire: "Retire",
    reactivate: "Make active",
    save: "Save",
    cancel: "Cancel",
    selectFile: "Select file",
    checkMapping: "Check with these columns",
    changeColumns: "Change the columns",
    retireMissing: /^Retire the stations missing from the file/,
    commit: /^Import \d+ changes?$/,
    restart: "Import another file",
    diffTables: { added: "Stations to add", changed: "Stations to change", retired: "Stations to retire" },
    diffTabs: { added: /^Added/, changed: /^Changed/, retired: /^Retired/ },
    badRows: "Rows to correct",
  },
  ro: {
    title: /^Secții/,
    table: "Secții de votare",
    filterForm: "Filtrează secțiile de votare",
    county: "Județ",
    number: "Număr",
    search: "Localitate, instituție sau adresă",
    status: "Stare",
    filter: "Filtrează",
    reset: "Resetează",
    next: "Următoarea",
    previous: "Anterioara",
    refresh: "Reîmprospătează lista",
    tryAgain: "Încearcă din nou",
    add: "Adaugă secție",
    import: "Importă",
    export: "Exportă",
    stationLink: (number, countyName) => `Secția de votare ${number}, ${countyName}`,
    facts: "Datele secției de votare",
    observers: "Observatorii secției de votare",
    observersHeading: "Observatori",
    edit: "Editează",
    retire: "Retrage",
    reactivate: "Activează",
    save: "Salvează",
    cancel: "Anulează",
    selectFile: "Selectează fișierul",
    checkMapping: "Verifică cu aceste coloane",
    changeColumns: "Schimbă coloanele",
    retireMissing: /^Retrage secțiile care lipsesc din fișier/,
    commit: /^Importă \d+ (de )?modificăr?i$|^Importă 1 modificare$/,
    restart: "Importă alt fișier",
    diffTables: { added: "Secții de adăugat", changed: "Secții de modificat", retired: "Secții de retras" },
    diffTabs: { added: /^Adăugate/, changed: /^Modificate/, retired: /^Retrase/ },
    badRows: "Rânduri de corectat",
  },
};

export const stationControls = (words = STATION_WORDS.en) => ({
  title: { role: "heading", level: 1 } satisfies Target,
  table: { role: "table", name: words.table } satisfies Target,
  row: { testId: "station-row" } satisfies Target,
  cell: { role: "cell" } satisfies Target,
  rowHeader: { role: "rowheader" } satisfies Target,
  statusBadge: { testId: "station-status" } satisfies Target,
  range: { testId: "list-range" } satisfies Target,
  loading: { testId: "list-loading" } satisfies Target,
  loadError: { role: "alert" } satisfies Target,
  empty: { testId: "stations-empty" } satisfies Target,
  retry: { role: "button", name: words.tryAgain } satisfies Target,
  next: { role: "button", name: words.next } satisfies Target,
  previous: { role: "button", name: words.previous } satisfies Target,
  refresh: { role: "button", name: words.refresh } satisfies Target,
  filterForm: { role: "search", name: words.filterForm } satisfies Target,
  county: { role: "combobox", name: words.county } satisfies Target,
  number: { role: "textbox", name: words.number } satisfies Target,
  search: { role: "textbox", name: words.search } satisfies Target,
  status: { role: "combobox", name: words.status } satisfies Target,
  option: (name: string) => ({ role: "option", name }) satisfies Target,
  filter: { role: "button", name: words.filter } satisfies Target,
  reset: { role: "button", name: words.reset } satisfies Target,
  add: { role: "link", name: words.add } satisfies Target,
  import: { role: "link", name: words.import } satisfies Target,
  export: { role: "button", name: words.export } satisfies Target,
  stationLink: (number: number, countyName: string) => ({ role: "link", name: words.stationLink(number, countyName) }) satisfies Target,
  facts: { role: "table", name: words.facts } satisfies Target,
  observers: { role: "table", name: words.observers } satisfies Target,
  observersSection: { role: "region", name: words.observersHeading } satisfies Target,
  observersEmpty: { testId: "station-observers-empty" } satisfies Target,
  edit: { role: "link", name: words.edit } satisfies Target,
  retire: { role: "button", name: words.retire } satisfies Target,
  reactivate: { role: "button", name: words.reactivate } satisfies Target,
  save: { role: "button", name: words.save } satisfies Target,
  cancel: { role: "button", name: words.cancel } satisfies Target,
  fileInput: { testId: "station-import-file" } satisfies Target,
  chosenFile: { testId: "station-import-chosen" } satisfies Target,
  selectFile: { role: "button", name: words.selectFile } satisfies Target,
  progress: { testId: "station-import-progress" } satisfies Target,
  checkMapping: { role: "button", name: words.checkMapping } satisfies Target,
  changeColumns: { role: "button", name: words.changeColumns } satisfies Target,
  retireMissing: { role: "switch", name: words.retireMissing } satisfies Target,
  commit: { role: "button", name: words.commit } satisfies Target,
  restart: { role: "button", name: words.restart } satisfies Target,
  done: { testId: "station-import-done" } satisfies Target,
  diffTable: (kind: DiffKind) => ({ role: "table", name: words.diffTables[kind] }) satisfies Target,
  diffTab: (kind: DiffKind) => ({ role: "tab", name: words.diffTabs[kind] }) satisfies Target,
  tab: { role: "tab" } satisfies Target,
  badRows: { role: "table", name: words.badRows } satisfies Target,
  count: (kind: "added" | "changed" | "retired" | "unchanged") => ({ testId: `station-import-${kind}` }) satisfies Target,
  stepHeading: { role: "heading", level: 2 } satisfies Target,
});
