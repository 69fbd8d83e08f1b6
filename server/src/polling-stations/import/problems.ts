import { problem, ProblemError } from "../../problem.ts";
import type { RowError, StationImportField } from "./fields.ts";

export const rowError = (line: number, field: RowError["field"], code: RowError["code"], message: string): RowError => ({
  line,
  field,
  code,
  message,
});

const FIELD_ORDER: Record<RowError["field"], number> = {
  row: 0,
  county: 1,
  number: 2,
  locality: 3,
  institution: 4,
  address: 5,
  registeredVoters: 6,
  latitude: 7,
  longitude: 8,
};

/** The 422 of a file with bad rows: every one of them, in file order; nothing was saved. */
export function importInvalid(errors: RowError[]): ProblemError {
  const rows = [...errors].sort((a, b) => a.line - b.line || FIELD_ORDER[a.field] - FIELD_ORDER[b.field]);
  const lines = new Set(rows.map((row) => row.line)).size;
  const detail = `${lines} ${lines === 1 ? "row is" : "rows are"} invalid; nothing was imported.`;
  return new ProblemError(problem(422, "import_invalid", detail, { rows }));
}

/** The same 422 for a problem with the file as a whole (its encoding, its header, no rows), reported on line 1. */
export const fileInvalid = (code: RowError["code"], message: string): ProblemError =>
  new ProblemError(problem(422, "import_invalid", `${message} Nothing was imported.`, { rows: [rowError(1, "row", code, message)] }));

/** The 422 that asks for a mapping step: the file's headers and what was recognised among them. */
export function columnsUnrecognised(headers: string[], found: Partial<Record<StationImportField, string>>, detail: string): ProblemError {
  return new ProblemError(problem(422, "columns_unrecognised", detail, { headers, found }));
}
