import { sql, type Kysely } from "kysely";
import type { components } from "../../../../openapi/schema.d.ts";
import type { AttachmentSigner } from "../../attachments/signing.ts";
import type { Database } from "../../db/schema.ts";
import { listNotes } from "../notes/query.ts";
import { readClaim } from "./claims.ts";
import { readReview } from "./review.ts";
import { readSubject } from "./subject.ts";
import { eventEntry, type TimelineEntry } from "./timeline-entries.ts";
import type { ThreadKey } from "./thread-scope.ts";

type ThreadTriage = components["schemas"]["ThreadTriage"];

/** The thread's observer and station by name, its review, live claim and timeline (oldest first), with `now` as the server's time. */
export async function readThreadTriage(
  db: Kysely<Database>,
  signer: AttachmentSigner,
  key: ThreadKey,
  callerId: number,
  now: Date,
): Promise<ThreadTriage> {
  const [subject, review, claim, timeline] = await Promise.all([
    readSubject(db, key),
    readReview(db, key),
    readClaim(db, key, now, callerId),
    readTimeline(db, signer, key, now),
  ]);
  return {
    idObserver: key.observerId,
    idPollingStation: key.pollingStationId,
    ...subject,
    review,
    claim: claim ?? null,
    serverTime: now.toISOString(),
    timeline,
  };
}

/** Entries at the same time keep the order answers, notes, staff events, and their own order within each. */
async function readTimeline(db: Kysely<Database>, signer: AttachmentSigner, key: ThreadKey, now: Date): Promise<TimelineEntry[]> {
  const [answers, notes, events] = await Promise.all([answerEntries(db, key), noteEntries(db, signer, key, now), eventEntries(db, key)]);
  const sources = [answers, notes, events].flatMap((entries, source) => entries.map((entry, position) => ({ entry, source, position })));
  sources.sort((a, b) => a.entry.at.localeCompare(b.entry.at) || a.source - b.source || a.position - b.position);
  return sources.map(({ entry }) => entry);
}

/** One entry per form and save time: a batch of answers saves its questions with the same time. */
async function answerEntries(db: Kysely<Database>, key: ThreadKey): Promise<TimelineEntry[]> {
  const rows = await db
    .selectFrom("answer as a")
    .innerJoin("questionOption as qo", "qo.id", "a.optionId")
    .innerJoin("question as q", "q.id", "qo.questionId")
    .innerJoin("formSection as fs", "fs.id", "q.sectionId")
    .innerJoin("form as f", "f.id", "fs.formId")
    .innerJoin("observer as o", "o.id", "a.observerId")
    .select([
      "f.id as formId",
      "f.code as formCode",
      "a.lastModified",
      "o.name as observerName",
      sql<number>`count(DISTINCT q.id)::int`.as("questionCount"),
      sql<number>`(count(*) FILTER (WHERE qo.flagged))::int`.as("flaggedCount"),
    ])
    .where("a.observerId", "=", key.observerId)
    .where("a.pollingStationId", "=", key.pollingStationId)
    .groupBy(["f.id", "f.code", "a.lastModified", "o.name"])
    .orderBy("a.lastModified")
    .orderBy("f.code")
    .execute();
  return rows.map((row) => ({
    id: `answers-${row.formId}-${row.lastModified.getTime()}`,
    kind: "answers",
    at: row.lastModified.toISOString(),
    actor: { kind: "observer", name: row.observerName },
    formCode: row.formCode,
    questionCount: row.questionCount,
    flaggedCount: row.flaggedCount,
  }));
}

/** The notes as `listNotes` shows them, photos signed the same way. */
async function noteEntries(db: Kysely<Database>, signer: AttachmentSigner, key: ThreadKey, now: Date): Promise<TimelineEntry[]> {
  const notes = await listNotes(db, signer, key, now);
  if (notes.length === 0) return [];
  const questionIds = [...new Set(notes.flatMap((note) => (note.questionId === null ? [] : [note.questionId])))];
  const [observer, questions] = await Promise.all([
    db.selectFrom("observer").select("name").where("id", "=", key.observerId).executeTakeFirstOrThrow(),
    questionIds.length === 0 ? [] : db.selectFrom("question").select(["id", "code"]).where("id", "=", sql<number>`ANY(${questionIds}::int[])`).execute(),
  ]);
  const codeOf = new Map(questions.map((question) => [question.id, question.code]));
  return notes.map((note) => ({
    id: `note-${note.id}`,
    kind: "note",
    at: note.lastModified,
    actor: { kind: "observer", name: observer.name },
    ...(note.text === null ? {} : { text: note.text }),
    ...(note.questionId === null ? {} : { questionCode: codeOf.get(note.questionId)! }),
    attachments: note.attachments,
  }));
}

async function eventEntries(db: Kysely<Database>, key: ThreadKey): Promise<TimelineEntry[]> {
  const rows = await db
    .selectFrom("threadEvent")
    .select(["id", "kind", "adminId", "adminAccount", "at", "state", "previousState", "text"])
    .where("observerId", "=", key.observerId)
    .where("pollingStationId", "=", key.pollingStationId)
    .orderBy("at")
    .orderBy("id")
    .execute();
  return rows.map(eventEntry);
}
