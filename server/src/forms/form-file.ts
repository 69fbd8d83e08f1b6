import type { components } from "../../../openapi/schema.d.ts";
import { loadContract } from "../http/contract.ts";
import { createValidators, type OperationValidators } from "../http/validation.ts";
import { fail } from "../problem.ts";
import type { Form } from "./read.ts";
import { checkCodes, type FormInput } from "./tree-check.ts";

/** The form as a file: the body that would create the same form, so ids, order numbers and position are left out. */
export function toFormFile(form: Form): FormInput {
  return {
    code: form.code,
    description: form.description,
    diaspora: form.diaspora,
    draft: form.draft,
    currentVersion: form.currentVersion,
    formSections: form.formSections.map((section) => ({
      code: section.code,
      description: section.description,
      questions: section.questions.map((question) => ({
        code: question.code,
        text: question.text,
        questionType: question.questionType,
        optionsToQuestions: question.optionsToQuestions.map(({ text, isFreeText, flagged }) => ({ text, isFreeText, flagged })),
      })),
    })),
  };
}

export const fileName = (code: string) => `form-${code.replace(/[^\w.-]+/g, "_")}.json`;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/** Keeps the named properties that are present; a value that is not an object is kept for the schema to report. */
function pick(value: unknown, keys: readonly string[], children?: { key: string; map: (item: unknown) => unknown }): unknown {
  if (!isObject(value)) return value;
  const picked: Json = {};
  for (const key of keys) if (value[key] !== undefined) picked[key] = value[key];
  if (children && Array.isArray(value[children.key])) picked[children.key] = (value[children.key] as unknown[]).map(children.map);
  return picked;
}

// The original's sample files say `isFlagged` where its FormDTO says `flagged`.
const option = (value: unknown) =>
  isObject(value) && value.flagged === undefined && value.isFlagged !== undefined
    ? pick({ ...value, flagged: value.isFlagged }, ["text", "isFreeText", "flagged"])
    : pick(value, ["text", "isFreeText", "flagged"]);
const question = (value: unknown) =>
  pick(value, ["code", "text", "questionType", "optionsToQuestions"], { key: "optionsToQuestions", map: option });
const section = (value: unknown) => pick(value, ["code", "description", "questions"], { key: "questions", map: question });

let saveFormValidators: OperationValidators | undefined;
// The file is held to exactly the rules of a saveForm body, read from the contract like every request's.
const validateAsSaveForm = (candidate: unknown) =>
  (saveFormValidators ??= createValidators(loadContract()).get("saveForm")!).json(candidate);

export type FormFileFill = components["schemas"]["FormFileFill"];

/** What the file left out and the import filled in, said back so that whoever imports it is not surprised. */
function fillsOf(file: Json, input: FormInput): FormFileFill[] {
  const fills: FormFileFill[] = [];
  if (file.diaspora === undefined) fills.push({ code: "diaspora_absent", message: "diaspora not in the file: national form." });
  if (file.currentVersion === undefined) fills.push({ code: "version_absent", message: "currentVersion not in the file: version 1." });
  const untitled = input.formSections.filter((section) => section.description.trim() === "").length;
  if (untitled > 0) {
    const message = `${untitled} section${untitled === 1 ? "" : "s"} without a title (needed before publishing).`;
    fills.push({ code: "sections_untitled", count: untitled, message });
  }
  return fills;
}

/**
 * Reads an exported file or an original FormDTO into the body of a new draft form and what it filled in, or reports
 * every problem by its path in the file (400). Ids and everything else the body of a new form does not take are
 * dropped; an absent `diaspora` is false (the original's files leave it out), as an absent `currentVersion` is 1.
 */
export function readFormFile(file: Json): { input: FormInput; filledIn: FormFileFill[] } {
  const picked = pick(file, ["code", "description", "diaspora", "currentVersion", "formSections"], { key: "formSections", map: section });
  const candidate = { diaspora: false, ...(picked as Json), draft: true };
  const result = validateAsSaveForm(candidate);
  // Codes are compared only in a well-formed tree; ajv has filled the defaults (currentVersion 1) into it.
  const errors = result.ok ? checkCodes(candidate as FormInput) : result.errors;
  if (Object.keys(errors).length > 0) throw fail.validation(errors, "The file is not a valid form; nothing was saved.");
  const input = candidate as FormInput;
  return { input, filledIn: fillsOf(file, input) };
}
