import type { SnapshotFrom } from "xstate";
import type { detailsMachine } from "./details.machine";
import type { CompletedAnswer, FilledInQuestion, Note } from "./details.types";

type DetailsSnapshot = SnapshotFrom<typeof detailsMachine>;

export const selectIsLoading = (snapshot: DetailsSnapshot) => snapshot.hasTag("busy");
export const selectLoadError = (snapshot: DetailsSnapshot) => (snapshot.matches("failed") ? snapshot.context.error : null);
export const selectHasNoForms = (snapshot: DetailsSnapshot) => snapshot.matches({ loaded: "noForms" });
export const selectForms = (snapshot: DetailsSnapshot) => snapshot.context.forms;
export const selectSelectedFormId = (snapshot: DetailsSnapshot) => snapshot.context.selectedFormId;
export const selectFormIsLoading = (snapshot: DetailsSnapshot) => snapshot.hasTag("formBusy");
export const selectFormError = (snapshot: DetailsSnapshot) => (snapshot.matches({ loaded: "formFailed" }) ? snapshot.context.formError : null);
export const selectStation = (snapshot: DetailsSnapshot) => snapshot.context.station;
export const selectStationError = (snapshot: DetailsSnapshot) => snapshot.context.stationError;
export const selectQuestions = (snapshot: DetailsSnapshot) => snapshot.context.questions;
export const selectNotes = (snapshot: DetailsSnapshot) => snapshot.context.notes;

/** The answers to each question of a form, by question id: only answered questions are there. */
export function answersByQuestion(questions: readonly FilledInQuestion[], formId: number): Map<number, CompletedAnswer[]> {
  return new Map(questions.filter((question) => question.formId === formId).map((question) => [question.id, question.answers]));
}

/** The notes about one question. */
export const notesOfQuestion = (notes: readonly Note[], questionId: number) => notes.filter((note) => note.questionId === questionId);

/** The notes about the station itself, tied to no question. */
export const stationNotes = (notes: readonly Note[]) => notes.filter((note) => note.questionId === null);
