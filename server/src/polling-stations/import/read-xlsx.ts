import ExcelJS from "exceljs";
import { fileInvalid } from "./problems.ts";
import type { Cell, Sheet, SheetRow } from "./read.ts";

/** The first worksheet of an XLSX station file; a line is a sheet row number, the first non-blank row the header. */
export async function readXlsx(bytes: Uint8Array): Promise<Sheet> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes.slice().buffer);
  } catch {
    throw fileInvalid("encoding", "The file looks like an XLSX workbook but cannot be read; save it again as XLSX or as CSV UTF-8.");
  }
  const sheet = workbook.worksheets[0];
  const lines: SheetRow[] = [];
  // getSheetValues: rows by their number, each row's values by column number (1-based), both sparse.
  sheet?.getSheetValues().forEach((values, line) => {
    if (!Array.isArray(values)) return;
    const cells = Array.from(values.slice(1), cellOf);
    if (cells.some((cell) => cell !== "")) lines.push({ line, cells });
  });
  const [header, ...rows] = lines;
  if (!header) return { headers: [], rows: [], errors: [] };
  const width = header.cells.length;
  return {
    headers: header.cells.map((cell) => (typeof cell === "string" ? cell : cell.date)),
    // Cells right of the header's last column (a note beside the table) belong to no column.
    rows: rows.map(({ line, cells }) => ({ line, cells: cells.slice(0, width) })),
    errors: [],
  };
}

/** A cell as text, numbers as Excel shows them without a format (1530, 46.77); dates stay recognisable. */
function cellOf(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value.trim();
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value instanceof Date) return { date: dateText(value) };
  if ("richText" in value) return value.richText.map((run) => run.text).join("").trim();
  if ("hyperlink" in value) return cellOf(value.text);
  if ("error" in value) return value.error;
  if ("result" in value) return cellOf(value.result);
  return "";
}

/** A date cell's ISO date, with its time when it has one. */
function dateText(date: Date): string {
  if (Number.isNaN(date.getTime())) return "";
  const iso = date.toISOString();
  return iso.endsWith("T00:00:00.000Z") ? iso.slice(0, 10) : iso;
}
