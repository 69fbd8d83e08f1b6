import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { threadQuery, type ThreadFilter } from "./threads.ts";
import { streamWorkbook, type Cell, type SheetWriter } from "../../http/xlsx-stream.ts";

/**
 * Threads per database round trip while the sheets are written: about 20,000 answers on election day, so that a
 * million answers take a hundred round trips (each reads whole small tables to join names), not four hundred.
 */
const CHUNK = 1_000;

interface ThreadKey {
  idObserver: number;
  idPollingStation: number;
  lastModified: Date;
  flaggedCount: number;
}

const WHO_AND_WHERE = ["Observer Id", "Observer Phone", "Observer Name", "NGO", "County", "Polling Station"];
const NOTE_HEADER = [...WHO_AND_WHERE, "Form", "Question Code", "Text", "Attachments", "Last Modified (UTC)"];
const ANSWER_HEADER = [...WHO_AND_WHERE, "Form", "Section", "Question Code", "Question", "Option", "Free Text", "Flagged", "Last Modified (UTC)"];
const STATION_HEADER = [...WHO_AND_WHERE, "Last Modified (UTC)", "Flagged Answers"];

const utc = (date: Date) => date.toISOString().slice(0, 19).replace("T", " ");

/**
 * The threads the answers list shows for the same filter (the same query), as a workbook: `answers` (one row per
 * chosen option), `notes`, and `by station` (one row per thread, one column per question). Photos are linked
 * through the thread's details page of the app at `publicUrl`, which signs fresh URLs whenever it is opened.
 */
export async function exportAnswers(db: Kysely<Database>, filter: ThreadFilter, publicUrl: string): Promise<Response> {
  return new Response(await answersWorkbook(db, filter, publicUrl), {
    status: 200,
    headers: {
      "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "content-disposition": 'attachment; filename="answers.xlsx"',
    },
  });
}

/** The same workbook as a stream of its bytes, for a response or a round's archive to hold. */
export async function answersWorkbook(db: Kysely<Database>, filter: ThreadFilter, publicUrl: string): Promise<ReadableStream<Uint8Array>> {
  const threads = await threadQuery(db, filter)
    .orderBy("t.lastModified", "desc")
    .orderBy("t.observerId")
    .orderBy("t.pollingStationId")
    .execute();
  const chunks = Array.from({ length: Math.ceil(threads.length / CHUNK) }, (_, i) => threads.slice(i * CHUNK, (i + 1) * CHUNK));
  return streamWorkbook(async (writer) => {
    const catalogue = await readCatalogue(db, filter.roundId);
    await writeAnswers(db, writer, chunks, catalogue);
    await writeNotes(db, writer, chunks, publicUrl);
    await writeByStation(db, writer, chunks, catalogue, filter.roundId);
  });
}

/** The threads of one chunk as a table in their list order, to join the answers and notes to. */
const chunkTable = (chunk: ThreadKey[]) => sql`
  unnest(${chunk.map((t) => t.idObserver)}::int[], ${chunk.map((t) => t.idPollingStation)}::int[]) WITH ORDINALITY AS w(observer_id, station_id, ord)`;

interface NoteRow {
  observerId: number;
  stationId: number;
  phone: string;
  observerName: string;
  ngo: string;
  countyCode: string;
  stationNumber: number;
  formCode: string | null;
  questionCode: string | null;
  text: string | null;
  attachments: number;
  lastModified: Date;
}

/** Who and where of a chunk's threads, by their place in the chunk (`ord`): read once, not with every answer. */
interface ThreadFacts {
  observerId: number;
  phone: string;
  observerName: string;
  ngo: string;
  countyCode: string;
  stationNumber: number;
}

async function threadFacts(db: Kysely<Database>, chunk: ThreadKey[]): Promise<Map<number, ThreadFacts>> {
  const { rows } = await sql<ThreadFacts & { ord: number }>`
    SELECT w.ord::int AS ord, o.id AS observer_id, o.phone, o.name AS observer_name, n.name AS ngo, c.code AS county_code, s.number AS station_number
    FROM ${chunkTable(chunk)}
    JOIN observer o ON o.id = w.observer_id
    JOIN ngo n ON n.id = o.ngo_id
    JOIN polling_station s ON s.id = w.station_id
    JOIN county c ON c.id = s.county_id`.execute(db);
  return new Map(rows.map((row) => [row.ord, row]));
}

/** Every question and option by id, read once per export: the answers carry only their ids. */
interface Catalogue {
  questions: Map<number, { formCode: string; sectionCode: string; code: string; text: string }>;
  options: Map<number, { questionId: number; text: string; flagged: boolean }>;
}

async function readCatalogue(db: Kysely<Database>, roundId: number): Promise<Catalogue> {
  const roundQuestions = sql`question q JOIN form_section fs ON fs.id = q.section_id JOIN form f ON f.id = fs.form_id AND f.election_round_id = ${roundId}`;
  const [questions, options] = await Promise.all([
    sql<{ id: number; formCode: string; sectionCode: string; code: string; text: string }>`
      SELECT q.id, f.code AS form_code, fs.code AS section_code, q.code, q.text FROM ${roundQuestions}`.execute(db),
    sql<{ id: number; questionId: number; text: string; flagged: boolean }>`
      SELECT o.id, o.question_id, o.text, o.flagged FROM question_option o JOIN ${roundQuestions} ON q.id = o.question_id`.execute(db),
  ]);
  return {
    questions: new Map(questions.rows.map((row) => [row.id, row])),
    options: new Map(options.rows.map((row) => [row.id, row])),
  };
}

interface ChosenOption {
  ord: number;
  optionId: number;
  value: string | null;
  lastModified: Date;
}

/**
 * A chunk's answers in sheet order, as ids and values only: millions of rows of repeated names would be garbage for
 * the server to collect (the export's memory is what it allocates, not what it holds).
 */
function chosenOptions(db: Kysely<Database>, chunk: ThreadKey[]) {
  return sql<ChosenOption>`
    SELECT w.ord::int AS ord, a.option_id, a.value, a.last_modified
    FROM ${chunkTable(chunk)}
    JOIN answer a ON a.observer_id = w.observer_id AND a.polling_station_id = w.station_id
    JOIN question_option qo ON qo.id = a.option_id
    JOIN question q ON q.id = qo.question_id
    JOIN form_section fs ON fs.id = q.section_id
    JOIN form f ON f.id = fs.form_id
    ORDER BY w.ord, f.display_order, f.id, fs.order_number, fs.id, q.order_number, q.id, qo.order_number, qo.id`.execute(db);
}

/**
 * Each chunk with what `read` reads for it, the next chunk read while the current one is written: the database and
 * the writing share the time instead of taking turns. A read left pending when the writer stops is let go.
 */
async function* readAhead<R>(chunks: ThreadKey[][], read: (chunk: ThreadKey[]) => Promise<R>): AsyncGenerator<[ThreadKey[], R]> {
  let next = chunks.length > 0 ? read(chunks[0]!) : undefined;
  try {
    for (const [index, chunk] of chunks.entries()) {
      const rows = await next!;
      next = index + 1 < chunks.length ? read(chunks[index + 1]!) : undefined;
      yield [chunk, rows];
    }
  } finally {
    next?.catch(() => undefined);
  }
}

const answersOf = (db: Kysely<Database>) => (chunk: ThreadKey[]) => Promise.all([threadFacts(db, chunk), chosenOptions(db, chunk)]);

async function writeAnswers(db: Kysely<Database>, writer: SheetWriter, chunks: ThreadKey[][], catalogue: Catalogue) {
  await writer.sheet("answers", ANSWER_HEADER);
  for await (const [, [threads, { rows }]] of readAhead(chunks, answersOf(db))) {
    if (writer.closed) return;
    for (const r of rows) {
      const t = threads.get(r.ord);
      const option = catalogue.options.get(r.optionId);
      const q = option && catalogue.questions.get(option.questionId);
      // An option added to a form after the export began: this export is the state it started from.
      if (!t || !option || !q) continue;
      await writer.row([
        t.observerId, t.phone, t.observerName, t.ngo, t.countyCode, t.stationNumber, q.formCode, q.sectionCode,
        q.code, q.text, option.text, r.value, option.flagged, utc(r.lastModified),
      ]);
    }
  }
}

async function writeNotes(db: Kysely<Database>, writer: SheetWriter, chunks: ThreadKey[][], publicUrl: string) {
  await writer.sheet("notes", NOTE_HEADER);
  const notesOf = (chunk: ThreadKey[]) => sql<NoteRow>`
    SELECT o.id AS observer_id, s.id AS station_id, o.phone, o.name AS observer_name, ng.name AS ngo, c.code AS county_code,
      s.number AS station_number, f.code AS form_code, q.code AS question_code, n.text,
      (SELECT count(*)::int FROM note_attachment na WHERE na.note_id = n.id) AS attachments, n.last_modified
    FROM ${chunkTable(chunk)}
    JOIN note n ON n.observer_id = w.observer_id AND n.polling_station_id = w.station_id
    LEFT JOIN question q ON q.id = n.question_id
    LEFT JOIN form_section fs ON fs.id = q.section_id
    LEFT JOIN form f ON f.id = fs.form_id
    JOIN observer o ON o.id = w.observer_id
    JOIN ngo ng ON ng.id = o.ngo_id
    JOIN polling_station s ON s.id = w.station_id
    JOIN county c ON c.id = s.county_id
    ORDER BY w.ord, n.last_modified, n.id`.execute(db);
  for await (const [, { rows }] of readAhead(chunks, notesOf)) {
    if (writer.closed) return;
    for (const r of rows) {
      // Signed URLs expire; the details page signs new ones each time it is opened.
      const details = `${publicUrl}/answers/details/${r.observerId}/${r.stationId}`;
      const photos: Cell = r.attachments === 0 ? 0 : { text: String(r.attachments), hyperlink: details };
      await writer.row([
        r.observerId, r.phone, r.observerName, r.ngo, r.countyCode, r.stationNumber, r.formCode, r.questionCode, r.text, photos, utc(r.lastModified),
      ]);
    }
  }
}

/** One column per question of the round that can have answers: published forms', and drafts' that kept answers from before. */
async function questionColumns(db: Kysely<Database>, roundId: number) {
  const { rows } = await sql<{ id: number; code: string; formCode: string }>`
    SELECT q.id, q.code, f.code AS form_code
    FROM question q JOIN form_section fs ON fs.id = q.section_id JOIN form f ON f.id = fs.form_id AND f.election_round_id = ${roundId}
    WHERE NOT f.draft OR EXISTS (SELECT 1 FROM question_option qo JOIN answer a ON a.option_id = qo.id WHERE qo.question_id = q.id)
    ORDER BY f.display_order, f.id, fs.order_number, fs.id, q.order_number, q.id`.execute(db);
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.code, (counts.get(row.code) ?? 0) + 1);
  // A code that two forms share is told apart by its form.
  return rows.map((row) => ({ id: row.id, label: counts.get(row.code)! > 1 ? `${row.formCode} ${row.code}` : row.code }));
}

async function writeByStation(db: Kysely<Database>, writer: SheetWriter, chunks: ThreadKey[][], catalogue: Catalogue, roundId: number) {
  const columns = await questionColumns(db, roundId);
  const columnOf = new Map(columns.map((column, index) => [column.id, index]));
  await writer.sheet("by station", [...STATION_HEADER, ...columns.map((column) => column.label)]);
  for await (const [chunk, [threads, { rows }]] of readAhead(chunks, answersOf(db))) {
    if (writer.closed) return;
    const byThread = new Map<number, ChosenOption[]>();
    for (const r of rows) {
      const answers = byThread.get(r.ord);
      if (answers) answers.push(r);
      else byThread.set(r.ord, [r]);
    }
    for (const [index, thread] of chunk.entries()) {
      const answers = byThread.get(index + 1);
      const t = threads.get(index + 1);
      // Withdrawn since the threads were read: nothing is left to show.
      if (!answers || !t) continue;
      const cells: string[] = Array.from({ length: columns.length }, () => "");
      for (const a of answers) {
        const option = catalogue.options.get(a.optionId);
        const column = option && columnOf.get(option.questionId);
        if (!option || column === undefined) continue;
        const chosen = a.value === null ? option.text : `${option.text}: ${a.value}`;
        cells[column] = cells[column] ? `${cells[column]}; ${chosen}` : chosen;
      }
      await writer.row([
        thread.idObserver, t.phone, t.observerName, t.ngo, t.countyCode, t.stationNumber,
        utc(thread.lastModified), thread.flaggedCount, ...cells,
      ]);
    }
  }
}
