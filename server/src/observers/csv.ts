import { parse, type CsvError, type Info } from "csv-parse/sync";
import type { components } from "../../../openapi/schema.d.ts";

export type ImportRowError = components["schemas"]["ImportRowError"];

/** One data row with its values untouched but trimmed, and the file line it starts on. */
export interface CsvObserverRow {
  line: number;
  phone: string;
  pin: string;
  name: string;
  /** The optional Stations column's text, "" without one. */
  stations: string;
}

export type CsvReading = { ok: true; rows: CsvObserverRow[]; syntaxErrors: ImportRowError[] } | { ok: false; errors: ImportRowError[] };

interface ParsedRecord {
  record: string[];
  info: Info;
  raw: string;
}

const COLUMNS = ["phone", "pin", "name"] as const;

const fileProblem = (line: number, code: ImportRowError["code"], message: string): ImportRowError => ({ line, field: "row", code, message });

/** Reads the CSV file of an observer import: UTF-8 (BOM optional), `,` or `;`, header `Phone,Pin,Name` in any order. */
export function readObserverCsv(bytes: Uint8Array): CsvReading {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, errors: [fileProblem(1, "encoding", "The file is not UTF-8 text.")] };
  }
  // Names collapse whitespace and phones and PINs allow none, so line breaks may be unified: csv-parse counts
  // a CRLF inside quotes as two lines and splits mixed endings wrongly, which would misreport line numbers.
  text = text.replace(/\r\n?/g, "\n");
  const { records, syntaxErrors } = parseRecords(text, detectDelimiter(text));
  const header = records[0];
  if (!header || syntaxErrors.some((error) => error.line <= startLine(header))) {
    return { ok: false, errors: [fileProblem(1, "columns", "The first line must be the header Phone,Pin,Name.")] };
  }
  const columns = mapColumns(header.record);
  if (typeof columns === "string") return { ok: false, errors: [fileProblem(1, "columns", columns)] };
  const rows = records.slice(1).map((parsed) => ({
    line: startLine(parsed),
    phone: parsed.record[columns.phone]!,
    pin: parsed.record[columns.pin]!,
    name: parsed.record[columns.name]!,
    stations: columns.stations === -1 ? "" : parsed.record[columns.stations]!,
  }));
  return { ok: true, rows, syntaxErrors };
}

/** The header line's separator: the more frequent of `,` and `;` outside quotes. */
function detectDelimiter(text: string): "," | ";" {
  const firstLine = text.replace(/^\uFEFF/, "").split("\n", 1)[0] ?? "";
  const unquoted = firstLine.replace(/"[^"]*"/g, "");
  const count = (char: string) => unquoted.split(char).length - 1;
  return count(";") > count(",") ? ";" : ",";
}

function parseRecords(text: string, delimiter: string): { records: ParsedRecord[]; syntaxErrors: ImportRowError[] } {
  const syntaxErrors: ImportRowError[] = [];
  const records = parse(text, {
    bom: true,
    delimiter,
    info: true,
    raw: true,
    trim: true,
    skip_empty_lines: true,
    // Not leniency: a malformed row is skipped only after on_skip has recorded it, so every bad row is reported.
    skip_records_with_error: true,
    on_skip: (error: CsvError | undefined, raw: string | undefined) => {
      if (error) syntaxErrors.push(syntaxError(error, raw ?? ""));
      return undefined;
    },
  }) as unknown as ParsedRecord[];
  return { records, syntaxErrors };
}

/**
 * csv-parse reports the line a record ends on and includes the blank lines skipped before it in `raw`:
 * the record starts that many line breaks earlier.
 */
function startLine(parsed: { info: Info; raw: string }): number {
  return lineOf(parsed.info.lines, parsed.raw);
}

function lineOf(endLine: number, raw: string): number {
  const body = raw.replace(/^(?:[ \t]*\n)+/, "").replace(/\n$/, "");
  return endLine - (body.match(/\n/g)?.length ?? 0);
}

function syntaxError(error: CsvError, raw: string): ImportRowError {
  const line = lineOf(typeof error.lines === "number" ? error.lines : 1, raw);
  const message =
    error.code === "CSV_RECORD_INCONSISTENT_FIELDS_LENGTH"
      ? `The row has ${(error.record as unknown[]).length} fields; every row needs as many as the header.`
      : error.code === "CSV_QUOTE_NOT_CLOSED"
        ? "A quoted value is not closed before the end of the file."
        : "A value has a misplaced double quote; quote whole values and double the quotes inside them.";
  return fileProblem(line, "columns", message);
}

/** Column positions by name (case-insensitive; Stations is optional, -1 when absent), or what is wrong with the header. */
function mapColumns(header: string[]): Record<(typeof COLUMNS)[number] | "stations", number> | string {
  const names = header.map((name) => name.trim().toLowerCase());
  const missing = COLUMNS.filter((column) => !names.includes(column));
  if (missing.length > 0) return `The header lacks the column(s) ${missing.map(capitalize).join(", ")}; it needs Phone, Pin and Name.`;
  const repeated = [...COLUMNS, "stations"].filter((column) => names.indexOf(column) !== names.lastIndexOf(column));
  if (repeated.length > 0) return `The header repeats the column(s) ${repeated.map(capitalize).join(", ")}.`;
  return { phone: names.indexOf("phone"), pin: names.indexOf("pin"), name: names.indexOf("name"), stations: names.indexOf("stations") };
}

const capitalize = (name: string) => name[0]!.toUpperCase() + name.slice(1);
