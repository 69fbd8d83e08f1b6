import { sql, type Kysely } from "kysely";
import type { components } from "../../../openapi/schema.d.ts";
import type { AuditAction, AuditSubjectType, Database } from "../db/schema.ts";
import type { EveryNgo } from "./scope.ts";

export type AuditEntry = components["schemas"]["AuditEntry"];

export interface AuditFilter {
  /** Only the organizers' scope reads the log (scope.ts). */
  scope: EveryNgo;
  subjectType?: AuditSubjectType;
  subjectId?: number;
  action?: AuditAction;
  ngoId?: number;
  search?: string;
  from?: Date;
  to?: Date;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, "\\$&");

function matching(db: Kysely<Database>, filter: AuditFilter) {
  let query = db.selectFrom("auditEntry as e");
  if (filter.subjectType !== undefined) query = query.where("e.subjectType", "=", filter.subjectType);
  if (filter.subjectId !== undefined) query = query.where("e.subjectId", "=", filter.subjectId);
  if (filter.action !== undefined) query = query.where("e.action", "=", filter.action);
  if (filter.ngoId !== undefined) query = query.where("e.ngoId", "=", filter.ngoId);
  if (filter.from !== undefined) query = query.where("e.at", ">=", filter.from);
  if (filter.to !== undefined) query = query.where("e.at", "<=", filter.to);
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    query = query.where((eb) => eb.or([eb("e.subjectLabel", "ilike", pattern), eb("e.actorAccount", "ilike", pattern)]));
  }
  return query;
}

export async function countAuditEntries(db: Kysely<Database>, filter: AuditFilter): Promise<number> {
  const row = await matching(db, filter).select(sql<number>`count(*)::int`.as("count")).executeTakeFirstOrThrow();
  return row.count;
}

// Whether the subject can still be opened; a soft-deleted observer cannot, a thread can while it has answers.
const subjectExists = sql<boolean>`CASE e.subject_type
  WHEN 'observer' THEN EXISTS (SELECT 1 FROM observer s WHERE s.id = e.subject_id AND s.deleted_at IS NULL)
  WHEN 'ngo' THEN EXISTS (SELECT 1 FROM ngo s WHERE s.id = e.subject_id)
  WHEN 'ngoAdmin' THEN EXISTS (SELECT 1 FROM ngo_admin s WHERE s.id = e.subject_id)
  WHEN 'form' THEN EXISTS (SELECT 1 FROM form s WHERE s.id = e.subject_id)
  WHEN 'notification' THEN EXISTS (SELECT 1 FROM notification s WHERE s.id = e.subject_id)
  WHEN 'station' THEN EXISTS (SELECT 1 FROM polling_station s WHERE s.id = e.subject_id)
  WHEN 'electionRound' THEN EXISTS (SELECT 1 FROM election_round s WHERE s.id = e.subject_id)
  WHEN 'thread' THEN EXISTS (
    SELECT 1 FROM answer_thread s WHERE s.observer_id = e.subject_id AND s.polling_station_id = e.subject_station_id)
  ELSE false END`;

/** One page, newest first; the subjects and actors are looked up for that page's entries only. */
export async function listAuditPage(
  db: Kysely<Database>,
  filter: AuditFilter,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<AuditEntry[]> {
  const entries = matching(db, filter)
    .selectAll("e")
    .orderBy("e.at", "desc")
    .orderBy("e.id", "desc")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .as("e");
  const rows = await db
    .selectFrom(entries)
    // Admin ids come from a sequence and are never reused: a missing row means the account was deleted.
    .leftJoin("ngoAdmin as a", "a.id", "e.actorAdminId")
    .selectAll("e")
    .select(["a.id as actorStillId", subjectExists.as("subjectExists")])
    .orderBy("e.at", "desc")
    .orderBy("e.id", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    actor: { adminId: row.actorStillId, account: row.actorAccount, ngoName: row.actorNgoName },
    subject: {
      type: row.subjectType,
      id: row.subjectId,
      ...(row.subjectStationId === null ? {} : { pollingStationId: row.subjectStationId }),
      label: row.subjectLabel,
      exists: row.subjectExists,
    },
    ngoId: row.ngoId,
    ngoName: row.ngoName,
    electionRoundId: row.electionRoundId,
    changes: row.changes,
    ...(row.count === null ? {} : { count: row.count }),
  }));
}
