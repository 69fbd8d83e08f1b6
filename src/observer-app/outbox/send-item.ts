import type { ApiClient } from "../../api/client";
import { ApiError, expectData } from "../../api/problem";
import type { NoteFields, NotePhoto, OutboxItem, Refusal } from "./outbox-item";

/** What became of one attempt: kept by the server, refused for good, worth trying later, or the session is over. */
export type SendOutcome =
  | { kind: "sent" }
  | { kind: "refused"; refusal: Refusal }
  | { kind: "retry"; afterSeconds: number | null }
  | { kind: "unauthorized" };

/** Sends one item with its id as the Idempotency-Key, in the round it was made in. */
function send(api: ApiClient, item: OutboxItem, signal: AbortSignal) {
  const params = { query: { electionRoundId: item.roundId } };
  const headers = { "Idempotency-Key": item.id };
  switch (item.payload.kind) {
    case "answers":
      return expectData(api.POST("/api/v1/answers", { params, headers, body: item.payload.body, signal }));
    case "arrival":
      return expectData(api.POST("/api/v1/polling-station", { params, headers, body: item.payload.body, signal }));
    case "departure":
      return expectData(api.PUT("/api/v1/polling-station", { params, headers, body: item.payload.body, signal }));
    case "note": {
      const { body, photos } = item.payload;
      return expectData(
        api.POST("/api/v2/note", {
          params,
          headers,
          // The contract types the parts as strings; the browser sends the photos themselves.
          body: { ...body, files: [] },
          bodySerializer: () => noteForm(body, photos),
          signal,
        }),
      );
    }
  }
}

function noteForm(fields: NoteFields, photos: NotePhoto[]): FormData {
  const form = new FormData();
  form.append("countyCode", fields.countyCode);
  form.append("pollingStationNumber", String(fields.pollingStationNumber));
  if (fields.questionId !== undefined) form.append("questionId", String(fields.questionId));
  if (fields.text) form.append("text", fields.text);
  for (const photo of photos) form.append("files", photo.blob, photo.name);
  return form;
}

/** Statuses that say nothing about the item: no answer, the server busy or down, too many requests. */
const TRANSIENT = new Set([0, 408, 425, 429, 500, 502, 503, 504]);

export function outcomeOf(error: unknown): SendOutcome {
  if (!(error instanceof ApiError)) throw error;
  if (error.status === 401) return { kind: "unauthorized" };
  if (TRANSIENT.has(error.status) || error.status >= 500) return { kind: "retry", afterSeconds: error.retryAfterSeconds };
  return { kind: "refused", refusal: { status: error.status, code: error.code, title: error.title, detail: error.detail } };
}

export async function sendItem(api: ApiClient, item: OutboxItem, signal: AbortSignal): Promise<SendOutcome> {
  try {
    await send(api, item, signal);
    return { kind: "sent" };
  } catch (error) {
    return outcomeOf(error);
  }
}
