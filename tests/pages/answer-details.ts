/** The details pane of an answer thread (/answers/details/:observer/:station), beside the threads list. */
import type { Target } from "./locators";

/** One question of the form shown: "A1 Did the station open on time?", its checked options and its notes button. */
export interface QuestionView {
  name: string;
  checked: string[];
  notes: string;
}

/** The pane as a user reads it at one moment, its triage panel left aside (tests/pages/thread-triage.ts reads it). */
export type DetailsView =
  | { phase: "loading" }
  | { phase: "failed"; alerts: string[] }
  | {
      phase: "loaded";
      /** Every alert of the pane, top to bottom: the station facts' error, the form's. */
      alerts: string[];
      /** The facts' rows (label, value); or, without a table, what the block says instead. */
      facts: string[][] | string;
      /** The notes about the station, each as its time and text. */
      stationNotes: string[];
      tabs: string[];
      selectedTab: string | null;
      /** "The observer answered no questions at this station." */
      noForms: boolean;
      /** The selected tab: a loader, or its form's questions. */
      form: { loading: boolean; questions: QuestionView[] };
    };

export interface AnswerDetails {
  view(): Promise<DetailsView>;
  /** Opens a thread from the list beside the pane, by its key "observer-station". */
  openThread(key: string): Promise<void>;
  chooseTab(title: string): Promise<void>;
  /** The pane's Try again, after its answers or notes failed. */
  retry(): Promise<void>;
  /** The selected tab's Try again, after its form failed. */
  retryForm(): Promise<void>;
}

export const DETAILS_WORDS = {
  pane: "Answer details",
  triage: "Triage",
  stationFacts: "Station facts",
  stationNotes: "Station notes",
  noNotes: "No notes about the station itself.",
  noForms: "The observer answered no questions at this station.",
  retry: "Try again",
};

export const detailsControls = (words = DETAILS_WORDS) => ({
  pane: { role: "region", name: words.pane } satisfies Target,
  triage: { role: "region", name: words.triage } satisfies Target,
  loading: { testId: "list-loading" } satisfies Target,
  alert: { role: "alert" } satisfies Target,
  stationFacts: { role: "region", name: words.stationFacts } satisfies Target,
  stationNotes: { role: "region", name: words.stationNotes } satisfies Target,
  rowHeader: { role: "rowheader" } satisfies Target,
  cell: { role: "cell" } satisfies Target,
  row: { role: "row" } satisfies Target,
  note: { role: "listitem" } satisfies Target,
  noForms: { text: words.noForms } satisfies Target,
  tab: { role: "tab" } satisfies Target,
  tabNamed: (title: string) => ({ role: "tab", name: title }) satisfies Target,
  tabPanel: { role: "tabpanel" } satisfies Target,
  question: { role: "article" } satisfies Target,
  option: { role: "checkbox" } satisfies Target,
  notesToggle: { role: "button", name: /notes \(\d+\)$/ } satisfies Target,
  retry: { role: "button", name: words.retry } satisfies Target,
  thread: { testId: "answer-thread" } satisfies Target,
});
