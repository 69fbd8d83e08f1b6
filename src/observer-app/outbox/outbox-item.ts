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
 * The item to send next: urgent items first, then the oldest; but an item never overtakes an earlier one with the
 * same key, which would then arrive later and undo it (the earlier goes first, urgent by association).
 */
export function nextToSend(items: readonly OutboxItem[]): OutboxItem | null {
  const candidates = items.filter(waiting).sort((a, b) => Number(b.urgent) - Number(a.urgent) || a.seq - b.seq);
  const first = candidates[0];
  if (!first) return null;
  return candidates.filter((item) => item.dedupeKey === first.dedupeKey).reduce((a, b) => (b.seq < a.seq ? b : a));
}

/** Items still on the phone only: signing out now would lose them. */
export const unsentCount = (items: readonly OutboxItem[]) => items.filter((item) => item.state !== "sent").length;
