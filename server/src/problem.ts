import type { components } from "../../openapi/schema.d.ts";

/** RFC 9457 problem details, the one error shape of the API; services throw them without knowing HTTP. */
export type FieldError = components["schemas"]["FieldError"];

/** The contract's Problem with the code every answer of this server sets, plus extensions such as `rows`. */
export type ProblemBody = components["schemas"]["Problem"] & { code: string; [extension: string]: unknown };

const titles: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  431: "Request Header Fields Too Large",
  500: "Internal Server Error",
  501: "Not Implemented",
  503: "Service Unavailable",
};

export function problem(
  status: number,
  code: string,
  detail?: string,
  extensions: Partial<ProblemBody> = {},
): ProblemBody {
  return {
    type: `urn:problem:${code.replaceAll("_", "-")}`,
    title: titles[status] ?? "Error",
    status,
    code,
    ...(detail === undefined ? {} : { detail }),
    ...extensions,
  };
}

export function problemResponse(body: ProblemBody, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status: body.status,
    headers: { "content-type": "application/problem+json", ...headers },
  });
}

/** Thrown anywhere in a handler to answer with a problem. */
export class ProblemError extends Error {
  constructor(
    readonly body: ProblemBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.detail ?? body.title);
  }
}

export const fail = {
  validation: (errors: Record<string, FieldError[]>, detail = "The request is not valid.") =>
    new ProblemError(problem(400, "validation", detail, { errors })),
  unauthorized: (detail = "A valid access token is required.") =>
    new ProblemError(problem(401, "unauthorized", detail), { "www-authenticate": 'Bearer realm="api"' }),
  forbidden: (detail = "Your role does not allow this.") => new ProblemError(problem(403, "forbidden", detail)),
  notFound: (detail = "Not found.") => new ProblemError(problem(404, "not_found", detail)),
  conflict: (code: string, detail: string, errors?: Record<string, FieldError[]>) =>
    new ProblemError(problem(409, code, detail, errors ? { errors } : {})),
  tooManyRequests: (code: string, detail: string, retryAfter: number) =>
    new ProblemError(problem(429, code, detail, { retryAfter }), { "retry-after": String(retryAfter) }),
};

/** Seconds a client waits before retrying when the database is away: about what a PostgreSQL restart takes. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const databaseUnavailable = (): ProblemError =>
  new ProblemError(problem(503, "unavailable", "The database does not answer; try again shortly."), {
    "retry-after": String(DATABASE_RETRY_AFTER_SECONDS),
  });

// Socket errors of a database that is down, restarting or unreachable.
const LOST_CONNECTION_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"]);
// SQLSTATEs of a server going away: admin_shutdown, crash_shutdown, cannot_connect_now, and class 08 (connection exception).
const LOST_CONNECTION_STATES = new Set(["57P01", "57P02", "57P03"]);
// Class 08 but not a lost connection: protocol_violation is the server refusing a message the driver sent (a query
// with more than 65,535 parameters, say) on a connection that stays up. Retrying sends the same message: a bug, a 500.
const PROTOCOL_VIOLATION = "08P01";
// What pg and pg-pool throw without a code when the connection drops or none can be had.
const LOST_CONNECTION_MESSAGES = [
  "Connection terminated",
  "connection error and is not queryable",
  "timeout exceeded when trying to connect",
  "Client was closed and is not queryable",
];

/**
 * Whether an error says the database connection was lost or could not be made (a restart, a failover, a network
 * cut), rather than that the request or the code was wrong: such a request may succeed once the database is back.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (code === PROTOCOL_VIOLATION) return false;
  if (typeof code === "string" && (LOST_CONNECTION_CODES.has(code) || LOST_CONNECTION_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) {
    return true;
  }
  if (LOST_CONNECTION_MESSAGES.some((message) => error.message.includes(message))) return true;
  // Node reports a refused connection to every address of a host as an AggregateError of them.
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}
