import { createHash } from "node:crypto";
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "../../db/schema.ts";

/*
 * What makes two runs of the dataset "the same rows": every table read by natural key (phones, county codes and
 * station numbers, question codes, option positions, times), never by serial id, which a rolled-back chunk skips.
 * Each row's md5 is summed, so no 2,000,000-row sort is needed and the order rows were written in does not count.
 */

const epoch = (column: string) => sql.raw(`coalesce(extract(epoch FROM ${column})::text, '-')`);
/** Joins that name x's observer `o` and station `st` (county code and number) by their natural keys. */
const observerAndStation = sql.raw(`
  JOIN observer o ON o.id = x.observer_id
  JOIN (SELECT s.id, c.code || ' ' || s.number AS name FROM polling_station s JOIN county c ON c.id = s.county_id) st ON st.id = x.polling_station_id`);

const TABLES: Record<string, RawBuilder<unknown>> = {
  ngo: sql`SELECT concat_ws('|', short_name, name, organizer, is_active) FROM ngo`,
  ngo_admin: sql`SELECT concat_ws('|', a.account, n.short_name) FROM ngo_admin a JOIN ngo n ON n.id = a.ngo_id`,
  observer: sql`
    SELECT concat_ws('|', o.phone, o.name, n.short_name, o.mobile_device_id,
      ${epoch("o.device_register_date")}, ${epoch("o.created_at")}, ${epoch("o.deleted_at")})
    FROM observer o JOIN ngo n ON n.id = o.ngo_id`,
  notification_registration: sql`
    SELECT concat_ws('|', o.phone, x.channel_name, x.token, ${epoch("x.updated_at")})
    FROM notification_registration x JOIN observer o ON o.id = x.observer_id`,
  polling_station_info: sql`
    SELECT concat_ws('|', o.phone, st.name, ${epoch("x.observer_arrival_time")}, ${epoch("x.observer_leave_time")},
      ${epoch("x.last_modified")}, x.urban_area, x.is_president_female)
    FROM polling_station_info x ${observerAndStation}`,
  answer: sql`
    SELECT concat_ws('|', o.phone, st.name, q.code, qo.order_number, x.value, ${epoch("x.last_modified")})
    FROM answer x ${observerAndStation}
    JOIN question_option qo ON qo.id = x.option_id JOIN question q ON q.id = qo.question_id`,
  answer_thread: sql`
    SELECT concat_ws('|', o.phone, st.name, ${epoch("x.last_modified")}, x.flagged_count, ${epoch("x.urgent_since")}, x.state)
    FROM answer_thread x ${observerAndStation}`,
  answer_tally: sql`
    SELECT concat_ws('|', o.phone, st.name, f.code, x.answer_count, x.flagged_count, ${epoch("x.last_modified")})
    FROM answer_tally x ${observerAndStation} JOIN form f ON f.id = x.form_id`,
  observer_activity: sql`SELECT concat_ws('|', o.phone, ${epoch("x.last_seen")}) FROM observer_activity x JOIN observer o ON o.id = x.observer_id`,
  note: sql`
    SELECT concat_ws('|', o.phone, st.name, q.code, x.text, ${epoch("x.last_modified")}, a.files)
    FROM note x ${observerAndStation}
    LEFT JOIN question q ON q.id = x.question_id
    LEFT JOIN (SELECT note_id, string_agg(file_name || '=' || storage_key, ',' ORDER BY file_name) AS files FROM note_attachment GROUP BY note_id) a
      ON a.note_id = x.id`,
  notification: sql`SELECT concat_ws('|', title, message, sender_account, ${epoch("sent_at")}, audience, provider) FROM notification`,
  notification_recipient: sql`
    SELECT concat_ws('|', n.sender_account, ${epoch("n.sent_at")}, n.title, o.phone, x.status, x.reason, x.attempts)
    FROM notification_recipient x JOIN notification n ON n.id = x.notification_id JOIN observer o ON o.id = x.observer_id`,
};

export interface Fingerprint {
  /** Rows per table. */
  rows: Record<string, number>;
  /** One hash over every table's rows. */
  digest: string;
}

export async function fingerprint(db: Kysely<Database>): Promise<Fingerprint> {
  const rows: Record<string, number> = {};
  const hash = createHash("sha256");
  for (const [table, texts] of Object.entries(TABLES)) {
    const { rows: result } = await sql<{ count: number; digest: string | null }>`
      SELECT count(*)::int AS count, sum(('x' || substr(md5(t), 1, 15))::bit(60)::bigint)::text AS digest FROM (${texts}) AS r(t)`.execute(db);
    rows[table] = result[0]!.count;
    hash.update(`${table}:${result[0]!.count}:${result[0]!.digest ?? "0"}\n`);
  }
  return { rows, digest: hash.digest("hex").slice(0, 16) };
}
