/** The NGO list (/ong) and its row actions. */
import type { ControlState, Target, Words } from "./locators";

export type NgoRowAction = "Delete" | "Make active" | "Make inactive" | "Make organizer" | "Stop organizing" | (string & {});

export interface NgoRow {
  shortName: string;
  organizer: boolean;
  active: boolean;
}

export interface NgoList {
  /** The page title, "NGOs (3)". */
  title(): Promise<string | null>;
  total(): Promise<number | null>;
  columns(): Promise<string[]>;
  rowNames(): Promise<string[]>;
  /** A row's short name and flags, null without the row. */
  row(name: string): Promise<NgoRow | null>;
  /** Whether the list is loading, or loading again under its rows. */
  isBusy(): Promise<boolean>;
  /** The row's actions button: "busy" while one of its changes runs. */
  rowMenuState(name: string): Promise<ControlState>;

  openRowMenu(name: string): Promise<void>;
  /** Opens the row's menu and picks the action (its words in the language shown). */
  chooseRowAction(name: string, action: NgoRowAction): Promise<void>;
  addNgo(): Promise<void>;
  editRow(name: string): Promise<void>;
}

interface NgoListWords {
  ngos: string;
  addNgo: string;
  edit: string;
  moreActionsFor: (name: string) => string;
  isActive: (name: string) => string;
  isOrganizer: (name: string) => string;
}

/** Romanian from src/locales/ro/messages.po. */
export const NGO_LIST_WORDS: Words<NgoListWords> = {
  en: {
    ngos: "NGOs",
    addNgo: "Add NGO",
    edit: "Edit",
    moreActionsFor: (name) => `More actions for ${name}`,
    isActive: (name) => `${name} is active`,
    isOrganizer: (name) => `${name} is an organizer`,
  },
  ro: {
    ngos: "ONG-uri",
    addNgo: "Adaugă ONG",
    edit: "Editează",
    moreActionsFor: (name) => `Mai multe acțiuni pentru ${name}`,
    isActive: (name) => `${name} este activ`,
    isOrganizer: (name) => `${name} este organizator`,
  },
};

export const ngoListControls = (words = NGO_LIST_WORDS.en) => ({
  title: { role: "heading", level: 1 } satisfies Target,
  table: { role: "table", name: words.ngos } satisfies Target,
  row: { role: "row" } satisfies Target,
  rowHeader: (name?: string) => ({ role: "rowheader", name }) satisfies Target,
  cell: { role: "cell" } satisfies Target,
  columnHeader: { role: "columnheader" } satisfies Target,
  loading: { testId: "list-loading" } satisfies Target,
  active: (name: string) => ({ role: "checkbox", name: words.isActive(name) }) satisfies Target,
  organizer: (name: string) => ({ role: "checkbox", name: words.isOrganizer(name) }) satisfies Target,
  rowMenu: (name: string) => ({ role: "button", name: words.moreActionsFor(name) }) satisfies Target,
  menuItem: (action: string) => ({ role: "menuitem", name: action }) satisfies Target,
  edit: { role: "link", name: words.edit } satisfies Target,
  addNgo: { role: "link", name: words.addNgo } satisfies Target,
});
