import { performance } from "node:perf_hooks";
import { sql, type Kysely } from "kysely";
import { hashSecret, PIN_COST } from "../server/src/auth/password.ts";
import type { DatabaseHandle } from "../server/src/db/database.ts";
import type { Database } from "../server/src/db/schema.ts";

export const STAT_OBSERVERS = 20_000;
/** Each observer reports at three stations (mobile teams), one option for each published question there. */
const STATIONS_PER_OBSERVER = 3;
/** Stations 1..OBSERVED_STATIONS (by id order) get observers; the rest of the 19,171 stay unobserved. */
const OBSERVED_STATIONS = 17_000;
const CHUNK = 1_000;

/*
 * Election day at the statistics' scale, written set-based straight into the database with the answer triggers
 * on (they keep threads and tallies as submitAnswers would): 20,000 observers of the two active NGOs, one in 50
 * deleted afterwards, each answering every published question (34) at each of three stations, 100 answers per
 * observer, about 3% of them on a flagged option, spread over the last 12 hours; arrival facts for every
 * station visited and a note for one observer in five.
 */
export async function fillStatisticsDay(database: DatabaseHandle, log: (line: string) => void): Promise<number> {
  return database.db.connection().execute(async (db) => {
    await sql`SET statement_timeout = 0`.execute(db);
    return fill(db, log);
  });
}

async function fill(db: Kysely<Database>, log: (line: string) => void): Promise<number> {
  const pinHash = await hashSecret("1234", PIN_COST);
  await sql`
    INSERT INTO observer (ngo_id, phone, name, pin_hash)
    SELECT 1 + (n % 2), '0757' || lpad(n::text, 6, '0'),
           (ARRAY['Ion','Maria','Andrei','Elena','Mihai','Ioana'])[1 + n % 6] || ' ' ||
           (ARRAY['Popescu','Ionescu','Popa','Dumitru','Stan','Stoica','Gheorghe'])[1 + n % 7] || ' ' || n,
           ${pinHash}
    FROM generate_series(1, ${STAT_OBSERVERS}) n`.execute(db);
  const started = performance.now();
  for (let first = 1; first <= STAT_OBSERVERS; first += CHUNK) {
    await insertAnswers(db, first, first + CHUNK - 1);
    if ((first - 1) % (CHUNK * 5) === 0) log(`    observers ${first}–${first + CHUNK - 1} answered, ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  await sql`
    INSERT INTO polling_station_info (observer_id, polling_station_id, last_modified, observer_arrival_time, urban_area)
    SELECT t.observer_id, t.polling_station_id, t.last_modified, t.last_modified - interval '30 minutes', t.observer_id % 3 = 0
    FROM answer_thread t JOIN observer o ON o.id = t.observer_id AND o.phone LIKE '0757%'
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`
    INSERT INTO note (observer_id, polling_station_id, text, last_modified)
    SELECT t.observer_id, min(t.polling_station_id), 'Coadă lungă la intrare.', now() - interval '20 minutes'
    FROM answer_thread t JOIN observer o ON o.id = t.observer_id AND o.phone LIKE '0757%' AND o.id % 5 = 0
    GROUP BY t.observer_id`.execute(db);
  await sql`UPDATE observer SET deleted_at = now() WHERE phone LIKE '0757%' AND substr(phone, 5)::int % 50 = 0`.execute(db);
  await sql`VACUUM ANALYZE`.execute(db);
  const { count } = await db.selectFrom("answer").select((eb) => eb.fn.countAll<string>().as("count")).executeTakeFirstOrThrow();
  return Number(count);
}

/** Observers number `first`..`last`: each published question once at each of their three stations, in one statement. */
async function insertAnswers(db: Kysely<Database>, first: number, last: number) {
  await sql`
    WITH obs AS (
      SELECT id, substr(phone, 5)::int AS n FROM observer WHERE phone LIKE '0757%' AND substr(phone, 5)::int BETWEEN ${first} AND ${last}
    ), questions AS (
      SELECT q.id, row_number() OVER (ORDER BY f.display_order, f.id, s.order_number, q.order_number, q.id) - 1 AS qn
      FROM question q JOIN form_section s ON s.id = q.section_id JOIN form f ON f.id = s.form_id WHERE NOT f.draft
    ), options AS (
      SELECT id, question_id, is_free_text,
             row_number() OVER (PARTITION BY question_id ORDER BY flagged, order_number, id) - 1 AS idx,
             count(*) FILTER (WHERE NOT flagged) OVER (PARTITION BY question_id) AS regular,
             count(*) FILTER (WHERE flagged) OVER (PARTITION BY question_id) AS flagged_count
      FROM question_option
    ), stations AS (
      SELECT id, row_number() OVER (ORDER BY id) - 1 AS rn FROM polling_station
    ), slots AS (
      SELECT o.id AS observer_id, o.n, j, q.id AS question_id, q.qn,
             ((o.n::bigint * ${STATIONS_PER_OBSERVER} + j) * 7919) % ${OBSERVED_STATIONS} AS station_rn,
             (o.n * 31 + j * 7 + q.qn * 17) % 100 < 3 AS wants_flag,
             o.n * 13 + j * 5 + q.qn AS option_hash
      FROM obs o CROSS JOIN generate_series(0, ${STATIONS_PER_OBSERVER - 1}) j CROSS JOIN questions q
      -- 34 published questions, 100 answers: the second and third stations skip one question each.
      WHERE NOT (j > 0 AND q.qn = (o.n + j) % 34)
    )
    INSERT INTO answer (observer_id, option_id, polling_station_id, value, last_modified)
    SELECT s.observer_id, opt.id, st.id, CASE WHEN opt.is_free_text THEN 'Observație liberă' END,
           now() - ((s.n * 37 + s.j * 101 + s.qn * 3) % 720) * interval '1 minute'
    FROM slots s
    JOIN options opt ON opt.question_id = s.question_id
      AND opt.idx = CASE WHEN s.wants_flag AND opt.flagged_count > 0 THEN opt.regular + s.option_hash % opt.flagged_count
                         ELSE s.option_hash % greatest(opt.regular, 1) END
    JOIN stations st ON st.rn = s.station_rn`.execute(db);
}
