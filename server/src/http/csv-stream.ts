import { csvField, type Cell } from "./csv-field.ts";

/** How an export writes its rows as CSV: its header, each row's cells, and which columns are text. */
export interface CsvLayout<T> {
  header: readonly string[];
  cells: (row: T) => Cell[];
  /** Indexes of the columns that hold text, kept from running as formulas. */
  textColumns: ReadonlySet<number>;
}

/**
 * A UTF-8 CSV with a byte-order mark (Excel then reads the diacritics), pulled by the client: one page per read, and
 * a cancelled download stops the reading.
 */
export function streamCsv<T>({ header, cells, textColumns }: CsvLayout<T>, pages: AsyncGenerator<T[]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const line = (row: T) => `${cells(row).map((value, index) => csvField(value, textColumns.has(index))).join(",")}\r\n`;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${header.join(",")}\r\n`));
    },
    async pull(controller) {
      try {
        const page = await pages.next();
        if (page.done) controller.close();
        else controller.enqueue(encoder.encode(page.value.map(line).join("")));
      } catch (error) {
        console.error(error);
        controller.error(error);
      }
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
}
