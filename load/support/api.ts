// The load tools' client of the public API (openapi-fetch, typed by the contract): paced, retried on 429, each call
// observed, with the shared tally and a gate that bounds concurrency. Used by npm run simulate and the soak.
import { setTimeout as sleep } from "node:timers/promises";
import createClient, { type Client } from "openapi-fetch";
import type { paths } from "../../openapi/schema.d.ts";

/** What the progress line shows; every observer adds to the one shared tally. */
export interface Tally {
  active: number;
  signedIn: number;
  arrivals: number;
  answers: number;
  flagged: number;
  notes: number;
  photos: number;
  departures: number;
  requests: number;
  errors: number;
  lastError: string | undefined;
}

export const emptyTally = (): Tally => ({
  active: 0, signedIn: 0, arrivals: 0, answers: 0, flagged: 0, notes: 0, photos: 0, departures: 0, requests: 0, errors: 0, lastError: undefined,
});

/**
 * Spaces every request of every observer so that the whole simulation sends at most `perSecond` actions a second
 * (no limit when `perSecond` is not finite). Slots are handed out in call order, so no observer starves.
 */
export function createPacer(perSecond: number, signal: AbortSignal) {
  const spacing = Number.isFinite(perSecond) && perSecond > 0 ? 1000 / perSecond : 0;
  let nextSlot = 0;
  return async function waitForSlot() {
    const now = performance.now();
    const slot = Math.max(now, nextSlot);
    nextSlot = slot + spacing;
    if (slot > now) await sleep(slot - now, undefined, { signal });
  };
}

export type Api = Client<paths>;

/**
 * Sees every attempt once it answered (or failed to): the request as sent, the response (or the network error) and
 * the milliseconds until its headers. Awaited before the caller gets the response, so a caller's order is kept.
 */
export type CallObserver = (request: Request, outcome: Response | Error, milliseconds: number) => void | Promise<void>;

/**
 * A typed client of the public API that waits for its pacing slot before each request and, on a 429, waits the
 * server's Retry-After and tries again, at most `retries` times (sign-in under load answers "busy" that way).
 * Requests stop on `signal`.
 */
export function createApi(
  baseUrl: string,
  token: string | undefined,
  { pace, tally, signal, retries = 3, observe }: { pace: () => Promise<void>; tally: Tally; signal: AbortSignal; retries?: number; observe?: CallObserver },
): Api {
  async function pacedFetch(request: Request): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      await pace();
      tally.requests++;
      const sent = performance.now();
      const response = await fetch(request.clone(), { signal }).catch(async (error: Error) => {
        await observe?.(request, error, performance.now() - sent);
        throw error;
      });
      await observe?.(request, response, performance.now() - sent);
      if (response.status !== 429 || attempt === retries) return response;
      await response.body?.cancel();
      await sleep(Number(response.headers.get("retry-after") ?? 1) * 1000, undefined, { signal });
    }
  }
  return createClient<paths>({ baseUrl, fetch: pacedFetch, headers: token ? { authorization: `Bearer ${token}` } : {} });
}

/**
 * At most `limit` calls of `run` at a time. All simulated observers sign in from one address, and the server
 * slows an address down once many sign-ins are under way from it (it counts each attempt until it succeeds): a
 * few at a time keeps the simulation a crowd of phones rather than a flood from one host.
 */
export function createGate(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function through<T>(run: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await run();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

/** Thrown for an answer the simulation did not expect; the message says which call and what the server said. */
export class ApiError extends Error {}

/** The data of a successful call, or an ApiError naming the call, the status and the problem's code or title. */
export function expectOk<T>(call: string, result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok) return result.data as T;
  const problem = result.error as { code?: string; title?: string; detail?: string } | undefined;
  throw new ApiError(`${call}: ${result.response.status} ${problem?.code ?? problem?.title ?? ""} ${problem?.detail ?? ""}`.trim());
}
