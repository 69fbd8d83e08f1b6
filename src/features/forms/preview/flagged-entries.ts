import type { FormDocument } from "../editor/form-document";

export interface FlaggedEntry {
  key: string;
  section: string;
  question: string;
  option: string;
}

/** A question as lists name it: "A1.2. Text", or the text alone while it has no code. */
export const questionTitle = (question: { code: string; text: string }) => (question.code ? `${question.code}. ${question.text}` : question.text);

/** Every flagged option in form order, with the section and question it belongs to. */
export function flaggedEntries(document: FormDocument): FlaggedEntry[] {
  return document.sections.flatMap((section) =>
    section.questions.flatMap((question) =>
      question.options
        .filter((option) => option.flagged)
        .map((option) => ({ key: option.key, section: section.description || section.code, question: questionTitle(question), option: option.text })),
    ),
  );
}
