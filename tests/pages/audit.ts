/** The activity log (/audit): its filters, the entries (a table, or cards on a phone) and the paging. */
import type { ControlState, Target, Words } from "./locators";

export interface AuditEntryReading {
  /** The instant the entry shows (its <time>'s dateTime). */
  at: string;
  /** "account · NGO". */
  who: string;
  what: string;
  subject: string;
  /** Where the subject's link leads, null when it is plain text. */
  link: string | null;
  deleted: boolean;
  /** Each change as it reads, "Name: Ana Popa → Ana Pop". */
  changes: string[];
}

export interface AuditFilterValues {
  subjectType: string;
  action: string;
  ngo: string;
  search: string;
}

export interface AuditLog {
  title(): Promise<string | null>;
  entries(): Promise<AuditEntryReading[]>;
  /** Each entry's time as shown: the local date and time, and the "… ago" under it. */
  shownTimes(): Promise<{ when: string; ago: string }[]>;
  /** "Showing 1 to 20 of 25". */
  range(): Promise<string | null>;
  paging(): Promise<{ previous: ControlState; next: ControlState }>;
  /** The loading indicator's text, null when nothing loads. */
  loading(): Promise<string | null>;
  /** The error shown instead of the entries, null without one. */
  loadError(): Promise<string | null>;
  /** What the page says when no entry is shown, null otherwise. */
  emptyText(): Promise<string | null>;
  refreshState(): Promise<ControlState>;
  filterValues(): Promise<AuditFilterValues>;
  /** The chip of the one record a History link narrowed the log to, null without one. */
  subjectChip(): Promise<string | null>;
  /** The options of the open select, as they read. */
  choices(): Promise<string[]>;
  /** What a non-organizer reads instead of the log, title and explanation; null when the log is shown. */
  refusal(): Promise<string | null>;

  /** Chooses the given filters (others stay as they are; "" clears one) and submits them. */
  filter(values: Partial<AuditFilterValues>): Promise<void>;
  resetFilter(): Promise<void>;
  openActionChoices(): Promise<void>;
  removeSubjectChip(): Promise<void>;
  nextPage(): Promise<void>;
  previousPage(): Promise<void>;
  refresh(): Promise<void>;
  retry(): Promise<void>;
  openSubject(label: string): Promise<void>;
}

interface AuditWords {
  title: string;
  entries: string;
  filterForm: string;
  subjectType: string;
  action: string;
  ngo: string;
  search: string;
  filter: string;
  reset: string;
  removeChip: RegExp;
  organizersOnly: string;
  tryAgain: string;
  next: string;
  previous: string;
  refresh: string;
}

/** The screen's words in English and as src/locales/ro/messages.po translates them. */
export const AUDIT_WORDS: Words<AuditWords> = {
  en: {
    title: "Activity log",
    entries: "Staff actions",
    filterForm: "Filter the activity log",
    subjectType: "Subject type",
    action: "Action",
    ngo: "NGO",
    search: "Name or account",
    filter: "Filter",
    reset: "Reset",
    removeChip: /^Remove the filter /,
    organizersOnly: "Organizers only",
    tryAgain: "Try again",
    next: "Next",
    previous: "Previous",
    refresh: "Refresh the list",
  },
  ro: {
    title: "Jurnal de activitate",
    entries: "Acțiunile personalului",
    filterForm: "Filtrează jurnalul de activitate",
    subjectType: "Tipul subiectului",
    action: "Acțiune",
    ngo: "ONG",
    search: "Nume sau cont",
    filter: "Filtrează",
    reset: "Resetează",
    removeChip: /^Elimină filtrul /,
    organizersOnly: "Doar pentru organizatori",
    tryAgain: "Încearcă din nou",
    next: "Următoarea",
    previous: "Anterioara",
    refresh: "Reîmprospătează lista",
  },
};

export const auditControls = (words = AUDIT_WORDS.en) => ({
  heading: { role: "heading", level: 1 } satisfies Target,
  table: { role: "table", name: words.entries } satisfies Target,
  cards: { role: "list", name: words.entries } satisfies Target,
  row: { role: "row" } satisfies Target,
  card: { role: "listitem" } satisfies Target,
  when: { testId: "audit-when" } satisfies Target,
  ago: { testId: "audit-ago" } satisfies Target,
  who: { testId: "audit-who" } satisfies Target,
  what: { testId: "audit-what" } satisfies Target,
  subject: { testId: "audit-subject-label" } satisfies Target,
  deleted: { testId: "audit-deleted" } satisfies Target,
  changes: { testId: "audit-changes" } satisfies Target,
  subjectLink: (label: string) => ({ role: "link", name: label }) satisfies Target,
  range: { testId: "list-range" } satisfies Target,
  loading: { testId: "list-loading" } satisfies Target,
  loadError: { role: "alert" } satisfies Target,
  retry: { role: "button", name: words.tryAgain } satisfies Target,
  empty: { testId: "audit-empty" } satisfies Target,
  next: { role: "button", name: words.next } satisfies Target,
  previous: { role: "button", name: words.previous } satisfies Target,
  refresh: { role: "button", name: words.refresh } satisfies Target,
  filterForm: { role: "search", name: words.filterForm } satisfies Target,
  subjectType: { role: "combobox", name: words.subjectType } satisfies Target,
  action: { role: "combobox", name: words.action } satisfies Target,
  ngo: { role: "combobox", name: words.ngo } satisfies Target,
  search: { role: "textbox", name: words.search } satisfies Target,
  option: (name: string) => ({ role: "option", name }) satisfies Target,
  options: { role: "option" } satisfies Target,
  filter: { role: "button", name: words.filter } satisfies Target,
  reset: { role: "button", name: words.reset } satisfies Target,
  subjectChip: { testId: "audit-subject-filter" } satisfies Target,
  removeChip: { role: "button", name: words.removeChip } satisfies Target,
  organizersOnly: { role: "heading", level: 1, name: words.organizersOnly } satisfies Target,
});
