import { parseMultipart, readSingle, readText, type FieldErrors, type FieldValue } from "../http/multipart.ts";
import { textError } from "../http/validation.ts";
import { fail, problem, ProblemError, type FieldError } from "../problem.ts";
import { IMPORT_FIELDS, type ColumnMapping, type StationImportField } from "./import/fields.ts";

/** The multipart fields of importPollingStations as typed values; the router validates JSON bodies only. */
export interface StationImportForm {
  file: File;
  columns: ColumnMapping;
}

const MiB = 1024 * 1024;
const MAX_STATION_FILE_BYTES = 20 * MiB;
/** The contract's bound on the `columns` text. */
const MAX_COLUMNS_LENGTH = 4000;

const FIELDS = new Set(["file", "columns"]);

export async function readStationImportForm(request: Request): Promise<StationImportForm> {
  const { body, errors } = await parseMultipart(request, FIELDS);
  const file = readFile(body.file, errors);
  const columns = readColumns(body.columns, errors);
  if (Object.keys(errors).length > 0 || !file || !columns) throw fail.validation(errors);
  // Past the router's body limit a request never gets here; this bounds the file itself, as the contract states.
  if (file.size > MAX_STATION_FILE_BYTES) throw new ProblemError(problem(413, "payload_too_large", "The file is larger than 20 MiB."));
  return { file, columns };
}

function readFile(value: FieldValue, errors: FieldErrors): File | undefined {
  const file = readSingle("file", value, errors);
  if (file === undefined && !errors.file) errors.file = [{ code: "required", message: "is required" }];
  if (typeof file === "string") errors.file = [{ code: "type", message: "must be a file" }];
  return file instanceof File ? file : undefined;
}

/** The `columns` field: absent is no mapping; otherwise a JSON object from known fields to header texts. */
function readColumns(value: FieldValue, errors: FieldErrors): ColumnMapping | undefined {
  const text = readText("columns", value, errors);
  if (errors.columns) return undefined;
  if (text === undefined || text.trim() === "") return {};
  if (text.length > MAX_COLUMNS_LENGTH) {
    errors.columns = [{ code: "maxLength", message: `must not be longer than ${MAX_COLUMNS_LENGTH} characters` }];
    return undefined;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    errors.columns = [{ code: "type", message: "must be a JSON object from a field to a header" }];
    return undefined;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    errors.columns = [{ code: "type", message: "must be a JSON object from a field to a header" }];
    return undefined;
  }
  const mapping: ColumnMapping = {};
  const problems: FieldError[] = [];
  for (const [field, header] of Object.entries(parsed)) {
    if (!isImportField(field)) {
      problems.push({ code: "enum", message: `names an unknown field "${field}"; the fields are ${IMPORT_FIELDS.join(", ")}` });
    } else if (typeof header !== "string" || header.trim() === "") {
      problems.push({ code: "type", message: `must map ${field} to a header's text` });
    } else {
      const unstorable = textError(header);
      if (unstorable) problems.push(unstorable);
      else mapping[field] = header;
    }
  }
  if (problems.length === 0) return mapping;
  errors.columns = problems;
  return undefined;
}

const isImportField = (name: string): name is StationImportField => (IMPORT_FIELDS as readonly string[]).includes(name);
