import { parseBody } from "hono/utils/body";
import { fail, type FieldError } from "../problem.ts";
import { fieldErrorMap, MAX_INTEGER } from "../http/validation.ts";

/** The multipart fields of importObservers as typed values; the router validates JSON bodies only. */
export interface ImportForm {
  file: File;
  ngoId?: number;
  dryRun: boolean;
}

const FIELDS = new Set(["file", "ngoId", "ongId", "dryRun"]);

type FieldValue = string | File | (string | File)[] | undefined;
type Errors = Record<string, FieldError[]>;

export async function readImportForm(request: Request): Promise<ImportForm> {
  let body: Record<string, FieldValue>;
  try {
    body = await parseBody(request, { all: true });
  } catch {
    throw fail.validation({ body: [{ code: "type", message: "must be well-formed multipart/form-data" }] });
  }
  const errors: Errors = fieldErrorMap();
  for (const name of Object.keys(body)) {
    if (!FIELDS.has(name)) errors[name] = [{ code: "additionalProperties", message: "is not allowed" }];
  }
  const file = readFile(body.file, errors);
  const ngoId = readId("ngoId", body.ngoId, errors);
  const ongId = readId("ongId", body.ongId, errors);
  const dryRun = readBoolean("dryRun", body.dryRun, errors);
  if (ngoId !== undefined && ongId !== undefined && ngoId !== ongId) {
    errors.ongId = [{ code: "invalid", message: "is a deprecated alias of ngoId and must not differ from it" }];
  }
  if (Object.keys(errors).length > 0 || !file) throw fail.validation(errors);
  return { file, ngoId: ngoId ?? ongId, dryRun: dryRun ?? false };
}

/** A field sent once as text, or undefined when absent; a repeated field is an error. */
function single(name: string, value: FieldValue, errors: Errors): string | File | undefined {
  if (!Array.isArray(value)) return value;
  errors[name] = [{ code: "type", message: "must be sent once" }];
  return undefined;
}

function readFile(value: FieldValue, errors: Errors): File | undefined {
  const file = single("file", value, errors);
  if (file === undefined && !errors.file) errors.file = [{ code: "required", message: "is required" }];
  if (typeof file === "string") errors.file = [{ code: "type", message: "must be a file" }];
  return file instanceof File ? file : undefined;
}

function readId(name: string, value: FieldValue, errors: Errors): number | undefined {
  const text = single(name, value, errors);
  if (text === undefined) return undefined;
  if (typeof text !== "string" || !/^\s*\d+\s*$/.test(text)) {
    errors[name] = [{ code: "type", message: "must be an integer" }];
    return undefined;
  }
  const id = Number(text);
  if (id < 1 || id > MAX_INTEGER) {
    errors[name] = [{ code: id < 1 ? "minimum" : "maximum", message: id < 1 ? "must be >= 1" : "is too large" }];
    return undefined;
  }
  return id;
}

function readBoolean(name: string, value: FieldValue, errors: Errors): boolean | undefined {
  const text = single(name, value, errors);
  if (text === undefined) return undefined;
  if (text === "true" || text === "false") return text === "true";
  errors[name] = [{ code: "type", message: "must be true or false" }];
  return undefined;
}
