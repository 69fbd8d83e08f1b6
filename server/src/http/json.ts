import { fail } from "../problem.ts";

/**
 * How deep a client's JSON may nest arrays and objects. The deepest body the contract takes is a form (saveForm,
 * importForm): form → formSections → section → questions → question → optionsToQuestions → option, 7 levels;
 * 32 leaves room for that shape to grow while keeping every walk of a body (ajv, the text checks) shallow.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether JSON text nests deeper than `limit`, read in one pass over the characters (brackets inside strings do
 * not count), so that a body nested 20,000 deep is refused without any recursion. Text that is not JSON may give
 * any answer: JSON.parse refuses it next.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c) index++; // a backslash: the next character is escaped, even a quote
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      if (++depth > limit) return true;
    } else if (char === 0x5d || char === 0x7d) depth--;
  }
  return false;
}

/** The one parser of JSON a client sends: too deep or malformed text is a 400 on `body`. */
export function parseClientJson(text: string): unknown {
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    throw fail.validation(
      { body: [{ code: "invalid", message: `must not nest arrays and objects more than ${MAX_JSON_DEPTH} levels deep` }] },
      "The request body is nested too deeply.",
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw fail.validation({ body: [{ code: "type", message: "is not well-formed JSON" }] }, "The request body is not valid JSON.");
  }
}
