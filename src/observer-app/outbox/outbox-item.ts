import type { components } from "../../../openapi/schema.d.ts";

type Schemas = components["schemas"];
export type AnswerBatch = Schemas["AnswersSubmission"];
export type Arrival = Schemas["PollingStationArrival"];
export type Departure = Schemas["PollingStationDeparture"];

/** A note's fields as the multipart form sends them (the contract's NoteCreateForm without its files). */
export interface NoteFields {
  countyCode: string;
  pollingStationNumber: number;
  questionId?: number;
  text?: string;
}
/** A photo of a note, already shrunk on the phone, kept as a Blob until the server has it. */
export interface NotePhoto {
  name: string;
  blob: Blob;
}

/** One write the observer made, as the server will receive it. */
export type OutboxPayload =
  | { kind: "answers"; body: AnswerBatch }
  | { kind: "arrival"; body: Arrival }
  | { kind: "departure"; body: Departure }
  | { kind: "note"; body: NoteFields; photos: NotePhoto[] };

export type OutboxState = "queued" | "sending" | "sent" | "refused";

/** Why the server refused an item: its problem's code and words, kept to show the observer. */
export interface Refusal {
  status: number;
  code: string | null;
  title: string;
  detail: string | null;
}

/** What the observer sees of an item without reading its payload. */
export interface OutboxSummary {
  station: { countyCode: string; number: number };
  formCode?: string;
  answerCount?: number;
  questionCode?: string;
  photoCount?: number;
}

/**
 * One item of the outbox. Its `id` is made on the phone and sent as the Idempotency-Key: a resend after a lost
 * answer, from a second tab or after a crash, changes nothing on the server.
 */
export interface OutboxItem {
  id: string;
  /** The order the observer made the writes in. */
  seq: number;
  roundId: number;
  /** Items with one key change one thing on the server (a form at a station, a visit): they go in order. */
  dedupeKey: string;
  urgent: boolean;
  state: OutboxState;
  attempts: number;
  createdAt: string;
  sentAt: string | null;
  refusal: Refusal | null;
  summary: OutboxSummary;
  payload: OutboxPayload;
}

const waiting = (item: OutboxItem) => item.state === "queued" || item.state === "sending";

/**
 * The items to send next, at most `limit`, one per key: urgent items first, then the oldest; but an item never
 * overtakes an earlier one with the same key, which would then arrive later and undo it (the earlier goes in its
 * place, urgent by association). Items of different keys change different things, so they may travel together.
 */
export function nextToSend(items: readonly OutboxItem[], limit = 1): OutboxItem[] {
  const candidates = items.filter(waiting).sort((a, b) => Number(b.urgent) - Number(a.urgent) || a.seq - b.seq);
  const earliestOfKey = new Map<string, OutboxItem>();
  for (const item of candidates) {
    const earlier = earliestOfKey.get(item.dedupeKey);
    if (!earlier || item.seq < earlier.seq) earliestOfKey.set(item.dedupeKey, item);
  }
  const keys = [...new Set(candidates.map((item) => item.dedupeKey))];
  return keys.slice(0, limit).map((key) => earliestOfKey.get(key)!);
}

/** Items still on the phone only: signing out now would lose them. */
export const unsentCount = (items: readonly OutboxItem[]) => items.filter((item) => item.state !== "sent").length;
