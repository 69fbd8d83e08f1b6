import type { components } from "../../../openapi/schema.d.ts";
import { fieldErrorMap } from "../http/validation.ts";
import type { FieldError } from "../problem.ts";

export type FormInput = components["schemas"]["FormInput"];

/** The ids a form holds today, which the body may refer to; empty for a new form. */
export interface StoredTree {
  sectionIds: ReadonlySet<number>;
  questionIds: ReadonlySet<number>;
  /** Option ids by question id: an option is matched within its own question only. */
  optionIdsByQuestion: ReadonlyMap<number, ReadonlySet<number>>;
}

export const EMPTY_TREE: StoredTree = { sectionIds: new Set(), questionIds: new Set(), optionIdsByQuestion: new Map() };

const sectionPath = (s: number) => `formSections[${s}]`;
const questionPath = (s: number, q: number) => `${sectionPath(s)}.questions[${q}]`;
const optionPath = (s: number, q: number, o: number) => `${questionPath(s, q)}.optionsToQuestions[${o}]`;

/** Records a value at a path and reports the path of every later repeat, so the client can point at the field. */
function repeats() {
  const seen = new Map<string | number, string>();
  return (value: string | number, path: string, errors: Record<string, FieldError[]>, what: string) => {
    const first = seen.get(value);
    if (first === undefined) seen.set(value, path);
    else (errors[path] ??= []).push({ code: "duplicate", message: `${what} ${value} is also used at ${first}.` });
  };
}

/** Section codes and question codes are unique within the form (answers and exports name questions by code). */
export function checkCodes(input: FormInput): Record<string, FieldError[]> {
  const errors = fieldErrorMap();
  const sectionCode = repeats();
  const questionCode = repeats();
  input.formSections.forEach((section, s) => {
    sectionCode(section.code.trim(), `${sectionPath(s)}.code`, errors, "Section code");
    section.questions.forEach((question, q) => questionCode(question.code.trim(), `${questionPath(s, q)}.code`, errors, "Question code"));
  });
  return errors;
}

function unknownId(errors: Record<string, FieldError[]>, path: string, what: string, id: number) {
  (errors[path] ??= []).push({ code: "not_found", message: `There is no ${what} with id ${id} in this form.` });
}

/** Every id in the body names a stored child of this form (options: of the same question), and names it once. */
export function checkIds(input: FormInput, stored: StoredTree): Record<string, FieldError[]> {
  const errors = fieldErrorMap();
  const sectionId = repeats();
  const questionId = repeats();
  input.formSections.forEach((section, s) => {
    if (section.id !== undefined) {
      if (stored.sectionIds.has(section.id)) sectionId(section.id, `${sectionPath(s)}.id`, errors, "Section id");
      else unknownId(errors, `${sectionPath(s)}.id`, "section", section.id);
    }
    section.questions.forEach((question, q) => {
      if (question.id !== undefined) {
        if (stored.questionIds.has(question.id)) questionId(question.id, `${questionPath(s, q)}.id`, errors, "Question id");
        else unknownId(errors, `${questionPath(s, q)}.id`, "question", question.id);
      }
      const ownOptions = question.id === undefined ? undefined : stored.optionIdsByQuestion.get(question.id);
      const optionId = repeats();
      question.optionsToQuestions.forEach((option, o) => {
        if (option.idOption === undefined) return;
        const path = `${optionPath(s, q, o)}.idOption`;
        if (ownOptions?.has(option.idOption)) optionId(option.idOption, path, errors, "Option id");
        else unknownId(errors, path, "option of this question", option.idOption);
      });
    });
  });
  return errors;
}
