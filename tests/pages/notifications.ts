/** The notifications screen (/notifications): the composer, its confirmation and result, and the history. */
import type { ControlState, Target, Words } from "./locators";

export interface Reach {
  addressed: number;
  reachable: number;
  notReachable: number;
}

/** Who a search finds at the stations: the observers who arrived there, or those assigned to them. */
export type Match = "arrived" | "assigned";
export const MATCHES: Match[] = ["arrived", "assigned"];

export interface Candidate {
  phone: string;
  /** The matched stations as shown ("CJ 15, CJ 16"), null for an observer chosen on another screen. */
  stations: string | null;
  device: boolean;
  selected: boolean;
}

export interface HistoryRow {
  title: string;
  audience: string;
  provider: string;
  recipients: number;
  /** The status badges, e.g. ["No device: 1", "Not pushed: 2"]. */
  delivery: string[];
}

export interface RecipientRow {
  name: string;
  status: string;
  reason: string;
}

export interface Notifications {
  title(): Promise<string | null>;
  /** The number in "3 observers selected". */
  selectedCount(): Promise<number | null>;
  candidateNames(): Promise<string[]>;
  candidate(name: string): Promise<Candidate | null>;
  /** The search's choice of who is found, null when neither is checked. */
  match(): Promise<Match | null>;
  /** The three numbers of the selected observers, null while none is selected. */
  selectedReach(): Promise<Reach | null>;
  sendSelectedLabel(): Promise<string | null>;
  /** "green" when what the send asks for is there, "gray" otherwise; "absent" when the button is not shown. */
  sendSelectedColor(): Promise<"green" | "gray" | "absent">;
  sendAllColor(): Promise<"green" | "gray" | "absent">;
  sendSelectedState(): Promise<ControlState>;
  isIncomplete(): Promise<boolean>;
  /** The warning that no push provider is configured, on the composer. */
  warnsOutbox(): Promise<boolean>;
  /** The confirmation's question, null while it is closed. */
  confirmQuestion(): Promise<string | null>;
  confirmReach(): Promise<Reach | null>;
  confirmWarnsOutbox(): Promise<boolean>;
  confirmState(): Promise<ControlState>;
  /** The numbers the server answered, null until sent. */
  result(): Promise<Reach | null>;
  resultText(): Promise<string | null>;
  failure(): Promise<string | null>;
  retryState(): Promise<ControlState>;
  historyRows(): Promise<HistoryRow[]>;
  recipientRows(): Promise<RecipientRow[]>;

  typeTitle(text: string): Promise<void>;
  typeMessage(text: string): Promise<void>;
  chooseCounty(code: string): Promise<void>;
  chooseStations(from: number | null, to: number | null): Promise<void>;
  /** Observers who arrived at the stations, or those assigned to them. */
  chooseMatch(match: Match): Promise<void>;
  search(): Promise<void>;
  reset(): Promise<void>;
  toggle(name: string): Promise<void>;
  selectAll(): Promise<void>;
  deselectAll(): Promise<void>;
  sendToSelected(): Promise<void>;
  sendToAll(): Promise<void>;
  confirm(): Promise<void>;
  cancel(): Promise<void>;
  retry(): Promise<void>;
  /** The refresh icon of an alert saying the observers or the history could not be loaded. */
  retryLoad(): Promise<void>;
  editAfterFailure(): Promise<void>;
  newNotification(): Promise<void>;
  openHistory(): Promise<void>;
  openCompose(): Promise<void>;
  /** Loads the history's page again in place (the refresh icon). */
  refreshHistory(): Promise<void>;
  openRecipients(title: string): Promise<void>;
  filterRecipients(status: string | null): Promise<void>;
}

interface NotificationWords {
  compose: string;
  history: string;
  title: string;
  message: string;
  county: string;
  from: string;
  to: string;
  which: string;
  matches: Record<Match, string>;
  search: string;
  reset: string;
  selectAll: string;
  deselectAll: string;
  select: (name: string) => string;
  found: string;
  sendSelected: RegExp;
  sendAll: string;
  confirmTitle: string;
  send: string;
  cancel: string;
  tryAgain: string;
  edit: string;
  newNotification: string;
  deviceRegistered: string;
  historyTable: string;
  recipientsOf: (title: string) => string;
  recipientsTable: string;
  status: string;
  refresh: string;
}

/** The screen's words in English and as src/locales/ro/messages.po translates them. */
export const NOTIFICATION_WORDS: Words<NotificationWords> = {
  en: {
    compose: "Compose",
    history: "History",
    title: "Title",
    message: "Message",
    county: "County",
    from: "Polling station from",
    to: "Polling station to",
    which: "Which observers",
    matches: { arrived: "Arrived at these stations", assigned: "Assigned to these stations" },
    search: "Search",
    reset: "Reset",
    selectAll: "Select all",
    deselectAll: "Deselect all",
    select: (name) => `Select ${name}`,
    found: "Observers found",
    sendSelected: /^Send to \d+ selected observers?$/,
    sendAll: "Send to all",
    confirmTitle: "Send notification",
    send: "Send",
    cancel: "Cancel",
    tryAgain: "Try again",
    edit: "Edit the notification",
    newNotification: "New notification",
    deviceRegistered: "Device registered",
    historyTable: "Notifications sent",
    recipientsOf: (title) => `Recipients of ${title}`,
    recipientsTable: "Recipients",
    status: "Status",
    refresh: "Refresh the list",
  },
  ro: {
    compose: "Compune",
    history: "Istoric",
    title: "Titlu",
    message: "Mesaj",
    county: "Județ",
    from: "Secția de votare de la",
    to: "Secția de votare până la",
    which: "Ce observatori",
    matches: { arrived: "Sosiți la aceste secții", assigned: "Repartizați la aceste secții" },
    search: "Caută",
    reset: "Resetează",
    selectAll: "Selectează tot",
    deselectAll: "Deselectează tot",
    select: (name) => `Selectează ${name}`,
    found: "Observatori găsiți",
    sendSelected: /^Trimite la \d+ (de )?observatori? selecta(t|ți)$/,
    sendAll: "Trimite tuturor",
    confirmTitle: "Trimite notificarea",
    send: "Trimite",
    cancel: "Anulează",
    tryAgain: "Încearcă din nou",
    edit: "Editează notificarea",
    newNotification: "Notificare nouă",
    deviceRegistered: "Dispozitiv înregistrat",
    historyTable: "Notificări trimise",
    recipientsOf: (title) => `Destinatari: ${title}`,
    recipientsTable: "Destinatari",
    status: "Stare",
    refresh: "Reîmprospătează lista",
  },
};

export const notificationControls = (words = NOTIFICATION_WORDS.en) => ({
  heading: { role: "heading", level: 1 } satisfies Target,
  composeTab: { role: "tab", name: words.compose } satisfies Target,
  historyTab: { role: "tab", name: words.history } satisfies Target,
  title: { role: "textbox", name: new RegExp(`^${words.title}`) } satisfies Target,
  message: { role: "textbox", name: new RegExp(`^${words.message}`) } satisfies Target,
  county: { role: "combobox", name: words.county } satisfies Target,
  from: { role: "combobox", name: words.from } satisfies Target,
  to: { role: "combobox", name: words.to } satisfies Target,
  option: (name: string | RegExp) => ({ role: "option", name }) satisfies Target,
  which: { role: "radiogroup", name: words.which } satisfies Target,
  match: (match: Match) => ({ role: "radio", name: words.matches[match] }) satisfies Target,
  search: { role: "button", name: words.search } satisfies Target,
  reset: { role: "button", name: words.reset } satisfies Target,
  selectAll: { role: "button", name: words.selectAll } satisfies Target,
  deselectAll: { role: "button", name: words.deselectAll } satisfies Target,
  found: { role: "list", name: words.found } satisfies Target,
  card: (name?: string) => ({ role: "listitem", name }) satisfies Target,
  select: (name: string) => ({ role: "checkbox", name: words.select(name) }) satisfies Target,
  stations: { testId: "candidate-stations" } satisfies Target,
  device: { text: words.deviceRegistered } satisfies Target,
  selectedCount: { testId: "selected-count" } satisfies Target,
  selectedReach: { testId: "selected-reach" } satisfies Target,
  sendSelected: { role: "button", name: words.sendSelected } satisfies Target,
  sendAll: { role: "button", name: words.sendAll } satisfies Target,
  incomplete: { testId: "incomplete" } satisfies Target,
  outbox: { testId: "outbox-warning" } satisfies Target,
  dialog: { role: "dialog", name: words.confirmTitle } satisfies Target,
  confirmReach: { testId: "confirm-reach" } satisfies Target,
  confirmOutbox: { testId: "confirm-outbox" } satisfies Target,
  send: { role: "button", name: words.send } satisfies Target,
  cancel: { role: "button", name: words.cancel } satisfies Target,
  result: { testId: "send-result" } satisfies Target,
  resultReach: { testId: "result-reach" } satisfies Target,
  failure: { testId: "send-failure" } satisfies Target,
  retry: { role: "button", name: words.tryAgain } satisfies Target,
  edit: { role: "button", name: words.edit } satisfies Target,
  newNotification: { role: "button", name: words.newNotification } satisfies Target,
  historyTable: { role: "table", name: words.historyTable } satisfies Target,
  recipients: (title: string) => ({ role: "button", name: words.recipientsOf(title) }) satisfies Target,
  recipientsTable: { role: "table", name: words.recipientsTable } satisfies Target,
  status: { role: "combobox", name: words.status } satisfies Target,
  refresh: { role: "button", name: words.refresh } satisfies Target,
  row: { role: "row" } satisfies Target,
  rowHeader: { role: "rowheader" } satisfies Target,
  cell: { role: "cell" } satisfies Target,
});
