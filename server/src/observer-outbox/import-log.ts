import type { Kysely } from "kysely";
import { observerLabel } from "../audit/labels.ts";
import { recordAudit, type StaffAct } from "../audit/record.ts";
import { requestSignal } from "../db/abandoned-requests.ts";
import type { Database } from "../db/schema.ts";
import type { JsonResponseOf } from "../http/handler.ts";

type ImportReport = JsonResponseOf<"importObserverOutbox", 200>;

/**
 * Logs an import of an observer's outbox file, whatever came of it: staff acted in the observer's name, so even a
 * file whose items were all there already or all refused is worth a line. Its own transaction after the items'
 * (each committed on its own), outside the request's context: the items are saved even if the entry is not, and a
 * client that went away must still leave its entry.
 */
export async function logOutboxImport(db: Kysely<Database>, observerId: number, report: ImportReport, act: StaffAct): Promise<void> {
  const changes = (["imported", "alreadyThere", "refused"] as const).map((field) => ({ field, from: null, to: String(report[field]) }));
  try {
    await requestSignal.exit(() =>
      db.transaction().execute(async (trx) => {
        const observer = await trx.selectFrom("observer").select(["name", "phone", "ngoId"]).where("id", "=", observerId).executeTakeFirstOrThrow();
        const subject = { type: "observer", id: observerId, label: observerLabel(observer) } as const;
        await recordAudit(trx, act, [{ action: "observer.outboxImported", subject, ngoId: observer.ngoId, roundId: null, changes, count: report.imported }]);
      }),
    );
  } catch (error) {
    console.error(`The outbox import for observer ${observerId} was saved but not logged:`, error);
  }
}
