import { sql, type Kysely } from "kysely";
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

/**
 * Every matching observer as a CSV or XLSX attachment, streamed page by page. The observers are the roster, across
 * rounds; what they reported (stations arrived at, notes) is counted in the round exported.
 */
export async function exportObservers(
  db: Kysely<Database>,
  roundId: number,
  filter: ObserverFilter,
  sort: ObserverSort,
  format: ExportFormat,
): Promise<Response> {
  const ids = await sortedObserverIds(db, filter, sort);
  const pages = observerPages(db, roundId, filter.scope, ids);
  const body = format === "csv" ? csvStream(pages) : xlsxStream(pages);
  return new Response(body, {
    status: 200,
    headers: { "content-type": MEDIA_TYPES[format], "content-disposition": `attachment; filename="observers.${format}"` },
  });
}

async function* observerPages(db: Kysely<Database>, roundId: number, scope: NgoScope, ids: number[]): AsyncGenerator<Observer[]> {
  for (let start = 0; start < ids.length; start += PAGE_SIZE) {
    const page = await observersByIds(db, scope, ids.slice(start, start + PAGE_SIZE));
    const counts = await countsInRound(db, roundId, page.map((observer) => observer.id));
    yield page.map((observer) => ({ ...observer, ...counts.get(observer.id) }));
  }
}

type RoundCounts = Pick<Observer, "numberOfPollingStations" | "numberOfNotes">;

/** Each observer's stations with an arrival and notes in the round (the observers' list counts them across rounds). */
async function countsInRound(db: Kysely<Database>, roundId: number, ids: number[]): Promise<Map<number, RoundCounts>> {
  if (ids.length === 0) return new Map();
  const { rows } = await sql<RoundCounts & { id: number }>`
    SELECT o.id,
           (SELECT count(*)::int FROM polling_station_info i
            WHERE i.election_round_id = ${roundId} AND i.observer_id = o.id AND i.observer_arrival_time IS NOT NULL) AS number_of_polling_stations,
           (SELECT count(*)::int FROM note n WHERE n.election_round_id = ${roundId} AND n.observer_id = o.id) AS number_of_notes
    FROM unnest(${ids}::int[]) AS o (id)`.execute(db);
  return new Map(rows.map(({ id, ...counts }) => [id, counts]));
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
