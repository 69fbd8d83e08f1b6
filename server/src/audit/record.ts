import { sql, type Transaction } from "kysely";
import type { Admin } from "../auth/principal.ts";
import type { AuditAction, AuditChange, AuditSubjectType, Database } from "../db/schema.ts";

/** The signed-in admin making a change, and the time of it on the app's clock. */
export interface StaffAct {
  admin: Admin;
  at: Date;
}

/**
 * Who creates an NGO or an admin: a staff member through the API, or the operator at the server's command line
 * (`npm run admin:create`), who has no staff account and whose setup is not a staff action, so not logged.
 */
export type Creator = StaffAct | "operator";

/** The act of the admin a handler serves, at the app's time. */
export const staffAct = (admin: Admin, clock: () => Date): StaffAct => ({ admin, at: clock() });

/** One entry: what happened to which subject. */
export interface AuditRecord {
  action: AuditAction;
  subject: {
    type: AuditSubjectType;
    /** Null only for an action about no single subject (forms.reordered); a thread's observer otherwise. */
    id: number | null;
    /** Threads only. */
    pollingStationId?: number;
    /** The subject's name as the log shows it (see labels.ts). */
    label: string;
  };
  /** The NGO the subject belongs to; null for forms. */
  ngoId: number | null;
  /** The election round the subject is of (a form, a station, a thread, a notification, an assignment, a round); null for NGOs, their admins and observers, which are across rounds. */
  roundId: number | null;
  changes?: readonly AuditChange[];
  count?: number;
}

const ngoName = (ngoId: number) => sql<string>`(SELECT name FROM ngo WHERE id = ${ngoId})`;

/**
 * Appends entries in the caller's transaction (the type insists on one), so they commit with the change or not at
 * all. NGO names are read here, as the transaction sees them: record an NGO's deletion before the DELETE and its
 * rename after the UPDATE. Call it before recordLiveEvents, which must come last.
 */
export async function recordAudit(trx: Transaction<Database>, act: StaffAct, entries: readonly AuditRecord[]): Promise<void> {
  if (entries.length === 0) return;
  const rows = entries.map(({ action, subject, ngoId, roundId, changes = [], count }) => ({
    at: act.at,
    action,
    actorAdminId: act.admin.adminId,
    actorAccount: act.admin.account,
    actorNgoName: ngoName(act.admin.ngoId),
    subjectType: subject.type,
    subjectId: subject.id,
    subjectStationId: subject.pollingStationId ?? null,
    subjectLabel: subject.label,
    ngoId,
    ngoName: ngoId === null ? null : ngoName(ngoId),
    // A JSON text cast on the database's side: the pg driver would send a JavaScript array as a PostgreSQL array.
    changes: sql<string>`${JSON.stringify(changes)}::jsonb`,
    count: count ?? null,
    electionRoundId: roundId,
  }));
  await trx.insertInto("auditEntry").values(rows).execute();
}
