import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { applyDiff } from "./apply.ts";
import { recognizeColumns } from "./columns.ts";
import { countyMatcher } from "./counties.ts";
import { diffRegistry } from "./diff.ts";
import { FACT_FIELDS, type ColumnMapping, type ImportResult } from "./fields.ts";
import { fileInvalid, importInvalid } from "./problems.ts";
import { readStationFile } from "./read.ts";
import { registryVersion } from "../query.ts";
import { lockImports, readCounties, readStations } from "./registry.ts";
import { importResult } from "./summary.ts";
import { validateRows } from "./validate.ts";

export interface StationFileImport {
  bytes: Uint8Array;
  /** For the caller's log; the content, not the name, tells CSV from XLSX. */
  fileName?: string;
  /** From a field to the file's header that holds it, for headers not recognised on their own. */
  columns?: ColumnMapping;
  /** Compare only: the answer is the diff the import would make, and nothing is saved. */
  dryRun: boolean;
  /** Retire the active stations the file does not list (otherwise they are left as they are). */
  retireMissing: boolean;
}

/**
 * Imports a CSV or XLSX list of polling stations into a round's registry, compared with that registry alone (the next
 * round's list adds, changes and retires stations of the next round only), all or nothing: a file with an
 * unrecognised header or any bad row is a 422 ProblemError (`columns_unrecognised`, `import_invalid` listing every bad
 * row) and saves nothing. Runs in the caller's transaction when given one (the demo seed), otherwise in its own.
 */
export async function importStationFile(db: Kysely<Database>, roundId: number, input: StationFileImport): Promise<ImportResult> {
  const sheet = await readStationFile(input.bytes);
  if (sheet.headers.length === 0) throw fileInvalid("empty", "The file is empty: its first row must be the header, followed by one row per station.");
  const columns = recognizeColumns(sheet.headers, input.columns ?? {});
  const counties = await readCounties(db);
  const { stations, errors } = validateRows(sheet.rows, columns, countyMatcher(counties));
  if (sheet.errors.length + errors.length > 0) throw importInvalid([...sheet.errors, ...errors]);
  if (stations.length === 0) throw fileInvalid("empty", "The file has no stations: no row follows its header.");
  const present = new Set(FACT_FIELDS.filter((field) => columns[field] !== undefined));
  return inTransaction(db, async (trx) => {
    await lockImports(trx);
    const diff = diffRegistry(stations, await readStations(trx, roundId), present, input.retireMissing);
    if (!input.dryRun) await applyDiff(trx, roundId, diff);
    return importResult(diff, counties, { dryRun: input.dryRun, version: await registryVersion(trx, roundId) });
  });
}

/** Kysely refuses to open a transaction inside one: a caller's transaction is used as it is. */
function inTransaction<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute((trx: Transaction<Database>) => work(trx));
}
