import { describe, expect, it } from "vitest";
import { loadContract } from "../../../src/http/contract.ts";
import { createValidators } from "../../../src/http/validation.ts";
import { ANSWER_WINDOWS, DEMO_FORMS } from "../../../src/demo/content/forms.ts";

describe("DEMO_FORMS", () => {
  const saveForm = createValidators(loadContract()).get("saveForm")!;

  it.each(DEMO_FORMS.map((form) => [form.code, form] as const))("form %s is a valid saveForm body", (_, form) => {
    // The validator fills in defaults: give it a copy so that the fixture stays as written.
    expect(saveForm.json(structuredClone(form))).toEqual({ ok: true, value: form });
  });

  it("is checked for real: a stray field is refused", () => {
    expect(saveForm.json({ ...structuredClone(DEMO_FORMS[0]!), window: [5.5, 7.5] }).ok).toBe(false);
  });

  it.each(DEMO_FORMS.map((form) => [form.code, form] as const))("form %s has unique section and question codes", (_, form) => {
    const sections = form.formSections.map((section) => section.code);
    const questions = form.formSections.flatMap((section) => section.questions.map((question) => question.code));
    expect(new Set(sections).size).toBe(sections.length);
    expect(new Set(questions).size).toBe(questions.length);
  });

  it("has unique form codes, and an answer window for every published form", () => {
    const codes = DEMO_FORMS.map((form) => form.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(Object.keys(ANSWER_WINDOWS).sort()).toEqual(DEMO_FORMS.filter((form) => !form.draft).map((form) => form.code).sort());
  });
});
