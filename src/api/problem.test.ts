import { describe, expect, it } from "vitest";
import createClient from "openapi-fetch";
import type { paths } from "../../openapi/schema.d.ts";
import { ApiError, expectData, parseRetryAfter } from "./problem";

function clientAnswering(answer: (request: Request) => Promise<Response>) {
  return createClient<paths>({ baseUrl: window.location.origin, fetch: answer });
}

async function failureOf(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail");
}

function authorize(answer: (request: Request) => Promise<Response>, signal?: AbortSignal) {
  const api = clientAnswering(answer);
  return expectData(api.POST("/api/v2/access/authorize", { body: { user: "u", password: "p" }, signal }));
}

describe("expectData", () => {
  it("returns the data of a successful call", async () => {
    const data = await authorize(() => Promise.resolve(Response.json({ access_token: "a.b.c", expires_in: 60 })));
    expect(data).toEqual({ access_token: "a.b.c", expires_in: 60 });
  });

  it("turns a problem+json answer into an ApiError with its code and field errors", async () => {
    const problem = {
      type: "urn:problem:validation",
      title: "The request is not valid",
      status: 400,
      code: "validation",
      detail: "user is empty",
      errors: { user: [{ code: "required", message: "User is required." }] },
    };
    const error = await failureOf(
      authorize(() =>
        Promise.resolve(
          new Response(JSON.stringify(problem), { status: 400, headers: { "Content-Type": "application/problem+json" } }),
        ),
      ),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect({ ...(error as ApiError) }).toEqual({
      name: "ApiError",
      status: 400,
      code: "validation",
      title: "The request is not valid",
      detail: "user is empty",
      fieldErrors: { user: [{ code: "required", message: "User is required." }] },
      retryAfterSeconds: null,
    });
  });

  it("reads how long to wait from Retry-After on a 429", async () => {
    const error = await failureOf(
      authorize(() =>
        Promise.resolve(
          new Response(JSON.stringify({ type: "urn:problem:rate-limited", title: "Too many requests", status: 429, code: "rate_limited" }), {
            status: 429,
            headers: { "Content-Type": "application/problem+json", "Retry-After": "30" },
          }),
        ),
      ),
    );
    expect(error).toMatchObject({ status: 429, code: "rate_limited", retryAfterSeconds: 30 });
  });

  it("keeps a plain-text error body as the detail", async () => {
    const error = await failureOf(
      authorize(() => Promise.resolve(new Response("Bad Gateway from the proxy", { status: 502, statusText: "Bad Gateway" }))),
    );
    expect(error).toMatchObject({ status: 502, code: null, title: "Bad Gateway", detail: "Bad Gateway from the proxy" });
  });

  it("accepts JSON that is not a problem", async () => {
    const error = await failureOf(authorize(() => Promise.resolve(Response.json({ message: "nope" }, { status: 500 }))));
    expect(error).toMatchObject({ status: 500, code: null, title: "HTTP 500", detail: null, fieldErrors: {} });
  });

  it("turns a network failure into an ApiError with status 0", async () => {
    const error = await failureOf(authorize(() => Promise.reject(new TypeError("Failed to fetch"))));
    expect(error).toMatchObject({ status: 0, code: "network_error", detail: "Failed to fetch" });
  });

  it("rethrows an abort untouched so a cancelled call is not reported as a failure", async () => {
    const controller = new AbortController();
    const pending = authorize(
      (request) =>
        new Promise((_, reject) => {
          request.signal.addEventListener("abort", () => reject(request.signal.reason as Error));
        }),
      controller.signal,
    );
    controller.abort();
    const error = await failureOf(pending);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe("AbortError");
  });
});

describe("parseRetryAfter", () => {
  it("reads delta-seconds and HTTP dates", () => {
    const now = new Date("2026-11-21T12:00:00Z");
    expect(parseRetryAfter("30", now)).toBe(30);
    expect(parseRetryAfter("Sat, 21 Nov 2026 12:00:45 GMT", now)).toBe(45);
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter("soon", now)).toBeNull();
  });
});
