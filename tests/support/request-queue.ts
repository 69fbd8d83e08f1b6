import type { ApiError } from "../../src/api/problem";

interface PendingRequest {
  answer: (response: Response) => void;
  fail: (error: unknown) => void;
  signal: AbortSignal;
}

/**
 * Requests of one kind that wait until the test answers them, so that model-based suites decide when each actor
 * finishes. An aborted request fails as fetch does.
 */
export function createRequestQueue() {
  const pending: PendingRequest[] = [];
  let answered = 0;
  const active = () => pending.filter((request) => !request.signal.aborted);
  const takeActive = () => {
    const [request, ...others] = active();
    if (!request || others.length > 0) throw new Error(`expected one pending request, found ${active().length}`);
    pending.splice(pending.indexOf(request), 1);
    answered += 1;
    return request;
  };
  return {
    receive: (request: Request) =>
      new Promise<Response>((answer, fail) => {
        pending.push({ answer, fail, signal: request.signal });
        request.signal.addEventListener("abort", () => fail(new DOMException("The request was cancelled.", "AbortError")));
      }),
    receivedCount: () => pending.length + answered,
    activeCount: () => active().length,
    answer: (response: Response) => takeActive().answer(response),
    fail: (error: Error) => takeActive().fail(error),
  };
}

/** The problem+json response a server sends for an ApiError. */
export function problemResponseFor(error: ApiError): Response {
  const errors = Object.keys(error.fieldErrors).length > 0 ? error.fieldErrors : undefined;
  return Response.json(
    { type: `urn:problem:${error.code}`, title: error.title, status: error.status, code: error.code, errors },
    { status: error.status, headers: { "Content-Type": "application/problem+json" } },
  );
}
