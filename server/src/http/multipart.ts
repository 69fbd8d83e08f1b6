import { parseBody } from "hono/utils/body";
import { fail, type FieldError } from "../problem.ts";
import { fieldErrorMap, MAX_INTEGER, textError } from "./validation.ts";

/** A multipart field as Hono parses it with `all: true`: absent, sent once, or repeated. */
export type FieldValue = string | File | (string | File)[] | undefined;
export type FieldErrors = Record<string, FieldError[]>;

/**
 * Parses a multipart body (the router validates JSON bodies only) and reports every field the operation does not
 * take and every text the database could not store (the router's rule for JSON strings); the caller reads the
 * fields it knows into the same error map.
 */
export async function parseMultipart(request: Request, fields: ReadonlySet<string>): Promise<{ body: Record<string, FieldValue>; errors: FieldErrors }> {
  let body: Record<string, FieldValue>;
  try {
    body = await parseBody(request, { all: true });
  } catch {
    throw fail.validation({ body: [{ code: "type", message: "must be well-formed multipart/form-data" }] });
  }
  const errors: FieldErrors = fieldErrorMap();
  for (const [name, value] of Object.entries(body)) {
    if (!fields.has(name)) {
      errors[name] = [{ code: "additionalProperties", message: "is not allowed" }];
      continue;
    }
    const values = Array.isArray(value) ? value : [value];
    values.forEach((item, index) => {
      if (item === undefined) return;
      // A file's name is refused only when ill-formed: a NUL in it is for the handler that keeps the name to replace.
      const error = textError(typeof item === "string" ? item : item.name.replaceAll("\u0000", ""));
      if (error) errors[Array.isArray(value) ? `${name}[${index}]` : name] = [error];
    });
  }
  return { body, errors };
}

/** A field sent once, or undefined when absent; a repeated field is an error. */
export function readSingle(name: string, value: FieldValue, errors: FieldErrors): string | File | undefined {
  if (!Array.isArray(value)) return value;
  errors[name] = [{ code: "type", message: "must be sent once" }];
  return undefined;
}

/** A field sent once as text, or undefined when absent; a repeated field or a file is an error. */
export function readText(name: string, value: FieldValue, errors: FieldErrors): string | undefined {
  const single = readSingle(name, value, errors);
  if (single === undefined || typeof single === "string") return single;
  errors[name] = [{ code: "type", message: "must be text" }];
  return undefined;
}

/** A positive integer id written in digits that fits the database's integer, or undefined when absent or wrong. */
export function readId(name: string, value: FieldValue, errors: FieldErrors): number | undefined {
  const single = readSingle(name, value, errors);
  if (single === undefined) return undefined;
  if (typeof single !== "string" || !/^\s*\d+\s*$/.test(single)) {
    errors[name] = [{ code: "type", message: "must be an integer" }];
    return undefined;
  }
  const id = Number(single);
  if (id < 1 || id > MAX_INTEGER) {
    errors[name] = [{ code: id < 1 ? "minimum" : "maximum", message: id < 1 ? "must be >= 1" : "is too large" }];
    return undefined;
  }
  return id;
}
