// Latency figures for the benches and the soak: percentiles, and a closed-loop load over N connections (runLoad).
import { performance } from "node:perf_hooks";

export interface LoadResult {
  requests: number;
  failures: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
}

export const percentile = (values: number[], p: number) =>
  values.length === 0 ? NaN : [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

/**
 * Keeps `connections` requests in flight for `seconds` (each loop sends its next request when the last one
 * answered) and reports throughput and latency. Bounded in count and time, loopback only.
 */
export async function runLoad(
  { connections, seconds, maxRequests = 1_000_000 }: { connections: number; seconds: number; maxRequests?: number },
  send: () => Promise<Response>,
  isOk: (response: Response) => boolean = (response) => response.ok,
): Promise<LoadResult> {
  const times: number[] = [];
  let failures = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const loop = async () => {
    while (performance.now() < deadline && times.length + failures < maxRequests) {
      const sent = performance.now();
      try {
        const response = await send();
        await response.arrayBuffer();
        if (isOk(response)) times.push(performance.now() - sent);
        else failures++;
      } catch {
        failures++;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  const elapsed = (performance.now() - started) / 1000;
  return {
    requests: times.length,
    failures,
    perSecond: times.length / elapsed,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
  };
}

export const describeLoad = (result: LoadResult) =>
  `${result.perSecond.toFixed(1)} req/s, p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms` +
  ` (${result.requests} ok, ${result.failures} failed)`;
