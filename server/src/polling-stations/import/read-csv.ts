import { parse, type CsvError, type Info } from "csv-parse/sync";
import type { RowError } from "./fields.ts";
import { fileInvalid, rowError } from "./problems.ts";
import type { Sheet } from "./read.ts";

interface ParsedRecord {
  record: string[];
  info: Info;
  raw: string;
}

/** A CSV station file: UTF-8 (BOM optional), `,` or `;` as the header line uses it, quotes, any line ending. */
export function readCsv(bytes: Uint8Array): Sheet {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw fileInvalid("encoding", "The file is neither UTF-8 text nor an XLSX workbook; save it as CSV UTF-8 or as XLSX.");
  }
  // Texts collapse whitespace, so line breaks may be unified: csv-parse counts a CRLF inside quotes as two lines
  // and splits mixed endings wrongly, which would misreport line numbers.
  text = text.replace(/\r\n?/g, "\n");
  const { records, errors } = parseRecords(text, detectDelimiter(text));
  const [header, ...data] = records;
  if (!header) return { headers: [], rows: [], errors };
  const headerLine = startLine(header);
  if (errors.some((error) => error.line <= headerLine)) throw fileInvalid("columns", "The first line must be the header, with the columns' names.");
  const width = header.record.length;
  const rows = [];
  for (const parsed of data) {
    const line = startLine(parsed);
    const extra = parsed.record.slice(width);
    // A value past the header's last column is most likely a separator inside an unquoted value, shifting the rest.
    if (extra.some((value) => value !== "")) {
      const message = `The row has ${parsed.record.length} values but the header has ${width} columns; quote values that contain the separator.`;
      errors.push(rowError(line, "row", "columns", message));
    } else rows.push({ line, cells: parsed.record.slice(0, width) });
  }
  return { headers: header.record, rows, errors: errors.sort((a, b) => a.line - b.line) };
}

/** The header line's separator: the more frequent of `,` and `;` outside quotes. */
function detectDelimiter(text: string): "," | ";" {
  const firstLine = text.replace(/^\uFEFF/, "").split("\n").find((line) => line.trim() !== "") ?? "";
  const unquoted = firstLine.replace(/"[^"]*"/g, "");
  const count = (char: string) => unquoted.split(char).length - 1;
  return count(";") > count(",") ? ";" : ",";
}

function parseRecords(text: string, delimiter: string): { records: ParsedRecord[]; errors: RowError[] } {
  const errors: RowError[] = [];
  const records = parse(text, {
    bom: true,
    delimiter,
    info: true,
    raw: true,
    trim: true,
    skip_empty_lines: true,
    // Rows shorter than the header lack trailing empty cells; longer ones are checked against the header above.
    relax_column_count: true,
    // Not leniency: a malformed row is skipped only after on_skip has recorded it, so every bad row is reported.
    skip_records_with_error: true,
    on_skip: (error: CsvError | undefined, raw: string | undefined) => {
      if (error) errors.push(syntaxError(error, raw ?? ""));
      return undefined;
    },
  }) as unknown as ParsedRecord[];
  return { records, errors };
}

/**
 * csv-parse reports the line a record ends on and includes the blank lines skipped before it in `raw`: the record
 * starts that many line breaks earlier.
 */
const startLine = (parsed: { info: Info; raw: string }): number => lineOf(parsed.info.lines, parsed.raw);

function lineOf(endLine: number, raw: string): number {
  const body = raw.replace(/^(?:[ \t]*\n)+/, "").replace(/\n$/, "");
  return endLine - (body.match(/\n/g)?.length ?? 0);
}

function syntaxError(error: CsvError, raw: string): RowError {
  const line = lineOf(typeof error.lines === "number" ? error.lines : 1, raw);
  const message =
    error.code === "CSV_QUOTE_NOT_CLOSED"
      ? "A quoted value is not closed before the end of the file."
      : "A value has a misplaced double quote; quote whole values and double the quotes inside them.";
  return rowError(line, "row", "invalid", message);
}
