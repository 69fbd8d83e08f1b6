import type { ColumnIndex } from "./columns.ts";
import type { County, FileStation, ImportColumn, RowError, StationStatus } from "./fields.ts";
import { rowError } from "./problems.ts";
import { cellText, type Cell, type SheetRow } from "./read.ts";

const MAX_INTEGER = 2_147_483_647;
const DIGITS = /^[0-9]+$/;
// A decimal point or, as Romanian spreadsheets write it, a decimal comma.
const DECIMAL = /^[+-]?[0-9]+(?:[.,][0-9]+)?$/;
const TEXT_LIMITS = { locality: 200, institution: 300, address: 300 } as const;
const STATUSES: ReadonlyMap<string, StationStatus> = new Map([
  ["", "active"],
  ["active", "active"],
  ["retired", "retired"],
]);

type Fault = (field: RowError["field"], code: RowError["code"], message: string) => void;

/**
 * Every data row checked: the stations of the good ones, and every problem of the bad ones (a county and number
 * already on an earlier line included). Blank rows are skipped.
 */
export function validateRows(
  rows: readonly SheetRow[],
  columns: ColumnIndex,
  findCounty: (text: string) => County | undefined,
): { stations: FileStation[]; errors: RowError[] } {
  const stations: FileStation[] = [];
  const errors: RowError[] = [];
  const firstLine = new Map<string, number>();
  for (const row of rows) {
    if (row.cells.every((cell) => cellText(cell).trim() === "")) continue;
    const rowErrors: RowError[] = [];
    const checked = checkRow(row, columns, findCounty, (field, code, message) => rowErrors.push(rowError(row.line, field, code, message)));
    if (checked) {
      const { station, county } = checked;
      const key = `${station.countyId}:${station.number}`;
      const first = firstLine.get(key);
      if (first !== undefined) {
        const message = `Polling station ${county.code} ${station.number} is already on line ${first}.`;
        rowErrors.push(rowError(row.line, "number", "duplicate_in_file", message));
      } else firstLine.set(key, row.line);
      if (rowErrors.length === 0) stations.push(station);
    }
    errors.push(...rowErrors);
  }
  return { stations, errors };
}

/** The row's station and county, or undefined when its county or number is wrong (every problem goes to `fault`). */
function checkRow(
  row: SheetRow,
  columns: ColumnIndex,
  findCounty: (text: string) => County | undefined,
  fault: Fault,
): { station: FileStation; county: County } | undefined {
  const cell = (column: ImportColumn): Cell | undefined => {
    const at = columns[column];
    return at === undefined ? undefined : row.cells[at];
  };
  const countyText = collapse(cellText(cell("county")));
  const county = countyText === "" ? undefined : findCounty(countyText);
  if (countyText === "") fault("county", "required", "The county is required.");
  else if (!county) fault("county", "not_found", `There is no county "${countyText}"; write its code (CJ) or its name (Cluj).`);
  const number = integer(cell("number"), 1, "number", "The polling station's number", fault);
  if (number === null) fault("number", "required", "The polling station's number is required.");
  const station: FileStation = {
    line: row.line,
    countyId: county?.id ?? 0,
    number: number ?? 0,
    locality: text(cell("locality"), "locality", fault),
    institution: text(cell("institution"), "institution", fault),
    address: text(cell("address"), "address", fault),
    registeredVoters: integer(cell("registeredVoters"), 0, "registeredVoters", "The number of registered voters", fault) ?? null,
    latitude: coordinate(cell("latitude"), 90, "latitude", fault),
    longitude: coordinate(cell("longitude"), 180, "longitude", fault),
    status: status(cell("status"), fault),
  };
  return county && typeof number === "number" ? { station, county } : undefined;
}

const collapse = (value: string) => value.replace(/\s+/g, " ").trim();

/**
 * The registry's export puts a ' before a text's = + - @ where a spreadsheet would start a formula
 * (server/src/http/csv-field.ts); taken off again, so that the exported file imports back unchanged.
 */
const unescapeFormula = (value: string) => value.replace(/(^|[,;\n])'([\t\r ]*[=+\-@])/g, "$1$2");

/** Trimmed, inner whitespace collapsed; blank is no text. */
function text(cell: Cell | undefined, field: keyof typeof TEXT_LIMITS, fault: Fault): string | null {
  const value = collapse(unescapeFormula(cellText(cell)));
  if (value === "") return null;
  const limit = TEXT_LIMITS[field];
  // Counted in characters (code points), as the API's maxLength counts them; never more than UTF-16 units.
  const tooLong = value.length > limit && [...value].length > limit;
  const unstorable = value.includes("\u0000") || !value.isWellFormed();
  if (unstorable) fault(field, "invalid", `The ${field} must not contain the NUL character or broken Unicode.`);
  else if (tooLong) fault(field, "too_long", `The ${field} must be at most ${limit} characters.`);
  return value;
}

/** A whole number from `min` up to PostgreSQL's integer; null when blank, undefined when invalid (reported). */
function integer(cell: Cell | undefined, min: number, field: RowError["field"], label: string, fault: Fault): number | null | undefined {
  if (cell !== undefined && typeof cell !== "string") {
    fault(field, "invalid", `${label} is a date (${cell.date}) in the spreadsheet; it must be a whole number.`);
    return undefined;
  }
  const value = (cell ?? "").trim();
  if (value === "") return null;
  const number = DIGITS.test(value) ? Number(value) : Number.NaN;
  if (number >= min && number <= MAX_INTEGER) return number;
  fault(field, "invalid", `${label} must be a whole number from ${min} to ${MAX_INTEGER}; "${value}" is not.`);
  return undefined;
}

function coordinate(cell: Cell | undefined, limit: number, field: "latitude" | "longitude", fault: Fault): number | null {
  if (cell !== undefined && typeof cell !== "string") {
    fault(field, "invalid", `The ${field} is a date (${cell.date}) in the spreadsheet; it must be a number.`);
    return null;
  }
  const value = (cell ?? "").trim();
  if (value === "") return null;
  const number = DECIMAL.test(value) ? Number(value.replace(",", ".")) : Number.NaN;
  if (Math.abs(number) <= limit) return number;
  fault(field, "invalid", `The ${field} must be a number from -${limit} to ${limit}; "${value}" is not.`);
  return null;
}

/** The export's status column: blank or `active`, or `retired`. */
function status(cell: Cell | undefined, fault: Fault): StationStatus {
  const value = cellText(cell).trim();
  const known = STATUSES.get(value.toLowerCase());
  if (known) return known;
  fault("row", "invalid", `The status must be active or retired; "${value}" is neither.`);
  return "active";
}
