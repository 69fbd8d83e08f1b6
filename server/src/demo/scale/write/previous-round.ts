import { sql } from "kysely";
import { copyForms, copyRegistry } from "../../../rounds/copy.ts";
import { ELECTION_DAY, SETUP_TIME } from "../../content/calendar.ts";
import { phoneOf } from "../../plan.ts";
import type { Tx } from "../../write/ids.ts";

/*
 * The dataset's other large election round: 2024's, archived, as large as the current one, so that every list of the
 * current round is read beside another round's 2,000,000 answers in the same tables (bench:scale). It is the current
 * round's rows copied by INSERT … SELECT, 104 weeks earlier (a Sunday too: 24 November 2024): the same observers at
 * the copied registry's stations (same county and number, new ids), answering the copied forms' options (same form,
 * question and option order, new ids). Answers, station facts and notes go in with the triggers on, so that threads, tallies,
 * presence and observer activity are the database's own, as for rows sent through the API. The round is `preparing`
 * while it is written (an archived round refuses writes) and archived by the last step.
 */

export const PREVIOUS_ROUND = { name: "Prezidențiale 2024 — turul 1", electionDay: "2024-11-24" } as const;

/** How much earlier the previous round's times are: 104 weeks, so that its election day is a Sunday too. */
const SHIFT_DAYS = 728;
const SHIFT = sql.raw(`interval '${SHIFT_DAYS} days'`);
const SHIFT_MS = SHIFT_DAYS * 24 * 3600 * 1000;

/** The round the copy is of: the dataset's current round (the demo's round 1). */
export const CURRENT_ROUND = 1;

export async function previousRoundId(trx: Tx): Promise<number> {
  const round = await trx.selectFrom("electionRound").select("id").where("name", "=", PREVIOUS_ROUND.name).executeTakeFirstOrThrow();
  return round.id;
}

/**
 * The round itself, the NGOs taking part (the current round's), its registry and forms copied as the rounds' own
 * copy does (rounds/copy.ts), and the station assignments. Answers the rows written.
 */
export async function insertPreviousRound(trx: Tx): Promise<number> {
  const at = new Date(SETUP_TIME.getTime() - SHIFT_MS);
  const { id } = await trx
    .insertInto("electionRound")
    .values({ name: PREVIOUS_ROUND.name, electionDay: PREVIOUS_ROUND.electionDay, status: "preparing", createdAt: at, statusChangedAt: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  const ngos = await sql`
    INSERT INTO election_round_ngo (election_round_id, ngo_id)
    SELECT ${id}, ngo_id FROM election_round_ngo WHERE election_round_id = ${CURRENT_ROUND} ORDER BY ngo_id`.execute(trx);
  await copyRegistry(trx, CURRENT_ROUND, id);
  await copyForms(trx, CURRENT_ROUND, id, "published", at);
  const assignments = await sql`
    INSERT INTO station_assignment (election_round_id, observer_id, polling_station_id, assigned_at)
    SELECT ${id}, a.observer_id, c.id, a.assigned_at - ${SHIFT}
    FROM station_assignment a
    JOIN polling_station s ON s.id = a.polling_station_id
    JOIN polling_station c ON c.election_round_id = ${id} AND c.county_id = s.county_id AND c.number = s.number
    WHERE a.election_round_id = ${CURRENT_ROUND}
    ORDER BY a.observer_id, c.id`.execute(trx);
  const { rows } = await sql<{ stations: number; forms: number }>`
    SELECT (SELECT count(*)::int FROM polling_station WHERE election_round_id = ${id}) AS stations,
      (SELECT count(*)::int FROM form WHERE election_round_id = ${id}) AS forms`.execute(trx);
  return 1 + Number(ngos.numAffectedRows ?? 0) + rows[0]!.stations + rows[0]!.forms + Number(assignments.numAffectedRows ?? 0);
}

/**
 * Old id → new id of the questions and options of the round's forms: by form code, the question's place in its form
 * (section order, question order) and the option's place in its question.
 */
async function formMaps(trx: Tx, to: number): Promise<{ questions: [number[], number[]]; options: [number[], number[]] }> {
  const { rows } = await sql<{ round: number; form: string; question: number; option: number | null; questionId: number; optionId: number | null }>`
    SELECT f.election_round_id AS round, f.code AS form,
      dense_rank() OVER (PARTITION BY f.id ORDER BY fs.order_number, fs.id, q.order_number, q.id)::int AS question,
      (row_number() OVER (PARTITION BY q.id ORDER BY qo.order_number, qo.id))::int AS option,
      q.id AS question_id, qo.id AS option_id
    FROM form f
    JOIN form_section fs ON fs.form_id = f.id
    JOIN question q ON q.section_id = fs.id
    LEFT JOIN question_option qo ON qo.question_id = q.id
    WHERE f.election_round_id IN (${CURRENT_ROUND}, ${to})`.execute(trx);
  const key = (row: (typeof rows)[number]) => `${row.form}|${row.question}|${row.option}`;
  const target = new Map(rows.filter((row) => row.round === to).map((row) => [key(row), row]));
  const questions = new Map<number, number>();
  const options: [number[], number[]] = [[], []];
  for (const row of rows) {
    if (row.round !== CURRENT_ROUND) continue;
    const copy = target.get(key(row));
    if (!copy) throw new Error(`the previous round's forms lack ${key(row)}`);
    questions.set(row.questionId, copy.questionId);
    if (row.optionId !== null) {
      options[0].push(row.optionId);
      options[1].push(copy.optionId!);
    }
  }
  return { questions: [[...questions.keys()], [...questions.values()]], options };
}

/** The observers `first`..`last` of the plan (by phone; the last chunk takes every phone after), as SQL on `o`. */
function observersOf(first: number, last: number, lastChunk: boolean) {
  const from = first <= 1 ? sql`true` : sql`o.phone >= ${phoneOf(first)}`;
  const to = lastChunk ? sql`true` : sql`o.phone <= ${phoneOf(last)}`;
  return sql`${from} AND ${to}`;
}

/**
 * One chunk of observers' station facts, answers and notes (with their attachments) of the current round, copied
 * into the previous one. Answers the rows written.
 */
export async function copyObserverChunk(trx: Tx, to: number, first: number, last: number, lastChunk: boolean): Promise<number> {
  const observers = observersOf(first, last, lastChunk);
  const maps = await formMaps(trx, to);
  /** The copied registry's station `c` of x's station. */
  const station = (x: string) => sql.raw(`
    JOIN polling_station s ON s.id = ${x}.polling_station_id
    JOIN polling_station c ON c.election_round_id = ${to} AND c.county_id = s.county_id AND c.number = s.number`);

  const infos = await sql`
    INSERT INTO polling_station_info (election_round_id, observer_id, polling_station_id, last_modified, observer_arrival_time,
      observer_leave_time, urban_area, is_president_female)
    SELECT ${to}, i.observer_id, c.id, i.last_modified - ${SHIFT}, i.observer_arrival_time - ${SHIFT}, i.observer_leave_time - ${SHIFT},
      i.urban_area, i.is_president_female
    FROM polling_station_info i JOIN observer o ON o.id = i.observer_id ${station("i")}
    WHERE i.election_round_id = ${CURRENT_ROUND} AND ${observers}
    ORDER BY i.observer_id, c.id`.execute(trx);

  const answers = await sql`
    INSERT INTO answer (election_round_id, observer_id, option_id, polling_station_id, value, last_modified)
    SELECT ${to}, a.observer_id, m.new_id, c.id, a.value, a.last_modified - ${SHIFT}
    FROM answer a JOIN observer o ON o.id = a.observer_id ${station("a")}
    JOIN unnest(${maps.options[0]}::int[], ${maps.options[1]}::int[]) AS m(old_id, new_id) ON m.old_id = a.option_id
    WHERE a.election_round_id = ${CURRENT_ROUND} AND ${observers}
    ORDER BY a.observer_id, c.id, m.new_id`.execute(trx);

  // Note ids drawn up front, in the copied notes' order, so that their attachments can follow them.
  await sql`
    CREATE TEMP TABLE copied_note ON COMMIT DROP AS
    SELECT n.id AS old_id, nextval(pg_get_serial_sequence('note', 'id'))::int AS new_id
    FROM (SELECT n.id FROM note n JOIN observer o ON o.id = n.observer_id
          WHERE n.election_round_id = ${CURRENT_ROUND} AND ${observers} ORDER BY n.id) n`.execute(trx);
  const notes = await sql`
    INSERT INTO note (id, election_round_id, observer_id, polling_station_id, question_id, text, last_modified)
    SELECT m.new_id, ${to}, n.observer_id, c.id, q.new_id, n.text, n.last_modified - ${SHIFT}
    FROM copied_note m JOIN note n ON n.id = m.old_id ${station("n")}
    LEFT JOIN unnest(${maps.questions[0]}::int[], ${maps.questions[1]}::int[]) AS q(old_id, new_id) ON q.old_id = n.question_id
    ORDER BY m.new_id`.execute(trx);
  const attachments = await sql`
    INSERT INTO note_attachment (note_id, file_name, mime_type, storage_key, size_bytes)
    SELECT m.new_id, x.file_name, x.mime_type, x.storage_key, x.size_bytes
    FROM note_attachment x JOIN copied_note m ON m.old_id = x.note_id
    ORDER BY m.new_id, x.id`.execute(trx);
  await sql`DROP TABLE copied_note`.execute(trx);
  return [infos, answers, notes, attachments].reduce((sum, result) => sum + Number(result.numAffectedRows ?? 0), 0);
}

/** The current round's notifications with their recipients, copied into the previous round. */
export async function copyNotifications(trx: Tx, to: number): Promise<number> {
  await sql`
    CREATE TEMP TABLE copied_notification ON COMMIT DROP AS
    SELECT n.id AS old_id, nextval(pg_get_serial_sequence('notification', 'id'))::int AS new_id
    FROM (SELECT id FROM notification WHERE election_round_id = ${CURRENT_ROUND} ORDER BY id) n`.execute(trx);
  const notifications = await sql`
    INSERT INTO notification (id, election_round_id, title, message, channel, sender_from, sender_admin_id, sender_account,
      sender_ngo_id, sent_at, audience, provider)
    SELECT m.new_id, ${to}, n.title, n.message, n.channel, n.sender_from, n.sender_admin_id, n.sender_account,
      n.sender_ngo_id, n.sent_at - ${SHIFT}, n.audience, n.provider
    FROM copied_notification m JOIN notification n ON n.id = m.old_id
    ORDER BY m.new_id`.execute(trx);
  const recipients = await sql`
    INSERT INTO notification_recipient (notification_id, observer_id, status, reason, attempts, next_attempt_at, updated_at)
    SELECT m.new_id, r.observer_id, r.status, r.reason, r.attempts, r.next_attempt_at - ${SHIFT}, r.updated_at - ${SHIFT}
    FROM copied_notification m JOIN notification_recipient r ON r.notification_id = m.old_id
    ORDER BY m.new_id, r.observer_id`.execute(trx);
  await sql`DROP TABLE copied_notification`.execute(trx);
  return Number(notifications.numAffectedRows ?? 0) + Number(recipients.numAffectedRows ?? 0);
}

/** Last year's round is over: archived a week after its election day. */
export async function archivePreviousRound(trx: Tx, id: number): Promise<number> {
  const archivedAt = new Date(ELECTION_DAY - SHIFT_MS + 7 * 24 * 3600 * 1000);
  const result = await trx.updateTable("electionRound").set({ status: "archived", statusChangedAt: archivedAt }).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows);
}
