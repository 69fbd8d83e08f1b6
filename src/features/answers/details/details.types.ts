import type { components } from "../../../api/schema";

export type FilledInQuestion = components["schemas"]["FilledInQuestion"];
export type CompletedAnswer = components["schemas"]["CompletedAnswer"];
export type Note = components["schemas"]["Note"];
export type StationFacts = components["schemas"]["AnswerExtra"];
export type FormSummary = components["schemas"]["FormSummary"];
export type FullForm = components["schemas"]["Form"];

/** The thread the pane shows: one observer at one polling station. */
export interface Thread {
  observerId: number;
  pollingStationId: number;
}

/** What the answers load brings: the answered questions and the forms' metadata, for the tab titles. */
export interface AnsweredForms {
  questions: FilledInQuestion[];
  forms: FormSummary[];
}

/** One tab: a form the observer answered, titled by its description (its code when the form is not listed). */
export interface FormTab {
  formId: number;
  title: string;
}
