// What the soak counts and times: every API call by kind (requests, errors by cause, latencies), per minute and for
// the whole run.
import { ApiError, type CallObserver } from "../support/api.ts";
import { percentile } from "../support/latency.ts";

/** The two latencies the soak reports, and everything else that is counted but not timed. */
export type CallKind = "staff read" | "staff write" | "observer write" | "other";

interface Counts {
  requests: number;
  errors: number;
  /** Two staff claiming one thread: the second gets 409 `claim_held`, which is the product working. */
  claimConflicts: number;
  liveEvents: number;
  latencies: Record<"staff read" | "observer write", number[]>;
}

const emptyCounts = (): Counts => ({ requests: 0, errors: 0, claimConflicts: 0, liveEvents: 0, latencies: { "staff read": [], "observer write": [] } });

/** fetch's "fetch failed" says nothing by itself: the reason is in its cause (a reset, a closed socket, a timeout). */
function describeError(error: Error): string {
  const cause = error.cause as { code?: string; message?: string } | undefined;
  return cause ? `${error.message} (${cause.code ?? cause.message})` : error.message;
}

/** `POST /api/v1/answers/threads/{id}/{id}/claim`: one line per operation, whatever the ids. */
const route = (request: Request) => `${request.method} ${new URL(request.url).pathname.replace(/\/\d+/g, "/{id}")}`;
const isClaim = (request: Request) => request.method === "POST" && request.url.endsWith("/claim");

/**
 * Everything the soak counts, per minute (the window, emptied by `takeWindow`) and for the whole run. An error is any
 * answer but 2xx (a claim's 409 aside), a request that got no answer, and any other failure a player reports.
 */
export function createRecorder() {
  let window = emptyCounts();
  const total = emptyCounts();
  const errorsByCause = new Map<string, number>();
  // Failures already counted when they happened, so that the player who then sees them thrown does not count again.
  const counted = new WeakSet<Error>();
  const timeByRoute = new Map<string, number[]>();

  function addError(cause: string) {
    window.errors++;
    total.errors++;
    errorsByCause.set(cause, (errorsByCause.get(cause) ?? 0) + 1);
  }

  return {
    /** A CallObserver (see createApi) that counts each call as `kind`. */
    observer(kind: CallKind): CallObserver {
      return (request, outcome, milliseconds) => {
        window.requests++;
        total.requests++;
        const time = timeByRoute.get(route(request)) ?? [];
        timeByRoute.set(route(request), time);
        time.push(milliseconds);
        if (outcome instanceof Error) {
          counted.add(outcome);
          return addError(`${route(request)}: ${describeError(outcome)}`);
        }
        if (outcome.status === 409 && isClaim(request)) {
          window.claimConflicts++;
          total.claimConflicts++;
        } else if (!outcome.ok) {
          return addError(`${route(request)}: ${outcome.status}`);
        }
        if (kind === "staff read" || kind === "observer write") {
          window.latencies[kind].push(milliseconds);
          total.latencies[kind].push(milliseconds);
        }
      };
    },
    /** A failure outside a call (a stream that stalled); errors a CallObserver or expectOk saw are not counted twice. */
    failure(error: unknown, context: string) {
      if (error instanceof ApiError || (error instanceof Error && counted.has(error))) return;
      addError(`${context}: ${error instanceof Error ? describeError(error) : String(error)}`);
    },
    liveEvent() {
      window.liveEvents++;
      total.liveEvents++;
    },
    takeWindow(): Counts {
      const taken = window;
      window = emptyCounts();
      return taken;
    },
    total: () => total,
    errorsByCause: () => [...errorsByCause].sort((a, b) => b[1] - a[1]),
    /** The operations the clients waited on longest in total: calls, p50/p95 and the summed wait, longest first. */
    busiestRoutes: () =>
      [...timeByRoute]
        .map(([name, times]) => ({ name, calls: times.length, seconds: times.reduce((sum, time) => sum + time, 0) / 1000, p50: percentile(times, 0.5), p95: percentile(times, 0.95) }))
        .sort((a, b) => b.seconds - a.seconds),
  };
}

export type Recorder = ReturnType<typeof createRecorder>;

const ms = (values: number[]) => values.length === 0 ? "-" : [0.5, 0.95, 0.99].map((p) => percentile(values, p).toFixed(0)).join("/");

/** `requests 7812, errors 0, claim 409s 12 · staff reads p50/p95/p99 8/35/80 ms · …` */
export function describeCounts(counts: Counts): string {
  return `requests ${counts.requests}, errors ${counts.errors}, claim 409s ${counts.claimConflicts} · ` +
    `staff reads p50/p95/p99 ${ms(counts.latencies["staff read"])} ms · observer writes ${ms(counts.latencies["observer write"])} ms · ` +
    `live events ${counts.liveEvents}`;
}
