import type { Kysely } from "kysely";
import type { NgoScope } from "../auth/scope.ts";
import type { Database } from "../db/schema.ts";
import type { Cell } from "../http/csv-field.ts";
import { streamCsv } from "../http/csv-stream.ts";
import { streamWorkbook } from "../http/xlsx-stream.ts";
import { observersByIds, sortedObserverIds, type Observer, type ObserverFilter, type ObserverSort } from "./query.ts";

export type ExportFormat = "csv" | "xlsx";

const HEADER = ["Id", "Name", "Phone", "NgoId", "Ngo", "DeviceRegisterDate", "LastSeen", "NumberOfPollingStations", "NumberOfNotes"];
const PAGE_SIZE = 1000;
const MEDIA_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** Every matching observer as a CSV or XLSX attachment, streamed page by page. */
export async function exportObservers(
  db: Kysely<Database>,
  filter: ObserverFilter,
  sort: ObserverSort,
  format: ExportFormat,
): Promise<Response> {
  const ids = await sortedObserverIds(db, filter, sort);
  const pages = observerPages(db, filter.scope, ids);
  const body = format === "csv" ? csvStream(pages) : xlsxStream(pages);
  return new Response(body, {
    status: 200,
    headers: { "content-type": MEDIA_TYPES[format], "content-disposition": `attachment; filename="observers.${format}"` },
  });
}

async function* observerPages(db: Kysely<Database>, scope: NgoScope, ids: number[]): AsyncGenerator<Observer[]> {
  for (let start = 0; start < ids.length; start += PAGE_SIZE) yield await observersByIds(db, scope, ids.slice(start, start + PAGE_SIZE));
}

const cells = (observer: Observer): Cell[] => [
  observer.id,
  observer.name,
  observer.phone,
  observer.ngoId,
  observer.ngo,
  observer.deviceRegisterDate,
  observer.lastSeen,
  observer.numberOfPollingStations,
  observer.numberOfNotes,
];

// ---------------------------------------------------------------------------------------------------------
// CSV

const TEXT_COLUMNS = new Set([1, 4]);

export const csvStream = (pages: AsyncGenerator<Observer[]>) => streamCsv({ header: HEADER, cells, textColumns: TEXT_COLUMNS }, pages);

// ---------------------------------------------------------------------------------------------------------
// XLSX

/** One sheet, its header bold, written as the pages come; a download that is cancelled stops the reading. */
export function xlsxStream(pages: AsyncGenerator<Observer[]>): ReadableStream<Uint8Array> {
  return streamWorkbook(async (writer) => {
    await writer.sheet("Observers", HEADER);
    for await (const page of pages) {
      for (const observer of page) {
        if (writer.closed) return;
        await writer.row(cells(observer));
      }
    }
  });
}
