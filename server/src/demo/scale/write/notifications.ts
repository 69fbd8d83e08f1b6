import { sql } from "kysely";
import type { Tx } from "../../write/ids.ts";
import type { ScaleNotificationPlan } from "../plan.ts";

/** One recipient with a device in 50 failed (a retired token), as the provider answers on a real day. */
const FAILED_EVERY = 50;

/**
 * Notifications `first`.. (their position in the plan, from 1) with their recipients, as sendNotification records
 * them and the fan-out leaves them: a county's observers who arrived at one of its stations (or everyone in the
 * sender's scope), `sent` with a device, `failed` for a few, `no_device` without one. Answers the rows written.
 */
export async function insertScaleNotifications(trx: Tx, plans: ScaleNotificationPlan[], first: number): Promise<number> {
  if (plans.length === 0) return 0;
  // Ids drawn up front, in plan order, so that a rerun of this chunk gives every notification the same place.
  const { rows: drawn } = await sql<{ id: number }>`
    SELECT nextval(pg_get_serial_sequence('notification', 'id'))::int AS id FROM generate_series(1, ${plans.length}::int)`.execute(trx);
  const ids = drawn.map((row) => row.id).sort((a, b) => a - b);
  await sql`
    CREATE TEMP TABLE planned ON COMMIT DROP AS
    SELECT * FROM unnest(
      ${ids}::int[], ${plans.map((_, index) => first + index)}::int[], ${plans.map((plan) => plan.title)}::text[],
      ${plans.map((plan) => plan.message)}::text[], ${plans.map((plan) => plan.sentAt.toISOString())}::timestamptz[],
      ${plans.map((plan) => plan.sender)}::text[], ${plans.map((plan) => plan.audience)}::text[], ${plans.map((plan) => plan.county)}::text[]
    ) AS p(id, position, title, message, sent_at, sender, audience, county)`.execute(trx);
  const notifications = await sql`
    INSERT INTO notification (id, title, message, channel, sender_from, sender_admin_id, sender_account, sender_ngo_id, sent_at, audience, provider)
    SELECT p.id, p.title, p.message, 'Firebase', 'Monitorizare Vot', a.id, a.account, a.ngo_id, p.sent_at, p.audience, 'firebase'
    FROM planned p JOIN ngo_admin a ON a.account = p.sender
    ORDER BY p.id`.execute(trx);
  const recipients = await sql`
    INSERT INTO notification_recipient (notification_id, observer_id, status, reason, attempts, updated_at)
    SELECT p.id, o.id,
      CASE WHEN g.observer_id IS NULL THEN 'no_device'
           WHEN (substr(o.phone, 5)::int + p.position) % ${FAILED_EVERY} = 0 THEN 'failed' ELSE 'sent' END,
      CASE WHEN g.observer_id IS NOT NULL AND (substr(o.phone, 5)::int + p.position) % ${FAILED_EVERY} = 0
           THEN 'messaging/registration-token-not-registered' END,
      CASE WHEN g.observer_id IS NULL THEN 0 ELSE 1 END,
      p.sent_at + interval '2 seconds'
    FROM planned p
    JOIN ngo_admin a ON a.account = p.sender
    JOIN ngo n ON n.id = a.ngo_id
    JOIN observer o ON o.deleted_at IS NULL
      AND (CASE WHEN n.organizer THEN o.ngo_id IN (SELECT id FROM ngo WHERE is_active) ELSE o.ngo_id = n.id END)
    LEFT JOIN notification_registration g ON g.observer_id = o.id AND g.channel_name = 'Firebase'
    WHERE p.audience = 'all' OR EXISTS (
      SELECT 1 FROM polling_station_info i
      JOIN polling_station s ON s.id = i.polling_station_id
      JOIN county c ON c.id = s.county_id
      WHERE i.observer_id = o.id AND c.code = p.county AND i.observer_arrival_time IS NOT NULL)
    ORDER BY p.id, o.id`.execute(trx);
  return Number(notifications.numAffectedRows ?? 0) + Number(recipients.numAffectedRows ?? 0);
}
