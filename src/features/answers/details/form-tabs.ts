import type { FilledInQuestion, FormSummary, FormTab } from "./details.types";

/** One tab per answered form, in the order the answers come (form order), titled by the form's description. */
export function formTabsOf(questions: readonly FilledInQuestion[], forms: readonly FormSummary[]): FormTab[] {
  const tabs: FormTab[] = [];
  for (const question of questions) {
    if (tabs.some((tab) => tab.formId === question.formId)) continue;
    const form = forms.find((candidate) => candidate.id === question.formId);
    tabs.push({ formId: question.formId, title: form?.description || question.formCode });
  }
  return tabs;
}
