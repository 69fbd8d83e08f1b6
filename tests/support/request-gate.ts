/**
 * Holds requests the SPA sends together (several reads in parallel) until the test lets them all go at once:
 * `server.hold` lets one request go at a time and refuses while several wait. The gate sits in front of the
 * network given to renderApp (`fetch: gate.wrap(server.fetch)`), so a request it holds reaches the server's log
 * only once released.
 */
type Fetch = (request: Request) => Promise<Response>;

interface Waiting {
  request: Request;
  next: Fetch;
  resolve: (response: Response) => void;
  reject: (error: unknown) => void;
}

export interface RequestGate {
  wrap(next: Fetch): Fetch;
  /** The held requests not cancelled by the SPA. */
  active(): Request[];
  /** Passes every held request on, hands each its answer and waits for all of them. */
  releaseAll(): Promise<void>;
  /** Answers every held request with the test's response instead of the server's. */
  answerAll(response: () => Response): void;
}

// As the test server's fetch rejects on abort: an Error (jsdom's DOMException is none), named as fetch names it.
const abortError = () => Object.assign(new Error("The request was cancelled."), { name: "AbortError" });

export function createRequestGate(matches: (request: Request) => boolean): RequestGate {
  let waiting: Waiting[] = [];
  const take = () => {
    const taken = waiting.filter(({ request }) => !request.signal.aborted);
    waiting = [];
    return taken;
  };
  return {
    wrap: (next) => (request) => {
      if (!matches(request)) return next(request);
      return new Promise<Response>((resolve, reject) => {
        waiting.push({ request, next, resolve, reject });
        request.signal.addEventListener("abort", () => reject(abortError()), { once: true });
      });
    },
    active: () => waiting.filter(({ request }) => !request.signal.aborted).map(({ request }) => request),
    async releaseAll() {
      await Promise.all(
        take().map(async ({ request, next, resolve, reject }) => {
          try {
            resolve(await next(request));
          } catch (error) {
            reject(error);
          }
        }),
      );
    },
    answerAll(response) {
      for (const { resolve } of take()) resolve(response());
    },
  };
}
