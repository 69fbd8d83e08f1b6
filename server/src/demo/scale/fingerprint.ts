import { createHash } from "node:crypto";
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "../../db/schema.ts";

/*
 * What makes two runs of the dataset "the same rows": every table read by natural key (phones, county codes and
 * station numbers, question codes, option positions, times), never by serial id, which a rolled-back chunk skips.
 * Each row's md5 is summed, so no 2,000,000-row sort is needed and the order rows were written in does not count.
 * A round's rows are counted and hashed per round too (by its name), so that each round of the dataset has its own.
 */

const epoch = (column: string) => sql.raw(`coalesce(extract(epoch FROM ${column})::text, '-')`);
/** Joins that name x's observer `o` and station `st` (county code and number) by their natural keys. */
const observerAndStation = sql.raw(`
  JOIN observer o ON o.id = x.observer_id
  JOIN (SELECT s.id, c.code || ' ' || s.number AS name FROM polling_station s JOIN county c ON c.id = s.county_id) st ON st.id = x.polling_station_id`);

/** x's round by its name (a round's natural key), joined as `r`. */
const round = (x: string) => sql.raw(`JOIN election_round r ON r.id = ${x}.election_round_id`);

/** Each table's rows as (round, text): the round's name for a round's rows, '-' for rows of every round. */
const TABLES: Record<string, RawBuilder<unknown>> = {
  election_round: sql`SELECT name, concat_ws('|', name, election_day, status, ${epoch("created_at")}, ${epoch("status_changed_at")}) FROM election_round`,
  election_round_ngo: sql`SELECT r.name, n.short_name FROM election_round_ngo x ${round("x")} JOIN ngo n ON n.id = x.ngo_id`,
  ngo: sql`SELECT '-', concat_ws('|', short_name, name, organizer, is_active) FROM ngo`,
  ngo_admin: sql`SELECT '-', concat_ws('|', a.account, n.short_name) FROM ngo_admin a JOIN ngo n ON n.id = a.ngo_id`,
  observer: sql`
    SELECT '-', concat_ws('|', o.phone, o.name, n.short_name, o.mobile_device_id,
      ${epoch("o.device_register_date")}, ${epoch("o.created_at")}, ${epoch("o.deleted_at")})
    FROM observer o JOIN ngo n ON n.id = o.ngo_id`,
  notification_registration: sql`
    SELECT '-', concat_ws('|', o.phone, x.channel_name, x.token, ${epoch("x.updated_at")})
    FROM notification_registration x JOIN observer o ON o.id = x.observer_id`,
  polling_station: sql`
    SELECT r.name, concat_ws('|', c.code, x.number, x.locality, x.institution, x.address, x.registered_voters, x.status)
    FROM polling_station x ${round("x")} JOIN county c ON c.id = x.county_id`,
  question_option: sql`
    SELECT r.name, concat_ws('|', f.code, f.draft, s.code, q.code, q.text, o.order_number, o.text, o.flagged, o.is_free_text)
    FROM question_option o JOIN question q ON q.id = o.question_id JOIN form_section s ON s.id = q.section_id
    JOIN form f ON f.id = s.form_id JOIN election_round r ON r.id = f.election_round_id`,
  station_assignment: sql`
    SELECT r.name, concat_ws('|', o.phone, st.name, ${epoch("x.assigned_at")}) FROM station_assignment x ${round("x")} ${observerAndStation}`,
  polling_station_info: sql`
    SELECT r.name, concat_ws('|', o.phone, st.name, ${epoch("x.observer_arrival_time")}, ${epoch("x.observer_leave_time")},
      ${epoch("x.last_modified")}, x.urban_area, x.is_president_female)
    FROM polling_station_info x ${round("x")} ${observerAndStation}`,
  answer: sql`
    SELECT r.name, concat_ws('|', o.phone, st.name, q.code, qo.order_number, x.value, ${epoch("x.last_modified")})
    FROM answer x ${round("x")} ${observerAndStation}
    JOIN question_option qo ON qo.id = x.option_id JOIN question q ON q.id = qo.question_id`,
  answer_thread: sql`
    SELECT r.name, concat_ws('|', o.phone, st.name, ${epoch("x.last_modified")}, x.flagged_count, ${epoch("x.urgent_since")}, x.state)
    FROM answer_thread x ${round("x")} ${observerAndStation}`,
  answer_tally: sql`
    SELECT r.name, concat_ws('|', o.phone, st.name, f.code, x.answer_count, x.flagged_count, ${epoch("x.last_modified")})
    FROM answer_tally x ${round("x")} ${observerAndStation} JOIN form f ON f.id = x.form_id`,
  station_presence: sql`
    SELECT r.name, concat_ws('|', o.phone, st.name, x.arrived, x.noted, cardinality(x.form_ids), x.flagged_count, ${epoch("x.last_activity")})
    FROM station_presence x ${round("x")} ${observerAndStation}`,
  observer_activity: sql`SELECT '-', concat_ws('|', o.phone, ${epoch("x.last_seen")}) FROM observer_activity x JOIN observer o ON o.id = x.observer_id`,
  note: sql`
    SELECT r.name, concat_ws('|', o.phone, st.name, q.code, x.text, ${epoch("x.last_modified")}, a.files)
    FROM note x ${round("x")} ${observerAndStation}
    LEFT JOIN question q ON q.id = x.question_id
    LEFT JOIN (SELECT note_id, string_agg(file_name || '=' || storage_key, ',' ORDER BY file_name) AS files FROM note_attachment GROUP BY note_id) a
      ON a.note_id = x.id`,
  notification: sql`
    SELECT r.name, concat_ws('|', title, message, sender_account, ${epoch("sent_at")}, audience, provider) FROM notification x ${round("x")}`,
  notification_recipient: sql`
    SELECT r.name, concat_ws('|', n.sender_account, ${epoch("n.sent_at")}, n.title, o.phone, x.status, x.reason, x.attempts)
    FROM notification_recipient x JOIN notification n ON n.id = x.notification_id ${round("n")} JOIN observer o ON o.id = x.observer_id`,
};

export interface RoundFingerprint {
  /** The round's name; '-' for the rows of every round (NGOs, admins, observers, their devices and activity). */
  round: string;
  /** Its rows per table. */
  rows: Record<string, number>;
  /** One hash over its rows. */
  digest: string;
}

export interface Fingerprint {
  /** Rows per table, every round's. */
  rows: Record<string, number>;
  /** The same per round, in the rounds' order (by election day), the rows of every round first. */
  rounds: RoundFingerprint[];
  /** One hash over every table's rows. */
  digest: string;
}

export async function fingerprint(db: Kysely<Database>): Promise<Fingerprint> {
  const rows: Record<string, number> = {};
  const rounds = new Map<string, { rows: Record<string, number>; hash: ReturnType<typeof createHash> }>();
  const hash = createHash("sha256");
  const { rows: named } = await sql<{ name: string }>`SELECT name FROM election_round ORDER BY election_day, id`.execute(db);
  for (const name of ["-", ...named.map((row) => row.name)]) rounds.set(name, { rows: {}, hash: createHash("sha256") });
  for (const [table, texts] of Object.entries(TABLES)) {
    const { rows: result } = await sql<{ round: string; count: number; digest: string | null }>`
      SELECT round, count(*)::int AS count, sum(('x' || substr(md5(t), 1, 15))::bit(60)::bigint)::text AS digest
      FROM (${texts}) AS r(round, t) GROUP BY round ORDER BY round`.execute(db);
    rows[table] = 0;
    for (const row of result) {
      rows[table] += row.count;
      hash.update(`${table}:${row.round}:${row.count}:${row.digest ?? "0"}\n`);
      const perRound = rounds.get(row.round)!;
      perRound.rows[table] = row.count;
      perRound.hash.update(`${table}:${row.count}:${row.digest ?? "0"}\n`);
    }
  }
  return {
    rows,
    rounds: [...rounds].filter(([, round]) => Object.keys(round.rows).length > 0).map(([round, { rows, hash }]) => ({ round, rows, digest: hash.digest("hex").slice(0, 16) })),
    digest: hash.digest("hex").slice(0, 16),
  };
}
