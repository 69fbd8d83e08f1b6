import type { components } from "../../../../openapi/schema.d.ts";

/** 0 multiple choice, 1 single choice, 2 single choice with text, 3 multiple choice with text (4: legacy single). */
export type QuestionType = components["schemas"]["QuestionType"];

/**
 * The form as the editor holds it. Every section, question and option carries a `key` that stays the same while
 * it is edited and moved (lists, drag and drop and focus follow it); `id`/`idOption` are the server's, absent for
 * what was added since the last save.
 */
export interface OptionDraft {
  key: string;
  idOption?: number;
  text: string;
  isFreeText: boolean;
  flagged: boolean;
}

export interface QuestionDraft {
  key: string;
  id?: number;
  code: string;
  text: string;
  questionType: QuestionType;
  options: OptionDraft[];
}

export interface SectionDraft {
  key: string;
  id?: number;
  code: string;
  description: string;
  questions: QuestionDraft[];
}

export interface FormDocument {
  code: string;
  description: string;
  diaspora: boolean;
  sections: SectionDraft[];
}

/** Moves the item at `from` so that it ends up at index `to` of the result: a move, never a swap. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= items.length || to < 0 || to >= items.length || from === to) return [...items];
  const result = [...items];
  const [item] = result.splice(from, 1);
  result.splice(to, 0, item as T);
  return result;
}

/**
 * After a save, the items added since the last one get the ids the server gave them, matched by position (the
 * server keeps the order it was sent); keys stay, so nothing on screen is replaced. A shape that does not match
 * (it cannot, unless the server changed the form) takes the server's document as it is.
 */
export function withServerIds(shown: FormDocument, saved: FormDocument): FormDocument {
  const sameShape =
    shown.sections.length === saved.sections.length &&
    shown.sections.every((section, s) => {
      const other = saved.sections[s]!;
      return (
        section.questions.length === other.questions.length &&
        section.questions.every((question, q) => question.options.length === other.questions[q]!.options.length)
      );
    });
  if (!sameShape) return saved;
  return {
    ...shown,
    sections: shown.sections.map((section, s) => {
      const savedSection = saved.sections[s]!;
      return {
        ...section,
        id: savedSection.id,
        questions: section.questions.map((question, q) => {
          const savedQuestion = savedSection.questions[q]!;
          return {
            ...question,
            id: savedQuestion.id,
            options: question.options.map((option, o) => ({ ...option, idOption: savedQuestion.options[o]!.idOption })),
          };
        }),
      };
    }),
  };
}

const sameOption = (a: OptionDraft, b: OptionDraft) =>
  a === b || (a.key === b.key && a.idOption === b.idOption && a.text === b.text && a.isFreeText === b.isFreeText && a.flagged === b.flagged);

const sameQuestion = (a: QuestionDraft, b: QuestionDraft) =>
  a === b ||
  (a.key === b.key &&
    a.id === b.id &&
    a.code === b.code &&
    a.text === b.text &&
    a.questionType === b.questionType &&
    a.options.length === b.options.length &&
    a.options.every((option, index) => sameOption(option, b.options[index]!)));

const sameSection = (a: SectionDraft, b: SectionDraft) =>
  a === b ||
  (a.key === b.key &&
    a.id === b.id &&
    a.code === b.code &&
    a.description === b.description &&
    a.questions.length === b.questions.length &&
    a.questions.every((question, index) => sameQuestion(question, b.questions[index]!)));

/**
 * The same form, whether or not it is the same object: typing a text back to what it was is not an unsaved
 * change. Cheap on large forms, since commands share every part they did not touch.
 */
export function isSameDocument(a: FormDocument, b: FormDocument): boolean {
  return (
    a === b ||
    (a.code === b.code &&
      a.description === b.description &&
      a.diaspora === b.diaspora &&
      a.sections.length === b.sections.length &&
      a.sections.every((section, index) => sameSection(section, b.sections[index]!)))
  );
}
