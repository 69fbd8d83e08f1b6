export interface PeriodicJob {
  start(): void;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `work` at start and then every `everyMilliseconds`, without keeping the process alive; a failed run is logged
 * after `failure` and the next one tries again.
 */
export function periodically(work: () => Promise<unknown>, everyMilliseconds: number, failure: string): PeriodicJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = work().catch((error: unknown) => console.error(failure, error));
  };
  return {
    start() {
      run();
      timer = setInterval(run, everyMilliseconds);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
