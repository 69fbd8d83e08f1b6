import type { components } from "../../openapi/schema.d.ts";

export type FieldError = components["schemas"]["FieldError"];
export type Problem = components["schemas"]["Problem"];

/** Status of an ApiError when no HTTP answer arrived at all. */
export const NETWORK_FAILURE_STATUS = 0;

/** One typed error for every failed call: problem+json, other JSON, plain text or no answer at all. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly title: string;
  readonly detail: string | null;
  readonly fieldErrors: Readonly<Record<string, readonly FieldError[]>>;
  readonly retryAfterSeconds: number | null;

  constructor(fields: {
    status: number;
    code?: string | null;
    title: string;
    detail?: string | null;
    fieldErrors?: Record<string, readonly FieldError[]>;
    retryAfterSeconds?: number | null;
  }) {
    super(fields.detail ? `${fields.title}: ${fields.detail}` : fields.title);
    this.name = "ApiError";
    this.status = fields.status;
    this.code = fields.code ?? null;
    this.title = fields.title;
    this.detail = fields.detail ?? null;
    this.fieldErrors = fields.fieldErrors ?? {};
    this.retryAfterSeconds = fields.retryAfterSeconds ?? null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function stringOrNull(value: unknown): string | null {
  return typeof value === "string" && value.length > 0 ? value : null;
}

function readFieldErrors(value: unknown): Record<string, FieldError[]> {
  if (!isRecord(value)) return {};
  const fieldErrors: Record<string, FieldError[]> = {};
  for (const [field, problems] of Object.entries(value)) {
    if (!Array.isArray(problems)) continue;
    fieldErrors[field] = problems.filter(
      (problem): problem is FieldError => isRecord(problem) && typeof problem.code === "string",
    );
  }
  return fieldErrors;
}

/** Retry-After is delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(header: string | null, now: Date = new Date()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const date = Date.parse(header);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now.getTime()) / 1000));
}

/** Builds the ApiError for an HTTP answer whose body openapi-fetch already parsed (JSON) or left as text. */
export function errorFromResponse(response: Response, body: unknown): ApiError {
  const retryAfterSeconds = parseRetryAfter(response.headers.get("Retry-After"));
  const fallbackTitle = response.statusText || `HTTP ${response.status}`;
  if (isRecord(body)) {
    return new ApiError({
      status: response.status,
      code: stringOrNull(body.code),
      title: stringOrNull(body.title) ?? fallbackTitle,
      detail: stringOrNull(body.detail),
      fieldErrors: readFieldErrors(body.errors),
      retryAfterSeconds,
    });
  }
  return new ApiError({
    status: response.status,
    title: fallbackTitle,
    detail: typeof body === "string" ? stringOrNull(body.trim()) : null,
    retryAfterSeconds,
  });
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === "AbortError";
}

/** Builds the ApiError for a call that got no HTTP answer (DNS, offline, CORS, refused connection). */
export function errorFromNetworkFailure(error: unknown): ApiError {
  return new ApiError({
    status: NETWORK_FAILURE_STATUS,
    code: "network_error",
    title: "Network error",
    detail: error instanceof Error ? error.message : String(error),
  });
}

interface FetchResult<Data> {
  data?: Data;
  error?: unknown;
  response: Response;
}

/**
 * Awaits an openapi-fetch call and returns its data, or throws one ApiError.
 * An aborted call rethrows the AbortError untouched: whoever aborted it is no longer listening.
 */
export async function expectData<Data>(call: Promise<FetchResult<Data>>): Promise<Data> {
  let result: FetchResult<Data>;
  try {
    result = await call;
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw errorFromNetworkFailure(error);
  }
  if (!result.response.ok) throw errorFromResponse(result.response, result.error);
  return result.data as Data;
}
