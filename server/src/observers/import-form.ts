import { parseMultipart, readId, readSingle, type FieldErrors, type FieldValue } from "../http/multipart.ts";
import { fail } from "../problem.ts";

/** The multipart fields of importObservers as typed values; the router validates JSON bodies only. */
export interface ImportForm {
  file: File;
  ngoId?: number;
  dryRun: boolean;
}

const FIELDS = new Set(["file", "ngoId", "ongId", "dryRun"]);

export async function readImportForm(request: Request): Promise<ImportForm> {
  const { body, errors } = await parseMultipart(request, FIELDS);
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

function readFile(value: FieldValue, errors: FieldErrors): File | undefined {
  const file = readSingle("file", value, errors);
  if (file === undefined && !errors.file) errors.file = [{ code: "required", message: "is required" }];
  if (typeof file === "string") errors.file = [{ code: "type", message: "must be a file" }];
  return file instanceof File ? file : undefined;
}

function readBoolean(name: string, value: FieldValue, errors: FieldErrors): boolean | undefined {
  const text = readSingle(name, value, errors);
  if (text === undefined) return undefined;
  if (text === "true" || text === "false") return text === "true";
  errors[name] = [{ code: "type", message: "must be true or false" }];
  return undefined;
}
