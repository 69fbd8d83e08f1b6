import type { FormDocument, OptionDraft, QuestionDraft, QuestionType } from "./form-document";

/** A question as the review names it: its section's title, code and text (ids only for what the server has). */
export interface QuestionLabel {
  id?: number;
  section: string;
  code: string;
  text: string;
}

export interface OptionLabel {
  question: QuestionLabel;
  idOption?: number;
  text: string;
}

export interface Renamed<T> {
  before: T;
  after: T;
}

/**
 * What publishing changes against the published form. Options of an added or removed question go with it and
 * are not listed again; moving an item is not a change (answers follow ids, not places).
 */
export interface PublishDiff {
  addedQuestions: QuestionLabel[];
  removedQuestions: QuestionLabel[];
  renamedQuestions: Renamed<QuestionLabel>[];
  retypedQuestions: { question: QuestionLabel; before: QuestionType; after: QuestionType }[];
  addedOptions: OptionLabel[];
  removedOptions: OptionLabel[];
  renamedOptions: Renamed<OptionLabel>[];
}

interface Located {
  label: QuestionLabel;
  question: QuestionDraft;
}

function questionsOf(document: FormDocument): Located[] {
  return document.sections.flatMap((section) =>
    section.questions.map((question) => ({
      question,
      label: { ...(question.id === undefined ? {} : { id: question.id }), section: section.description, code: question.code, text: question.text },
    })),
  );
}

const optionLabel = (question: QuestionLabel, option: OptionDraft): OptionLabel => ({
  question,
  ...(option.idOption === undefined ? {} : { idOption: option.idOption }),
  text: option.text,
});

// Type 4 is the original system's single choice: observers see no difference, so it is no change.
const observedType = (type: QuestionType): QuestionType => (type === 4 ? 1 : type);

function diffOptions(before: Located, after: Located, diff: PublishDiff): void {
  const published = new Map(before.question.options.flatMap((option) => (option.idOption === undefined ? [] : [[option.idOption, option] as const])));
  const kept = new Set<number>();
  for (const option of after.question.options) {
    const old = option.idOption === undefined ? undefined : published.get(option.idOption);
    if (!old) {
      diff.addedOptions.push(optionLabel(after.label, option));
      continue;
    }
    kept.add(old.idOption!);
    if (old.text !== option.text) diff.renamedOptions.push({ before: optionLabel(before.label, old), after: optionLabel(after.label, option) });
  }
  for (const option of before.question.options) {
    if (option.idOption !== undefined && !kept.has(option.idOption)) diff.removedOptions.push(optionLabel(after.label, option));
  }
}

/** Compares the published form (null when it never was) with the one about to be published, by server ids. */
export function diffForPublish(published: FormDocument | null, next: FormDocument): PublishDiff {
  const diff: PublishDiff = {
    addedQuestions: [],
    removedQuestions: [],
    renamedQuestions: [],
    retypedQuestions: [],
    addedOptions: [],
    removedOptions: [],
    renamedOptions: [],
  };
  const before = published ? questionsOf(published) : [];
  const byId = new Map(before.flatMap((located) => (located.question.id === undefined ? [] : [[located.question.id, located] as const])));
  const kept = new Set<number>();
  for (const after of questionsOf(next)) {
    const old = after.question.id === undefined ? undefined : byId.get(after.question.id);
    if (!old) {
      diff.addedQuestions.push(after.label);
      continue;
    }
    kept.add(after.question.id!);
    if (old.question.code !== after.question.code || old.question.text !== after.question.text) {
      diff.renamedQuestions.push({ before: old.label, after: after.label });
    }
    if (observedType(old.question.questionType) !== observedType(after.question.questionType)) {
      diff.retypedQuestions.push({ question: after.label, before: old.question.questionType, after: after.question.questionType });
    }
    diffOptions(old, after, diff);
  }
  diff.removedQuestions = before.filter((located) => located.question.id !== undefined && !kept.has(located.question.id)).map((located) => located.label);
  return diff;
}

/** True when publishing changes nothing the review lists (wording of sections or flags may still change). */
export function isEmptyDiff(diff: PublishDiff): boolean {
  return Object.values(diff).every((list: unknown[]) => list.length === 0);
}
