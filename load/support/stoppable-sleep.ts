/**
 * Sleeps that all end at once when `stop` aborts (rejecting with its reason). Thousands of simulated people wait on
 * one stop: each `sleep(ms, undefined, { signal })` would add a listener to the signal, and an EventTarget checks a
 * new listener against every one it holds, so the waits themselves would cost more than the requests. Here the
 * signal has one listener and each sleep is a set entry.
 */
export function createStoppableSleep(stop: AbortSignal): (milliseconds: number) => Promise<void> {
  const sleeping = new Set<() => void>();
  stop.addEventListener("abort", () => {
    for (const wake of sleeping) wake();
  }, { once: true });
  return (milliseconds) =>
    new Promise<void>((resolve, reject) => {
      if (stop.aborted) return reject(stop.reason as Error);
      const wake = () => {
        clearTimeout(timer);
        sleeping.delete(wake);
        reject(stop.reason as Error);
      };
      const timer = setTimeout(() => {
        sleeping.delete(wake);
        resolve();
      }, milliseconds);
      sleeping.add(wake);
    });
}
