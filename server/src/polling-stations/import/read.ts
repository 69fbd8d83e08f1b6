import type { RowError } from "./fields.ts";
import { readCsv } from "./read-csv.ts";
import { readXlsx } from "./read-xlsx.ts";

/** A spreadsheet cell that holds a date (Excel keeps dates as numbers with a date format): text as its ISO date. */
export interface DateCell {
  date: string;
}

export type Cell = string | DateCell;

/** A data row: its line in the file (a spreadsheet's row number) and its cells in header order. */
export interface SheetRow {
  line: number;
  cells: Cell[];
}

/** A file read as a table: the header's cells, the data rows, and the rows that could not be read at all. */
export interface Sheet {
  headers: string[];
  rows: SheetRow[];
  errors: RowError[];
}

export const cellText = (cell: Cell | undefined): string => (cell === undefined ? "" : typeof cell === "string" ? cell : cell.date);

// Every XLSX (and any zip) starts with a local file header; a CSV never does, whatever the file's name says.
const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** Reads a station file, CSV or XLSX told apart by content; a file that cannot be read at all throws the 422. */
export function readStationFile(bytes: Uint8Array): Promise<Sheet> | Sheet {
  return isZip(bytes) ? readXlsx(bytes) : readCsv(bytes);
}
