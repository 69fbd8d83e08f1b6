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
};
