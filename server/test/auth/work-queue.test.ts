import { describe, expect, it } from "vitest";
import { createWorkQueue } from "../../src/auth/work-queue.ts";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe("createWorkQueue", () => {
  it("runs at most `concurrency` jobs at once and the rest in order", async () => {
    const queue = createWorkQueue({ concurrency: 2, maxWaiting: 10 });
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const results = gates.map(
      (gate, index) =>
        queue.run(async () => {
          started.push(index);
          await gate.promise;
          return index;
        })!,
    );
    expect(started).toEqual([0, 1]);
    expect([queue.running, queue.waiting]).toEqual([2, 2]);
    gates[1]!.resolve();
    await results[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3]);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it("refuses a job when the waiting line is full instead of growing without bound", async () => {
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 1 });
    const gate = deferred();
    const first = queue.run(() => gate.promise);
    const second = queue.run(() => Promise.resolve("second"));
    expect(queue.run(() => Promise.resolve("third"))).toBeNull();
    gate.resolve();
    await first;
    expect(await second).toBe("second");
  });

  it("frees the slot of a job that fails", async () => {
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 5 });
    await expect(queue.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await queue.run(() => Promise.resolve("next"))).toBe("next");
  });
});
