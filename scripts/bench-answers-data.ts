import { sql, type Kysely } from "kysely";
import { hashSecret, PIN_COST } from "../server/src/auth/password.ts";
import type { DatabaseHandle } from "../server/src/db/database.ts";
import type { Database } from "../server/src/db/schema.ts";

export const BENCH_OBSERVERS = 5_000;
export const ANSWERS_PER_OBSERVER = 40;
export const BENCH_PIN = "1234";
/** Bench observers' phones: 0756 then the observer's number on six digits. */
export const benchPhone = (n: number) => `0756${String(n).padStart(6, "0")}`;
const CHUNK = 500;

/*
 * Election day at scale, written set-based straight into the database (the answer_thread triggers keep the
 * threads as submitAnswers would): 5,000 observers in the two active NGOs, each with 40 answers split over two
 * stations (20 questions each, one option per question, about 2% of the answers on a flagged option), arrival
 * facts for both stations, and a note (every other one with a photo) for one observer in five.
 */
export async function fillElectionDay(database: DatabaseHandle): Promise<number> {
  // One connection without the server's statement timeout: these statements write tens of thousands of rows.
  return database.db.connection().execute(async (db) => {
    await sql`SET statement_timeout = 0`.execute(db);
    return fill(db);
  });
}

async function fill(db: Kysely<Database>): Promise<number> {
  const pinHash = await hashSecret(BENCH_PIN, PIN_COST);
  await sql`
    INSERT INTO observer (ngo_id, phone, name, pin_hash, device_register_date)
    SELECT 1 + (n % 2), '0756' || lpad(n::text, 6, '0'),
           (ARRAY['Ion','Maria','Andrei','Elena','Mihai','Ioana'])[1 + n % 6] || ' ' ||
           (ARRAY['Popescu','Ionescu','Popa','Dumitru','Stan','Stoica','Gheorghe'])[1 + n % 7] || ' ' || n,
           ${pinHash}, now()
    FROM generate_series(1, ${BENCH_OBSERVERS}) n`.execute(db);
  for (let first = 1; first <= BENCH_OBSERVERS; first += CHUNK) {
    await insertAnswers(db, first, first + CHUNK - 1);
  }
  await sql`
    INSERT INTO polling_station_info (observer_id, polling_station_id, last_modified, observer_arrival_time, urban_area, is_president_female)
    SELECT observer_id, polling_station_id, min(last_modified), min(last_modified) - interval '30 minutes',
           observer_id % 3 = 0, observer_id % 2 = 0
    FROM answer a JOIN observer o ON o.id = a.observer_id AND o.phone LIKE '0756%'
    GROUP BY observer_id, polling_station_id
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`
    INSERT INTO note (observer_id, polling_station_id, text, last_modified)
    SELECT t.observer_id, min(t.polling_station_id), 'Coadă lungă la intrare, ușa s-a deschis târziu.', now()
    FROM answer_thread t JOIN observer o ON o.id = t.observer_id AND o.phone LIKE '0756%' AND o.id % 5 = 0
    GROUP BY t.observer_id`.execute(db);
  await sql`
    INSERT INTO note_attachment (note_id, file_name, mime_type, storage_key, size_bytes)
    SELECT n.id, 'photo.png', 'image/png', 'bench/' || n.id, 4096
    FROM note n JOIN observer o ON o.id = n.observer_id AND o.phone LIKE '0756%' WHERE n.id % 2 = 0`.execute(db);
  await sql`ANALYZE`.execute(db);
  const { count } = await db.selectFrom("answer").select((eb) => eb.fn.countAll<string>().as("count")).executeTakeFirstOrThrow();
  return Number(count);
}

/** Bench observers number `first`..`last`: 40 answers each, in one statement (the triggers see one batch). */
async function insertAnswers(db: Kysely<Database>, first: number, last: number) {
  await sql`
    WITH obs AS (
      SELECT id, substr(phone, 5)::int AS n FROM observer WHERE phone LIKE '0756%' AND substr(phone, 5)::int BETWEEN ${first} AND ${last}
    ), questions AS (
      SELECT q.id, row_number() OVER (ORDER BY f.display_order, f.id, s.order_number, q.order_number, q.id) AS qn
      FROM question q JOIN form_section s ON s.id = q.section_id JOIN form f ON f.id = s.form_id WHERE NOT f.draft
    ), question_count AS (SELECT count(*)::int AS total FROM questions
    ), options AS (
      SELECT id, question_id, is_free_text,
             row_number() OVER (PARTITION BY question_id ORDER BY flagged, order_number, id) - 1 AS idx,
             count(*) FILTER (WHERE NOT flagged) OVER (PARTITION BY question_id) AS regular,
             count(*) FILTER (WHERE flagged) OVER (PARTITION BY question_id) AS flagged_count
      FROM question_option
    ), stations AS (
      SELECT id, row_number() OVER (ORDER BY id) AS rn FROM polling_station
    ), station_count AS (SELECT count(*) AS total FROM polling_station
    ), slots AS (
      SELECT o.id AS observer_id, o.n, k,
             1 + (k % 20) + CASE WHEN k < 20 THEN o.n % (qc.total - 19) ELSE (o.n * 7) % (qc.total - 19) END AS qn,
             -- the second station is never the first one: an offset of 1..total-1 from it
             1 + ((o.n::bigint * 7919) + CASE WHEN k < 20 THEN 0 ELSE 1 + (o.n::bigint * 104729 + 17) % (sc.total - 1) END) % sc.total AS station_rn,
             (o.n * 31 + k * 17) % 100 < 2 AS wants_flag,
             o.n * 13 + k AS option_hash
      FROM obs o CROSS JOIN generate_series(0, ${ANSWERS_PER_OBSERVER - 1}) k CROSS JOIN question_count qc CROSS JOIN station_count sc
    )
    INSERT INTO answer (observer_id, option_id, polling_station_id, value, last_modified)
    SELECT s.observer_id, opt.id, st.id, CASE WHEN opt.is_free_text THEN 'Observație liberă' END,
           now() - ((s.n * 37 + s.k * 11) % 720) * interval '1 minute'
    FROM slots s
    JOIN questions q ON q.qn = s.qn
    JOIN options opt ON opt.question_id = q.id
      AND opt.idx = CASE WHEN s.wants_flag AND opt.flagged_count > 0 THEN opt.regular + s.option_hash % opt.flagged_count
                         ELSE s.option_hash % greatest(opt.regular, 1) END
    JOIN stations st ON st.rn = s.station_rn`.execute(db);
}
