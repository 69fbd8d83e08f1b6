import type { Kysely } from "kysely";
import type { NgoScope } from "../../auth/scope.ts";
import type { Database } from "../../db/schema.ts";
import type { FileStore } from "../../files/file-store.ts";
import { streamZip } from "../../http/zip-stream.ts";
import { exportStations } from "../../polling-stations/export.ts";
import { answersWorkbook } from "../../reports/answers/export.ts";
import type { ElectionRound } from "../read.ts";
import { activityLogCsv } from "./activity-log.ts";
import { writeForms } from "./forms.ts";
import { countRound, manifestOf } from "./manifest.ts";
import { writePhotos } from "./photos.ts";

export interface ArchiveSources {
  db: Kysely<Database>;
  files: FileStore;
  /** Where the workbook's links to a thread's details page point. */
  publicUrl: string;
}

/**
 * The round's archive, written as the client reads it: `answers.xlsx` (the answers export of the whole round),
 * `polling-stations.csv`, `forms/<code>.json`, `photos/…`, `activity-log.csv`, then `manifest.json` with the count
 * of each part. Every part is read a page at a time and streamed into the zip, which waits for the client: memory
 * does not grow with the round. The workbook and photos are stored, not deflated again.
 */
export function streamRoundArchive({ db, files, publicUrl }: ArchiveSources, round: ElectionRound, scope: NgoScope, now: Date): ReadableStream<Uint8Array> {
  return streamZip(async (zip) => {
    const counted = await countRound(db, round.id);
    let forms = 0;
    let auditEntries = 0;
    let photos = { written: 0, missing: [] as string[] };
    const parts = [
      async () => zip.entryFrom("answers.xlsx", await answersWorkbook(db, { scope, roundId: round.id, urgent: false }, publicUrl), { store: true }),
      async () => zip.entryFrom("polling-stations.csv", (await exportStations(db, round.id)).body!),
      async () => void (forms = await writeForms(zip, db, round.id)),
      async () => void (photos = await writePhotos(zip, db, files, round.id)),
      () => zip.entryFrom("activity-log.csv", activityLogCsv(db, round.id, (entries) => (auditEntries += entries))),
      () => {
        const manifest = manifestOf(round, now, { ...counted, photos: photos.written, forms, auditEntries }, photos.missing);
        return zip.entry("manifest.json", (entry) => entry.write(`${JSON.stringify(manifest, null, 2)}\n`));
      },
    ];
    // A client that left stops the archive between parts as well as within them.
    for (const part of parts) {
      if (zip.closed) return;
      await part();
    }
  });
}
