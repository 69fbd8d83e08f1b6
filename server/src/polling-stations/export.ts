import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { Cell } from "../http/csv-field.ts";
import { streamCsv } from "../http/csv-stream.ts";
import { etagOf } from "./etag.ts";
import { registryVersion, stationIdsInOrder, stationsByIds, type PollingStation } from "./query.ts";

/** The import template's columns, then the status: the file imports back as it is. */
const HEADER = ["county", "number", "locality", "institution", "address", "registeredVoters", "latitude", "longitude", "status"];
const PAGE_SIZE = 2000;

const cells = (station: PollingStation): Cell[] => [
  station.countyCode,
  station.number,
  station.locality,
  station.institution,
  station.address,
  station.registeredVoters,
  station.latitude,
  station.longitude,
  station.status,
];

const LAYOUT = { header: HEADER, cells, textColumns: new Set([2, 3, 4]) };

/**
 * A round's whole registry, active and retired stations, as a UTF-8 CSV with a byte-order mark (Excel then reads the
 * diacritics), streamed page by page. The version is read before the rows: a change in between labels newer rows
 * with an older ETag, which costs a client one more download, never a missed change.
 */
export async function exportStations(db: Kysely<Database>, roundId: number): Promise<Response> {
  const version = await registryVersion(db, roundId);
  const ids = await stationIdsInOrder(db, roundId);
  return new Response(streamCsv(LAYOUT, stationPages(db, roundId, ids)), {
    status: 200,
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'attachment; filename="polling-stations.csv"',
      etag: etagOf(version),
    },
  });
}

async function* stationPages(db: Kysely<Database>, roundId: number, ids: number[]): AsyncGenerator<PollingStation[]> {
  for (let start = 0; start < ids.length; start += PAGE_SIZE) yield await stationsByIds(db, roundId, ids.slice(start, start + PAGE_SIZE));
}
