import { sql, type Kysely, type Transaction } from "kysely";
import type { components } from "../../../openapi/schema.d.ts";
import { recordAudit } from "../audit/record.ts";
import type { Admin } from "../auth/principal.ts";
import type { Database, PushProviderName } from "../db/schema.ts";
import { claimIdempotencyKey, requestFingerprint } from "../idempotency.ts";
import { audienceCondition, checkRecipients, type Audience } from "./audience.ts";

export type NotificationResult = components["schemas"]["NotificationResult"];

export interface Compose {
  channel: string;
  from: string;
  title: string;
  message: string;
}

export interface SendRequest {
  /** The election round the notification is sent in; its history lists it there only. */
  roundId: number;
  admin: Admin;
  audience: Audience;
  compose: Compose;
  provider: PushProviderName;
  /** Web Push is on: a live subscription makes an observer reachable too. */
  webPush: boolean;
  /** The client's Idempotency-Key: the same request with it again from the same admin answers the first notification. */
  idempotencyKey: string | undefined;
  now: Date;
}

/**
 * Records a notification and every recipient in one transaction: `queued` with a device registered on the
 * channel or (Web Push on) a live Web Push subscription, `no_device` otherwise. One INSERT … SELECT, so 20,000 recipients take one statement. `replayed` when
 * the same request came with the idempotency key before: nothing is recorded, the first notification's result is
 * answered; the key with another audience or message is a 422.
 */
export async function recordNotification(db: Kysely<Database>, request: SendRequest): Promise<{ replayed: boolean; result: NotificationResult }> {
  const { admin, audience, idempotencyKey } = request;
  const result = await db.transaction().execute(async (trx) => {
    if (idempotencyKey !== undefined && !(await claimIdempotencyKey(trx, admin.adminId, idempotencyKey, fingerprintOf(request)))) return null;
    if (audience.kind === "selected") await checkRecipients(trx, admin, request.roundId, audience.observerIds);
    return insertNotification(trx, request);
  });
  if (result) return { replayed: false, result };
  return { replayed: true, result: (await resultByKey(db, request.roundId, admin, idempotencyKey!))! };
}

/**
 * The operation, its round and its body as the contract names them; the recipients are a set. The round is the target:
 * the same key and message in another round is another request (a 422), not a replay of the first round's notification.
 */
function fingerprintOf({ roundId, audience, compose }: SendRequest): string {
  const { channel, from, title, message } = compose;
  const target = { electionRoundId: roundId };
  return audience.kind === "selected"
    ? requestFingerprint("sendNotification", target, { channel, from, title, message, recipients: [...new Set(audience.observerIds)].sort((a, b) => a - b) })
    : requestFingerprint("sendNotificationToAll", target, { channel, from, title, message });
}

/** Logged as `notification.sent` about the sender's NGO's notification, with its recipients as the count; a replay is not logged. */
async function insertNotification(trx: Transaction<Database>, { roundId, admin, audience, compose, provider, webPush, idempotencyKey, now }: SendRequest) {
  const inserted = await trx
    .insertInto("notification")
    .values({
      electionRoundId: roundId,
      title: compose.title,
      message: compose.message,
      channel: compose.channel,
      senderFrom: compose.from,
      senderAdminId: admin.adminId,
      senderAccount: admin.account,
      senderNgoId: admin.ngoId,
      sentAt: now,
      audience: audience.kind,
      provider,
      idempotencyKey: idempotencyKey ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const { rows } = await sql<{ recipients: number; unreachable: number }>`
    WITH added AS (
      INSERT INTO notification_recipient (notification_id, observer_id, status, updated_at)
      SELECT ${inserted.id}, o.id,
        CASE WHEN EXISTS (SELECT 1 FROM notification_registration g WHERE g.observer_id = o.id AND g.channel_name = ${compose.channel})
            OR (${webPush} AND EXISTS (SELECT 1 FROM web_push_subscription w WHERE w.observer_id = o.id AND w.retired_at IS NULL))
          THEN 'queued' ELSE 'no_device' END,
        ${now}
      FROM observer o
      WHERE ${audienceCondition(admin, roundId, audience)}
      RETURNING status)
    SELECT count(*)::int AS recipients, (count(*) FILTER (WHERE status = 'no_device'))::int AS unreachable FROM added`.execute(trx);
  const { recipients, unreachable } = rows[0]!;
  await recordAudit(trx, { admin, at: now }, [
    {
      action: "notification.sent",
      subject: { type: "notification", id: inserted.id, label: compose.title },
      ngoId: admin.ngoId,
      roundId,
      changes: [
        { field: "audience", from: null, to: audience.kind },
        { field: "message", from: null, to: compose.message },
      ],
      count: recipients,
    },
  ]);
  return { id: inserted.id, recipients, reachable: recipients - unreachable, notReachable: unreachable, provider };
}

async function resultByKey(db: Kysely<Database>, roundId: number, admin: Admin, key: string): Promise<NotificationResult | undefined> {
  const { rows } = await sql<{ id: number; provider: PushProviderName; recipients: number; unreachable: number }>`
    SELECT n.id, n.provider, count(r.observer_id)::int AS recipients,
      (count(*) FILTER (WHERE r.status = 'no_device'))::int AS unreachable
    FROM notification n LEFT JOIN notification_recipient r ON r.notification_id = n.id
    WHERE n.sender_admin_id = ${admin.adminId} AND n.idempotency_key = ${key} AND n.election_round_id = ${roundId}
    GROUP BY n.id`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  return { id: row.id, recipients: row.recipients, reachable: row.recipients - row.unreachable, notReachable: row.unreachable, provider: row.provider };
}
