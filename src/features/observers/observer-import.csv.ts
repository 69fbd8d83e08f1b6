/** The columns the import reads, in the order the preview shows them. */
export const IMPORT_COLUMNS = ["Phone", "Pin", "Name"] as const;

export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

export interface CsvPreview {
  /** Columns of `Phone,Pin,Name` missing from the header (the server rejects such a file). */
  missingColumns: ImportColumn[];
  /** The first data rows, each as Phone, Pin, Name (empty when a column is missing). */
  rows: { line: number; values: Record<ImportColumn, string> }[];
}

export const PREVIEW_ROW_COUNT = 5;

/** Splits CSV text into records with their 1-based line numbers, honouring double-quote quoting. */
function* readRecords(text: string, separator: string): Generator<{ line: number; fields: string[] }> {
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (character === '"') quoted = false;
      else {
        if (character === "\n") line++;
        field += character;
      }
    } else if (character === '"') quoted = true;
    else if (character === separator) {
      fields.push(field);
      field = "";
    } else if (character === "\n") {
      yield { line: recordLine, fields: [...fields, field.replace(/\r$/, "")] };
      fields = [];
      field = "";
      line++;
      recordLine = line;
    } else field += character;
  }
  if (field !== "" || fields.length > 0) yield { line: recordLine, fields: [...fields, field.replace(/\r$/, "")] };
}

/** Comma or semicolon, as the server decides: whichever the header line holds more of. */
function detectSeparator(headerLine: string): string {
  const count = (separator: string) => headerLine.split(separator).length;
  return count(";") > count(",") ? ";" : ",";
}

/** The first rows of an import file as the server will read them, for a preview before uploading. */
export function previewCsv(content: string, rowCount = PREVIEW_ROW_COUNT): CsvPreview {
  const text = content.replace(/^\uFEFF/, "");
  const separator = detectSeparator(text.split("\n", 1)[0] ?? "");
  const records = readRecords(text, separator);
  const header = records.next();
  const names = header.done ? [] : header.value.fields.map((name) => name.trim().toLowerCase());
  const positions = IMPORT_COLUMNS.map((column) => names.indexOf(column.toLowerCase()));
  const missingColumns = IMPORT_COLUMNS.filter((_, index) => positions[index] === -1);
  const rows: CsvPreview["rows"] = [];
  for (const record of records) {
    if (rows.length >= rowCount) break;
    if (record.fields.every((value) => value.trim() === "")) continue;
    const valueAt = (index: number) => (positions[index] === -1 ? "" : (record.fields[positions[index] ?? -1] ?? "").trim());
    rows.push({ line: record.line, values: { Phone: valueAt(0), Pin: valueAt(1), Name: valueAt(2) } });
  }
  return { missingColumns, rows };
}
