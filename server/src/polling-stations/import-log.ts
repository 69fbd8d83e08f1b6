import type { Kysely } from "kysely";
import type { components } from "../../../openapi/schema.d.ts";
import { recordAudit, type StaffAct } from "../audit/record.ts";
import { requestSignal } from "../db/abandoned-requests.ts";
import type { Database } from "../db/schema.ts";

type ImportResult = components["schemas"]["PollingStationImportResult"];

/**
 * Logs an import that changed the registry: about no single station, named by its file, with what it added, changed
 * and retired. Its own transaction after the import's (the import commits on its own): should this one fail, the
 * stations are saved all the same, so the answer still says so and the missing entry goes to the error log. Outside
 * the request's context: a client that went away after the import must still leave its entry.
 */
export async function logImport(db: Kysely<Database>, roundId: number, result: ImportResult, fileName: string, act: StaffAct): Promise<void> {
  const count = result.added + result.changed + result.retired;
  if (result.dryRun || count === 0) return;
  const changes = (["added", "changed", "retired"] as const).map((field) => ({ field, from: null, to: String(result[field]) }));
  const entry = { action: "stations.imported", subject: { type: "station", id: null, label: fileName }, ngoId: null, roundId, changes, count } as const;
  try {
    await requestSignal.exit(() => db.transaction().execute((trx) => recordAudit(trx, act, [entry])));
  } catch (error) {
    console.error(`The import of ${fileName} was saved but not logged:`, error);
  }
}
