import type { FormDocument } from "./form-document";

/**
 * What the editor checks before it sends a form, with the contract's bounds (openapi FormInput): the server
 * checks the same, but a user should hear about an empty code before a round trip, at the field.
 */
export type ProblemCode = "required" | "requiredToPublish" | "tooLong" | "duplicate" | "noSections";

/** A draft may keep a section without a title (as the original's files have them); observers only get named ones. */
export type SavePurpose = "draft" | "publish";

/** A field of the document: the form's own, or one of a section, question or option (by its key). */
export type FieldAddress =
  | { of: "form"; field: "code" | "description" | "sections" }
  | { of: "section"; key: string; field: "code" | "description" }
  | { of: "question"; key: string; field: "code" | "text" }
  | { of: "option"; key: string; field: "text" };

export interface FormProblem {
  at: FieldAddress;
  code: ProblemCode;
  /** The bound the value passed, for "tooLong". */
  max?: number;
}

/** The DOM id of a field's input: the problem summary links to it and focuses it. */
export function fieldId(at: FieldAddress): string {
  return at.of === "form" ? `form-${at.field}` : `${at.of}-${at.key}-${at.field}`;
}

const LIMITS = { formCode: 20, formDescription: 200, sectionCode: 10, sectionDescription: 200, questionCode: 10, text: 1000 };

function checkText(problems: FormProblem[], at: FieldAddress, value: string, max: number) {
  if (value.trim() === "") problems.push({ at, code: "required" });
  else if ([...value].length > max) problems.push({ at, code: "tooLong", max });
}

/** Every problem that stops this save, in the order the fields appear on screen (the summary lists them so). */
export function validateDocument(document: FormDocument, purpose: SavePurpose): FormProblem[] {
  const problems: FormProblem[] = [];
  checkText(problems, { of: "form", field: "description" }, document.description, LIMITS.formDescription);
  checkText(problems, { of: "form", field: "code" }, document.code, LIMITS.formCode);
  if (document.sections.length === 0) problems.push({ at: { of: "form", field: "sections" }, code: "noSections" });
  const sectionCodes = new Set<string>();
  const questionCodes = new Set<string>();
  const unique = (seen: Set<string>, at: FieldAddress, code: string) => {
    const normal = code.trim();
    if (normal === "") return;
    if (seen.has(normal)) problems.push({ at, code: "duplicate" });
    seen.add(normal);
  };
  for (const section of document.sections) {
    const sectionAt = (field: "code" | "description"): FieldAddress => ({ of: "section", key: section.key, field });
    if (section.description.trim() !== "") checkText(problems, sectionAt("description"), section.description, LIMITS.sectionDescription);
    else if (purpose === "publish") problems.push({ at: sectionAt("description"), code: "requiredToPublish" });
    checkText(problems, sectionAt("code"), section.code, LIMITS.sectionCode);
    unique(sectionCodes, sectionAt("code"), section.code);
    for (const question of section.questions) {
      const questionAt = (field: "code" | "text"): FieldAddress => ({ of: "question", key: question.key, field });
      checkText(problems, questionAt("code"), question.code, LIMITS.questionCode);
      unique(questionCodes, questionAt("code"), question.code);
      checkText(problems, questionAt("text"), question.text, LIMITS.text);
      for (const option of question.options) checkText(problems, { of: "option", key: option.key, field: "text" }, option.text, LIMITS.text);
    }
  }
  return problems;
}

/**
 * The server's verdict on a save, read back onto the document that was sent: its field paths
 * (`formSections[1].questions[0].code`) name items by position, the editor by key.
 */
export function problemsFromServer(fieldErrors: Readonly<Record<string, readonly string[]>>, sent: FormDocument): FormProblem[] {
  const problems: FormProblem[] = [];
  for (const [path, codes] of Object.entries(fieldErrors)) {
    const at = addressOf(path, sent);
    if (!at) continue;
    const code = codes.includes("duplicate") ? "duplicate" : codes.includes("tooLong") || codes.includes("maxLength") ? "tooLong" : "required";
    problems.push({ at, code });
  }
  return problems;
}

function addressOf(path: string, document: FormDocument): FieldAddress | null {
  if (path === "code" || path === "description") return { of: "form", field: path };
  if (path === "formSections") return { of: "form", field: "sections" };
  const match = /^formSections\[(\d+)\](?:\.questions\[(\d+)\](?:\.optionsToQuestions\[(\d+)\])?)?\.(\w+)$/.exec(path);
  if (!match) return null;
  const [, s, q, o, field] = match;
  const section = document.sections[Number(s)];
  if (!section) return null;
  if (q === undefined) return field === "code" || field === "description" ? { of: "section", key: section.key, field } : null;
  const question = section.questions[Number(q)];
  if (!question) return null;
  if (o === undefined) return field === "code" || field === "text" ? { of: "question", key: question.key, field } : null;
  const option = question.options[Number(o)];
  return option && field === "text" ? { of: "option", key: option.key, field } : null;
}
