import { PassThrough, Readable } from "node:stream";
import ExcelJS from "exceljs";

const PLAIN: Partial<ExcelJS.Style> = Object.freeze({});

export type Cell = string | number | boolean | null | { text: string; hyperlink: string };

/** Adds sheets to a streamed workbook; rows reach the client as they are written. */
export interface SheetWriter {
  /** Starts a sheet with a bold header row; the previous sheet is finished first. */
  sheet(name: string, header: string[]): Promise<void>;
  /** One row of the current sheet; waits when the client reads slower than the rows come. */
  row(cells: Cell[]): Promise<void>;
  /** True once the client has gone: writers stop reading the database. */
  readonly closed: boolean;
}

/**
 * Streams the workbook `write` builds. exceljs commits rows synchronously, so the loop yields every 100 rows to
 * let its zip stage run, waits for drain when the client is slow, and stops when the client leaves.
 */
export function streamWorkbook(write: (writer: SheetWriter) => Promise<void>): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  // Styles only for the bold header rows; shared strings off so that nothing grows with the row count.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false, zip: { zlib: { level: 1 } } });
  let current: ExcelJS.Worksheet | undefined;
  let written = 0;
  const writer: SheetWriter = {
    get closed() {
      return out.destroyed;
    },
    async sheet(name, header) {
      current?.commit();
      current = workbook.addWorksheet(name);
      const row = current.addRow(header);
      row.font = { bold: true };
      row.commit();
      await Promise.resolve();
    },
    async row(cells) {
      const row = current!.addRow(cells);
      // exceljs renders the style of each cell unless it has seen that very style object: one shared empty style
      // keeps data rows as cheap as without styles (no data cell is a Date, the one type that would need its own).
      row.eachCell((cell) => void (cell.style = PLAIN));
      row.commit();
      written += 1;
      if (written % 100 !== 0) return;
      await new Promise(setImmediate);
      // exceljs hands its sheet's bytes to the zip without heeding back-pressure; wait while the zip's input is full.
      const zipInput = fullZipInput(current);
      if (zipInput) await drainedOrClosed(zipInput, out);
      if (out.writableNeedDrain) await drainedOrClosed(out, out);
    },
  };
  const finish = async () => {
    await write(writer);
    if (out.destroyed) return;
    current?.commit();
    await workbook.commit();
  };
  finish().catch((error: unknown) => {
    // A client that left has destroyed the stream already; anything else is a real failure mid-file.
    if (out.destroyed) return;
    console.error(error);
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}

/** What the writer needs of a writable stream (the zip's input is readable-stream's, not node's). */
interface Drainable {
  readonly writableLength: number;
  readonly writableHighWaterMark: number;
  on(event: "drain", listener: () => void): unknown;
  off(event: "drain", listener: () => void): unknown;
}

/**
 * The stream the zip reads a sheet from (exceljs keeps it as the first pipe of the sheet's buffer), when it is
 * full. Private to exceljs, so read defensively: without it the writer only waits for the client.
 */
function fullZipInput(sheet: ExcelJS.Worksheet | undefined): Drainable | undefined {
  const pipe = (sheet as unknown as { stream?: { pipes?: Partial<Drainable>[] } } | undefined)?.stream?.pipes?.[0];
  if (typeof pipe?.writableLength !== "number" || typeof pipe.writableHighWaterMark !== "number" || typeof pipe.on !== "function") return undefined;
  return pipe.writableLength >= pipe.writableHighWaterMark ? (pipe as Drainable) : undefined;
}

/** Waits until `stream` drains, or the client leaves (`out` closes), whichever comes first. */
function drainedOrClosed(stream: Drainable, out: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off("drain", done);
      out.off("close", done);
      resolve();
    };
    stream.on("drain", done);
    out.on("close", done);
  });
}
