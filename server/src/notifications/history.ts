import { sql, type Kysely } from "kysely";
import type { components } from "../../../openapi/schema.d.ts";
import type { NgoScope } from "../auth/scope.ts";
import { romanianOrder } from "../db/romanian-order.ts";
import type { Database, RecipientStatus } from "../db/schema.ts";
import { fail } from "../problem.ts";

type HistoryItem = components["schemas"]["NotificationHistoryItem"];
type Recipient = components["schemas"]["NotificationRecipient"];
interface Paging {
  page: number;
  pageSize: number;
}

/** The notifications of one round that the scope sees: every NGO's (organizers) or the sender NGO's own. */
const inScope = (scope: NgoScope, roundId: number) =>
  scope.kind === "ngo" ? sql`n.election_round_id = ${roundId} AND n.sender_ngo_id = ${scope.ngoId}` : sql`n.election_round_id = ${roundId}`;

/** A round's history, newest first, each notification with its recipients counted per status. */
export async function listNotificationHistory(db: Kysely<Database>, scope: NgoScope, roundId: number, { page, pageSize }: Paging) {
  const total = await sql<{ count: number }>`SELECT count(*)::int AS count FROM notification n WHERE ${inScope(scope, roundId)}`.execute(db);
  const { rows } = await sql<Omit<HistoryItem, "statuses" | "sentAt"> & { sentAt: Date } & Record<"queued" | "sent" | "failed" | "nodevice" | "notpushed", number>>`
    SELECT n.id, n.title, n.message, n.channel, n.sender_from AS "from", n.sent_at,
      coalesce(a.account, n.sender_account, '') AS sender_account, ngo.name AS sender_ngo_name, n.audience, n.provider,
      c.recipients, c.queued, c.sent, c.failed, c.nodevice, c.notpushed
    FROM notification n
    JOIN ngo ON ngo.id = n.sender_ngo_id
    LEFT JOIN ngo_admin a ON a.id = n.sender_admin_id
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS recipients,
        (count(*) FILTER (WHERE r.status = 'queued'))::int AS queued,
        (count(*) FILTER (WHERE r.status = 'sent'))::int AS sent,
        (count(*) FILTER (WHERE r.status = 'failed'))::int AS failed,
        (count(*) FILTER (WHERE r.status = 'no_device'))::int AS nodevice,
        (count(*) FILTER (WHERE r.status = 'not_pushed'))::int AS notpushed
      FROM notification_recipient r WHERE r.notification_id = n.id) c
    WHERE ${inScope(scope, roundId)}
    ORDER BY n.sent_at DESC, n.id DESC
    LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`.execute(db);
  const items = rows.map(({ queued, sent, failed, nodevice, notpushed, sentAt, ...item }): HistoryItem => ({
    ...item,
    sentAt: sentAt.toISOString(),
    statuses: { queued, sent, failed, noDevice: nodevice, notPushed: notpushed },
  }));
  return { items, totalItems: total.rows[0]!.count };
}

/**
 * One notification's recipients by name, then id; a notification of another round, or another NGO's to an NGO admin,
 * is a 404. Recipients belong to their notification, so finding it in the round is the round's whole check.
 */
export async function listRecipients(
  db: Kysely<Database>,
  scope: NgoScope,
  roundId: number,
  id: number,
  status: RecipientStatus | undefined,
  { page, pageSize }: Paging,
) {
  const found = await sql`SELECT 1 FROM notification n WHERE n.id = ${id} AND ${inScope(scope, roundId)}`.execute(db);
  if (found.rows.length === 0) throw fail.notFound(`No notification with id ${id}.`);
  const withStatus = status === undefined ? sql`true` : sql`r.status = ${status}`;
  const total = await sql<{ count: number }>`
    SELECT count(*)::int AS count FROM notification_recipient r WHERE r.notification_id = ${id} AND ${withStatus}`.execute(db);
  const { rows } = await sql<Omit<Recipient, "updatedAt"> & { updatedAt: Date }>`
    SELECT r.observer_id, o.name, o.phone, r.status, r.reason, r.updated_at
    FROM notification_recipient r JOIN observer o ON o.id = r.observer_id
    WHERE r.notification_id = ${id} AND ${withStatus}
    ORDER BY ${romanianOrder("o.name")}, o.id
    LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`.execute(db);
  const items = rows.map(({ updatedAt, ...recipient }): Recipient => ({ ...recipient, updatedAt: updatedAt.toISOString() }));
  return { items, totalItems: total.rows[0]!.count };
}
