import { createHash } from "node:crypto";
import { parseMultipart, readId, readText, type FieldErrors, type FieldValue } from "../../http/multipart.ts";
import { fail, problem, ProblemError } from "../../problem.ts";
import { attachmentName } from "./file-name.ts";
import { detectImageType, type ImageType } from "./image-type.ts";

/** The multipart fields of createNote as typed values, the images checked from their bytes. */
export interface NoteForm {
  countyCode: string;
  pollingStationNumber: number;
  questionId?: number;
  text: string | null;
  images: { fileName: string; mimeType: ImageType; bytes: Uint8Array }[];
}

const MiB = 1024 * 1024;
export const MAX_FILES = 5;
export const MAX_FILE_BYTES = 10 * MiB;
const MAX_TEXT = 10_000;
const FIELDS = new Set(["countyCode", "pollingStationNumber", "questionId", "text", "files"]);

export async function readNoteForm(request: Request): Promise<NoteForm> {
  if (!/^multipart\/form-data\b/i.test(request.headers.get("content-type") ?? "")) {
    throw fail.validation({ body: [{ code: "type", message: "must be sent as multipart/form-data" }] });
  }
  const { body, errors } = await parseMultipart(request, FIELDS);
  const files = readFiles(body.files, errors);
  const countyCode = readText("countyCode", body.countyCode, errors);
  if (countyCode === undefined && !errors.countyCode) errors.countyCode = [{ code: "required", message: "is required" }];
  else if (countyCode !== undefined && !/^[A-Z]{1,2}$/.test(countyCode)) errors.countyCode = [{ code: "pattern", message: "must be a county code" }];
  const pollingStationNumber = readId("pollingStationNumber", body.pollingStationNumber, errors);
  if (pollingStationNumber === undefined && !errors.pollingStationNumber) {
    errors.pollingStationNumber = [{ code: "required", message: "is required" }];
  }
  const questionId = readId("questionId", body.questionId, errors);
  const text = readText("text", body.text, errors);
  if (text !== undefined && text.length > MAX_TEXT) errors.text = [{ code: "maxLength", message: `must be at most ${MAX_TEXT} characters` }];
  if (text?.includes("\u0000")) errors.text = [{ code: "pattern", message: "must not contain the NUL character" }];
  const blank = !text?.trim();
  if (blank && files.length === 0 && !errors.text) errors.text = [{ code: "required", message: "is required unless a file is sent" }];

  const images = await Promise.all(files.map(readImage));
  images.forEach((image, index) => {
    if (!image.mimeType) errors[`files[${index}]`] = [{ code: "format", message: "must be a JPEG, PNG, WebP or GIF image" }];
  });
  if (Object.keys(errors).length > 0) throw fail.validation(errors);
  return {
    countyCode: countyCode!,
    pollingStationNumber: pollingStationNumber!,
    questionId,
    text: blank ? null : text!,
    images: images.map((image) => ({ ...image, mimeType: image.mimeType! })),
  };
}

/** Past the count or size limits is a 413, like a body past the router's limit. */
function readFiles(value: FieldValue, errors: FieldErrors): File[] {
  const values = value === undefined ? [] : Array.isArray(value) ? value : [value];
  if (values.length > MAX_FILES) throw tooLarge(`At most ${MAX_FILES} files may be sent.`);
  const files: File[] = [];
  values.forEach((file, index) => {
    if (typeof file === "string") errors[`files[${index}]`] = [{ code: "type", message: "must be a file" }];
    else if (file.size > MAX_FILE_BYTES) throw tooLarge(`The file ${attachmentName(file.name)} is larger than ${MAX_FILE_BYTES / MiB} MiB.`);
    else files.push(file);
  });
  return files;
}

const tooLarge = (detail: string) => new ProblemError(problem(413, "payload_too_large", detail));

async function readImage(file: File) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  // Cleaned here, before anything is stored: a NUL the database refuses, controls and bidi overrides staff would see.
  return { fileName: attachmentName(file.name), bytes, mimeType: detectImageType(bytes) };
}

/**
 * The note as an Idempotency-Key's fingerprint holds it: the fields as read, and each file by its name, type and the
 * sha256 of its bytes. Not the raw body: its multipart boundary differs from one send to the next.
 */
export function noteAsSent(form: NoteForm) {
  const { countyCode, pollingStationNumber, questionId, text, images } = form;
  const files = images.map(({ fileName, mimeType, bytes }) => ({ fileName, mimeType, sha256: createHash("sha256").update(bytes).digest("hex") }));
  return { countyCode, pollingStationNumber, questionId, text, files };
}
