/**
 * Timers of one duration held until the test lets them go, every other timer left alone.
 *
 * Why not `vi.useFakeTimers`: Testing Library and user-event wait on `setTimeout(0)` between steps, so faking every
 * `setTimeout` stalls them, and `shouldAdvanceTime` lets a slow step on a loaded machine fire a 10 s refresh on its
 * own. Holding only the screen's refresh interval (XState's `after` delays go through the global `setTimeout` at the
 * moment they are scheduled) makes "10 s have passed" a step the test takes, and nothing else changes.
 */
import { act } from "@testing-library/react";
import { onTestFinished, vi } from "vitest";

export interface HeldTimers {
  /** How many timers of the held duration are waiting (cleared ones are gone). */
  pendingCount(): number;
  /** Runs every waiting timer of the held duration, as the time passing would, and returns how many ran. */
  elapse(): number;
}

/** Holds every later `setTimeout(callback, ms)` of exactly `ms` until `elapse()`; restored when the test ends. */
export function holdTimers(ms: number): HeldTimers {
  const realSetTimeout = globalThis.setTimeout;
  const realClearTimeout = globalThis.clearTimeout;
  const waiting = new Map<object, () => void>();
  const setTimeoutSpy = vi.spyOn(globalThis, "setTimeout").mockImplementation(((callback: (...args: unknown[]) => void, delay?: number, ...args: unknown[]) => {
    if (delay !== ms) return realSetTimeout(callback, delay, ...args);
    const id = { held: ms };
    waiting.set(id, () => callback(...args));
    return id;
  }) as typeof setTimeout);
  const clearTimeoutSpy = vi.spyOn(globalThis, "clearTimeout").mockImplementation((id?: unknown) => {
    if (typeof id === "object" && id !== null && waiting.delete(id)) return;
    realClearTimeout(id as Parameters<typeof clearTimeout>[0]);
  });
  onTestFinished(() => {
    setTimeoutSpy.mockRestore();
    clearTimeoutSpy.mockRestore();
  });
  return {
    pendingCount: () => waiting.size,
    elapse() {
      const due = [...waiting.entries()];
      for (const [id] of due) waiting.delete(id);
      act(() => {
        for (const [, run] of due) run();
      });
      return due.length;
    },
  };
}
