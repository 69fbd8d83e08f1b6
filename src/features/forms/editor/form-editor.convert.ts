import type { components } from "../../../../openapi/schema.d.ts";
import type { FormDocument } from "./form-document";
import type { SavedForm, SaveFormInput } from "./form-editor.machine";

type Form = components["schemas"]["Form"];
type FormInput = components["schemas"]["FormInput"];

/**
 * The server's form as the editor holds it. Keys come from the server's ids, so the same form loaded twice gives
 * the same keys (a restored working copy then lines up with it); an option's id is only unique in its question.
 */
export function fromForm(form: Form): SavedForm {
  return {
    id: form.id,
    version: form.currentVersion,
    published: !form.draft,
    document: {
      code: form.code,
      description: form.description,
      diaspora: form.diaspora,
      sections: form.formSections.map((section) => ({
        key: `s${section.id}`,
        id: section.id,
        code: section.code,
        description: section.description,
        questions: section.questions.map((question) => ({
          key: `q${question.id}`,
          id: question.id,
          code: question.code,
          text: question.text,
          questionType: question.questionType,
          options: question.optionsToQuestions.map((option) => ({
            key: `q${question.id}o${option.idOption}`,
            idOption: option.idOption,
            text: option.text,
            isFreeText: option.isFreeText,
            flagged: option.flagged,
          })),
        })),
      })),
    },
  };
}

const withId = <Key extends string>(key: Key, id: number | undefined) => (id === undefined ? {} : ({ [key]: id } as Record<Key, number>));

/** The body of saveForm: ids where the server knows the item, `baseVersion` for an update (stale saves are refused). */
export function toFormInput({ id, baseVersion, document, draft }: SaveFormInput): FormInput {
  return {
    ...withId("id", id ?? undefined),
    ...withId("baseVersion", id === null ? undefined : (baseVersion ?? undefined)),
    code: document.code,
    description: document.description,
    diaspora: document.diaspora,
    draft,
    // Required by the generated type (it has a default); the server only reads it for a new form.
    currentVersion: baseVersion ?? 1,
    formSections: document.sections.map((section) => ({
      ...withId("id", section.id),
      code: section.code,
      description: section.description,
      questions: section.questions.map((question) => ({
        ...withId("id", question.id),
        code: question.code,
        text: question.text,
        questionType: question.questionType,
        optionsToQuestions: question.options.map((option) => ({
          ...withId("idOption", option.idOption),
          text: option.text,
          isFreeText: option.isFreeText,
          flagged: option.flagged,
        })),
      })),
    })),
  };
}

/** A new form starts with the spec's Romanian default title. */
export const BLANK_FORM: FormDocument = { code: "", description: "Adaugă formular nou", diaspora: false, sections: [] };
