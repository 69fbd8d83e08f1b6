export interface WorkQueue {
  /** Runs the job when a slot is free; null when the queue is full (the caller answers "busy" instead of waiting). */
  run<T>(job: () => Promise<T>): Promise<T> | null;
  readonly running: number;
  readonly waiting: number;
}

/** A bounded FIFO queue that runs at most `concurrency` jobs at once. */
export function createWorkQueue({ concurrency, maxWaiting }: { concurrency: number; maxWaiting: number }): WorkQueue {
  const waiting: (() => void)[] = [];
  let running = 0;

  const release = () => {
    running--;
    const next = waiting.shift();
    if (next) next();
  };

  return {
    run<T>(job: () => Promise<T>): Promise<T> | null {
      if (running >= concurrency && waiting.length >= maxWaiting) return null;
      const start = () => {
        running++;
        return job().finally(release);
      };
      if (running < concurrency) return start();
      return new Promise<T>((resolve, reject) => waiting.push(() => void start().then(resolve, reject)));
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}
