import { loadContract } from "../http/contract.ts";
import type { JsonBodyOf } from "../http/handler.ts";
import { parseInstant } from "../http/instant.ts";
import { parseClientJson } from "../http/json.ts";
import type { FieldErrors } from "../http/multipart.ts";
import { createValidators, fieldErrorMap, MAX_INTEGER, textError, type OperationValidators } from "../http/validation.ts";
import { fail, ProblemError } from "../problem.ts";
import { readNoteForm, type NoteForm } from "../reports/notes/note-form.ts";

export const OUTBOX_FILE_FORMAT = "vote-monitor-outbox";
const MiB = 1024 * 1024;
export const MAX_OUTBOX_BYTES = 60 * MiB;

/** One write of the file, read as the observer's own request would be read by its operation. */
export type OutboxWrite =
  | { kind: "answers"; operation: "submitAnswers"; body: JsonBodyOf<"submitAnswers"> }
  | { kind: "arrival"; operation: "recordArrival"; body: JsonBodyOf<"recordArrival"> }
  | { kind: "departure"; operation: "recordDeparture"; body: JsonBodyOf<"recordDeparture"> }
  | { kind: "note"; operation: "createNote"; form: NoteForm };

export interface OutboxEntry {
  /** The Idempotency-Key the phone sends the item with. */
  id: string;
  roundId: number;
  createdAt: Date;
  write: OutboxWrite;
}

export interface OutboxFile {
  observerPhone: string;
  /** In the order the observer made them (`createdAt`). */
  entries: OutboxEntry[];
}

const JSON_OPERATIONS = { answers: "submitAnswers", arrival: "recordArrival", departure: "recordDeparture" } as const;
const ITEM_FIELDS = new Set(["id", "roundId", "createdAt", "urgent", "payload"]);
const NOTE_FIELDS = new Set(["countyCode", "pollingStationNumber", "questionId", "text"]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

let validators: Map<string, OperationValidators> | undefined;
/** The router's own validators, so that an item's body is read exactly as its operation reads it (defaults included). */
function validatorOf(operation: string): OperationValidators {
  if (!validators) {
    const contract = loadContract();
    const wanted = new Set<string>(Object.values(JSON_OPERATIONS));
    validators = createValidators({ ...contract, operations: contract.operations.filter((one) => wanted.has(one.operationId)) });
  }
  return validators.get(operation)!;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Reads the whole file before anything is done with it: any fault, in the envelope or in any item, is a 400 naming
 * the field (`items[3].payload.body.countyCode`), so that a file is imported whole or not at all.
 */
export async function readOutboxFile(file: File): Promise<OutboxFile> {
  const content = parseFile(await file.text());
  const errors = fieldErrorMap();
  const fault = (field: string, code: FieldErrors[string][number]["code"], message: string) => (errors[field] = [{ code, message }]);
  if (!isObject(content)) throw fail.validation({ file: [{ code: "type", message: "must be a JSON object" }] }, "The file is not an outbox file.");
  if (content.format !== OUTBOX_FILE_FORMAT) fault("format", "enum", `must be "${OUTBOX_FILE_FORMAT}"`);
  if (content.version !== 1) fault("version", "enum", "must be 1");
  const phone = content.observerPhone;
  if (typeof phone !== "string" || phone.trim() === "") fault("observerPhone", "required", "must be the observer's phone");
  else if (textError(phone)) errors.observerPhone = [textError(phone)!];
  if (!Array.isArray(content.items)) fault("items", "type", "must be an array");
  if (Object.keys(errors).length > 0) throw fail.validation(errors, "The file is not an outbox file.");

  const entries: OutboxEntry[] = [];
  for (const [index, item] of (content.items as unknown[]).entries()) {
    const entry = await readItem(item, `items[${index}]`, errors);
    if (entry) entries.push(entry);
  }
  if (Object.keys(errors).length > 0) throw fail.validation(errors, "Some items of the file are not valid; nothing was imported.");
  const ids = new Set<string>();
  for (const [index, entry] of entries.entries()) {
    if (ids.has(entry.id)) fault(`items[${index}].id`, "duplicate", "is the id of an earlier item");
    ids.add(entry.id);
  }
  if (Object.keys(errors).length > 0) throw fail.validation(errors, "Some items of the file are not valid; nothing was imported.");
  const ordered = entries.map((entry, index) => ({ entry, index })).sort((a, b) => a.entry.createdAt.getTime() - b.entry.createdAt.getTime() || a.index - b.index);
  return { observerPhone: (phone as string).trim(), entries: ordered.map(({ entry }) => entry) };
}

function parseFile(text: string): unknown {
  try {
    return parseClientJson(text);
  } catch (error) {
    if (!(error instanceof ProblemError)) throw error;
    throw fail.validation({ file: error.body.errors?.body ?? [{ code: "type", message: "is not well-formed JSON" }] }, "The file is not valid JSON.");
  }
}

async function readItem(item: unknown, at: string, errors: FieldErrors): Promise<OutboxEntry | undefined> {
  const before = Object.keys(errors).length;
  const fault = (field: string, code: FieldErrors[string][number]["code"], message: string) => (errors[`${at}${field}`] = [{ code, message }]);
  if (!isObject(item)) {
    fault("", "type", "must be an object");
    return undefined;
  }
  for (const name of Object.keys(item)) if (!ITEM_FIELDS.has(name)) fault(`.${name}`, "additionalProperties", "is not allowed");
  if (typeof item.id !== "string" || !UUID.test(item.id)) fault(".id", "format", "must be a UUID");
  if (typeof item.roundId !== "number" || !Number.isInteger(item.roundId) || item.roundId < 1 || item.roundId > MAX_INTEGER) fault(".roundId", "type", "must be an election round's id");
  const createdAt = typeof item.createdAt === "string" ? parseInstant(item.createdAt) : null;
  if (!createdAt) fault(".createdAt", "format", "must be a date-time");
  if (item.urgent !== undefined && typeof item.urgent !== "boolean") fault(".urgent", "type", "must be true or false");
  const write = await readPayload(item.payload, `${at}.payload`, errors);
  if (Object.keys(errors).length > before || !write) return undefined;
  return { id: item.id as string, roundId: item.roundId as number, createdAt: createdAt!, write };
}

async function readPayload(payload: unknown, at: string, errors: FieldErrors): Promise<OutboxWrite | undefined> {
  if (!isObject(payload)) {
    errors[at] = [{ code: "type", message: "must be an object" }];
    return undefined;
  }
  const { kind } = payload;
  if (kind === "note") return readNote(payload, at, errors);
  if (kind !== "answers" && kind !== "arrival" && kind !== "departure") {
    errors[`${at}.kind`] = [{ code: "enum", message: "must be answers, arrival, departure or note" }];
    return undefined;
  }
  for (const name of Object.keys(payload)) if (name !== "kind" && name !== "body") errors[`${at}.${name}`] = [{ code: "additionalProperties", message: "is not allowed" }];
  const operation = JSON_OPERATIONS[kind];
  const result = validatorOf(operation).json(payload.body);
  if (!result.ok) {
    for (const [field, problems] of Object.entries(result.errors)) errors[field === "body" ? `${at}.body` : `${at}.body.${field}`] = problems;
    return undefined;
  }
  return { kind, operation, body: result.value } as OutboxWrite;
}

/** A note is read by createNote's own form reader, from the multipart request the phone would have sent. */
async function readNote(payload: Json, at: string, errors: FieldErrors): Promise<OutboxWrite | undefined> {
  const before = Object.keys(errors).length;
  const { body, photos } = payload;
  for (const name of Object.keys(payload)) if (!["kind", "body", "photos"].includes(name)) errors[`${at}.${name}`] = [{ code: "additionalProperties", message: "is not allowed" }];
  if (!isObject(body)) errors[`${at}.body`] = [{ code: "type", message: "must be an object" }];
  else {
    for (const name of Object.keys(body)) if (!NOTE_FIELDS.has(name)) errors[`${at}.body.${name}`] = [{ code: "additionalProperties", message: "is not allowed" }];
    if (typeof body.countyCode !== "string") errors[`${at}.body.countyCode`] = [{ code: "type", message: "must be a county code" }];
    for (const name of ["pollingStationNumber", "questionId"]) {
      if (body[name] !== undefined && typeof body[name] !== "number") errors[`${at}.body.${name}`] = [{ code: "type", message: "must be an integer" }];
    }
    if (body.text !== undefined && typeof body.text !== "string") errors[`${at}.body.text`] = [{ code: "type", message: "must be text" }];
  }
  if (!Array.isArray(photos)) errors[`${at}.photos`] = [{ code: "type", message: "must be an array" }];
  else {
    photos.forEach((photo: unknown, index) => {
      const ok = isObject(photo) && typeof photo.name === "string" && typeof photo.type === "string" && typeof photo.base64 === "string" && BASE64.test(photo.base64);
      if (!ok) errors[`${at}.photos[${index}]`] = [{ code: "type", message: "must be { name, type, base64 }" }];
    });
  }
  if (Object.keys(errors).length > before) return undefined;
  try {
    return { kind: "note", operation: "createNote", form: await readNoteForm(noteRequest(body as NoteBody, photos as Json[])) };
  } catch (error) {
    if (!(error instanceof ProblemError)) throw error;
    const problems = error.body.errors ?? { files: [{ code: "maxItems", message: error.body.detail ?? "is too large" }] };
    for (const [field, list] of Object.entries(problems)) {
      errors[field.startsWith("files") ? `${at}.${field.replace("files", "photos")}` : `${at}.body.${field}`] = list;
    }
    return undefined;
  }
}

/** A note's fields once their types are checked (readNote). */
interface NoteBody {
  countyCode: string;
  pollingStationNumber?: number;
  questionId?: number;
  text?: string;
}

/** The phone's multipart form (observer-app/outbox/send-item.ts), so that the note's fingerprint is the phone's. */
function noteRequest(body: NoteBody, photos: Json[]): Request {
  const form = new FormData();
  form.append("countyCode", body.countyCode);
  if (body.pollingStationNumber !== undefined) form.append("pollingStationNumber", String(body.pollingStationNumber));
  if (body.questionId !== undefined) form.append("questionId", String(body.questionId));
  if (body.text) form.append("text", body.text);
  for (const photo of photos) {
    form.append("files", new File([Buffer.from(photo.base64 as string, "base64")], photo.name as string, { type: photo.type as string }));
  }
  return new Request("http://outbox.invalid/", { method: "POST", body: form });
}
