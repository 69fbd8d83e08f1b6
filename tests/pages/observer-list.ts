/** The observers list (/observatori): search, sort, pages, selection and the row actions. */
import type { ControlState, Target, Words } from "./locators";

export type ObserverColumn = "Name" | "Last login";
export type ObserverRowAction = "Delete" | "Notification" | "Reset password";
export type CheckState = "checked" | "indeterminate" | "unchecked" | "absent";

export interface ObserverList {
  /** The page title, "Observers (25)". */
  title(): Promise<string | null>;
  /** The number in the title. */
  total(): Promise<number | null>;
  columns(): Promise<string[]>;
  /** The observers in the table, in order, by name. */
  rowNames(): Promise<string[]>;
  /** Their phones, in the same order. */
  rowPhones(): Promise<string[]>;
  /** The observers shown as cards, by name. */
  cardNames(): Promise<string[]>;
  /** "Showing 1 to 20 of 25". */
  range(): Promise<string | null>;
  paging(): Promise<{ previous: ControlState; next: ControlState }>;
  /** The loading indicator's text, null when nothing loads. */
  loading(): Promise<string | null>;
  /** The error shown instead of the rows, null without one. */
  loadError(): Promise<string | null>;
  /** Whether the empty result is shown instead of a table. */
  showsNoResults(): Promise<boolean>;
  refreshState(): Promise<ControlState>;
  searchValues(): Promise<{ name: string; phone: string }>;
  searchButtons(): Promise<{ filter: ControlState; reset: ControlState }>;
  /** The column's aria-sort: "ascending", "descending" or "none". */
  sortOf(column: ObserverColumn): Promise<string | null>;
  /** The selection bar's text, null without a selection. */
  selection(): Promise<string | null>;
  selectAllState(): Promise<CheckState>;
  /** The selected rows, by name. */
  selectedNames(): Promise<string[]>;

  /** Fills the search form (empty values clear a field) and submits it. */
  search(filter: { name?: string; phone?: string }): Promise<void>;
  resetSearch(): Promise<void>;
  nextPage(): Promise<void>;
  previousPage(): Promise<void>;
  refresh(): Promise<void>;
  retry(): Promise<void>;
  sortBy(column: ObserverColumn): Promise<void>;
  toggleRow(name: string): Promise<void>;
  toggleAll(): Promise<void>;
  deleteSelected(): Promise<void>;
  notifySelected(): Promise<void>;
  /** Opens the "Assign to stations" dialog for the selected observers (tests/pages/observer-stations.ts). */
  assignSelected(): Promise<void>;
  openRowMenu(name: string): Promise<void>;
  /** Opens the row's menu and picks the action. */
  chooseRowAction(name: string, action: ObserverRowAction): Promise<void>;
  editRow(name: string): Promise<void>;
  addObserver(): Promise<void>;
  openImport(): Promise<void>;
  exportList(): Promise<void>;
  showAs(mode: "Table" | "Cards"): Promise<void>;
}

interface ObserverListWords {
  observers: string;
  name: string;
  phone: string;
  lastLogin: string;
  search: string;
  filter: string;
  reset: string;
  addObserver: string;
  edit: string;
  noResults: string;
  selectAll: string;
  select: (name: string) => string;
  moreActionsFor: (name: string) => string;
  assignSelected: string;
}

const ENGLISH: ObserverListWords = {
  observers: "Observers",
  name: "Name",
  phone: "Phone",
  lastLogin: "Last login",
  search: "Search observers",
  filter: "Filter",
  reset: "Reset",
  addObserver: "Add observer",
  edit: "Edit",
  noResults: "No observers found.",
  selectAll: "Select all observers on this page",
  select: (name) => `Select ${name}`,
  moreActionsFor: (name) => `More actions for ${name}`,
  assignSelected: "Assign to stations",
};

/** From src/locales/ro/messages.po; the Romanian journey reads the list and searches it, a screen test selects rows. */
export const OBSERVER_LIST_WORDS: Words<ObserverListWords> = {
  en: ENGLISH,
  ro: {
    ...ENGLISH,
    observers: "Observatori",
    name: "Nume",
    phone: "Telefon",
    search: "Caută observatori",
    filter: "Filtrează",
    reset: "Resetează",
    addObserver: "Adaugă observator",
    selectAll: "Selectează toți observatorii de pe această pagină",
    select: (name) => `Selectează ${name}`,
    moreActionsFor: (name) => `Mai multe acțiuni pentru ${name}`,
    assignSelected: "Repartizează la secții",
  },
};

export const observerListControls = (words = OBSERVER_LIST_WORDS.en) => ({
  title: { role: "heading", level: 1 } satisfies Target,
  table: { role: "table", name: words.observers } satisfies Target,
  row: { role: "row" } satisfies Target,
  rowHeader: { role: "rowheader" } satisfies Target,
  cell: { role: "cell" } satisfies Target,
  columnHeader: { role: "columnheader" } satisfies Target,
  column: (name: string) => ({ role: "columnheader", name }) satisfies Target,
  sortButton: { role: "button" } satisfies Target,
  cards: { role: "list", name: words.observers } satisfies Target,
  card: { role: "listitem" } satisfies Target,
  range: { testId: "list-range" } satisfies Target,
  loading: { testId: "list-loading" } satisfies Target,
  loadError: { role: "alert" } satisfies Target,
  retry: { role: "button", name: "Try again" } satisfies Target,
  noResults: { text: words.noResults } satisfies Target,
  next: { role: "button", name: "Next" } satisfies Target,
  previous: { role: "button", name: "Previous" } satisfies Target,
  refresh: { role: "button", name: "Refresh the list" } satisfies Target,
  searchForm: { role: "search", name: words.search } satisfies Target,
  nameField: { role: "textbox", name: words.name } satisfies Target,
  phoneField: { role: "textbox", name: words.phone } satisfies Target,
  filter: { role: "button", name: words.filter } satisfies Target,
  reset: { role: "button", name: words.reset } satisfies Target,
  selectAll: { role: "checkbox", name: words.selectAll } satisfies Target,
  select: (name: string) => ({ role: "checkbox", name: words.select(name) }) satisfies Target,
  rowCheckbox: { role: "checkbox", name: /^Select (?!all)/ } satisfies Target,
  selectionBar: { testId: "selection-bar" } satisfies Target,
  deleteSelected: { role: "button", name: "Delete" } satisfies Target,
  notifySelected: { role: "button", name: "Send notification" } satisfies Target,
  assignSelected: { role: "button", name: words.assignSelected } satisfies Target,
  rowMenu: (name: string) => ({ role: "button", name: words.moreActionsFor(name) }) satisfies Target,
  menuItem: (action: string) => ({ role: "menuitem", name: action }) satisfies Target,
  edit: { role: "link", name: words.edit } satisfies Target,
  addObserver: { role: "link", name: words.addObserver } satisfies Target,
  openImport: { role: "link", name: "Import" } satisfies Target,
  exportList: { role: "button", name: "Export" } satisfies Target,
  viewMode: (mode: string) => ({ role: "radio", name: mode }) satisfies Target,
});

export const columnName = (column: ObserverColumn, words = OBSERVER_LIST_WORDS.en) => (column === "Name" ? words.name : words.lastLogin);
