import type { components } from "../../openapi/schema.d.ts";
import { DEMO_OBSERVERS } from "../src/demo/accounts.ts";
import type { SignedInServer } from "./fixtures.ts";

export type Form = components["schemas"]["Form"];
export type FormInput = components["schemas"]["FormInput"];
export type FormList = components["schemas"]["FormList"];

/** A token of the first demo observer (NGO 1), who may read published forms only. */
export async function observerToken(api: SignedInServer): Promise<string> {
  const { phone, pin } = DEMO_OBSERVERS[0]!;
  const response = await api.server.request("/api/v2/access/observer", { method: "POST", json: { phone, pin } });
  return ((await response.json()) as { access_token: string }).access_token;
}

/** The body an editor sends back after loading `form`: the same tree with its ids, based on its version. */
export function editable(form: Form): FormInput {
  return {
    id: form.id,
    baseVersion: form.currentVersion,
    code: form.code,
    description: form.description,
    diaspora: form.diaspora,
    draft: form.draft,
    currentVersion: form.currentVersion,
    formSections: form.formSections.map((section) => ({
      id: section.id,
      code: section.code,
      description: section.description,
      questions: section.questions.map((question) => ({
        id: question.id,
        code: question.code,
        text: question.text,
        questionType: question.questionType,
        optionsToQuestions: question.optionsToQuestions.map((option) => ({
          idOption: option.idOption,
          text: option.text,
          isFreeText: option.isFreeText,
          flagged: option.flagged,
        })),
      })),
    })),
  };
}

/** The tree without ids and order numbers: what a form says, independently of how it is stored. */
export function contentOf(form: Form | FormInput) {
  return {
    code: form.code,
    description: form.description,
    diaspora: form.diaspora,
    draft: form.draft,
    formSections: form.formSections.map((section) => ({
      code: section.code,
      description: section.description,
      questions: section.questions.map((question) => ({
        code: question.code,
        text: question.text,
        questionType: question.questionType,
        optionsToQuestions: question.optionsToQuestions.map((option) => ({
          text: option.text,
          isFreeText: option.isFreeText ?? false,
          flagged: option.flagged ?? false,
        })),
      })),
    })),
  };
}
