import { setTimeout as sleep } from "node:timers/promises";
import { readSse } from "../../server/src/live/sse-reader.ts";
import type { Recorder } from "./recorder.ts";

/**
 * A stream without an event this long is dead. Long: while the observers sign in nothing happens to any thread, and
 * a stream that died quietly still shows in the count of events it missed.
 */
const STALLED_MS = 5 * 60_000;
const RECONNECT_PAUSE_MS = 1_000;

export interface LiveStreamCount {
  /** `answers` events: one per acknowledged answers batch of an observer in the stream's scope. */
  answers: number;
  /** Times the stream ended or failed and was opened again with Last-Event-ID, as the SPA does. */
  reconnects: number;
  /** `reset` events: the server could not resume the stream, so events were lost to it. */
  resets: number;
}

/**
 * A staff tab's live stream (GET /api/v1/live with the bearer token), held open until `stop`. A stream that ends or
 * fails is an error and is resumed from its last event id, so the count still sees every event the server kept.
 */
export function holdLiveStream(url: string, token: string, recorder: Recorder, stop: AbortSignal) {
  const count: LiveStreamCount = { answers: 0, reconnects: 0, resets: 0 };
  let lastEventId: string | null = null;
  let markConnected = () => {};
  /** Resolves once the server answered the first time: from then on the stream is subscribed to every event. */
  const connected = new Promise<void>((resolve) => (markConnected = resolve));

  async function readOnce(): Promise<void> {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (lastEventId) headers["last-event-id"] = lastEventId;
    const response = await fetch(`${url}/api/v1/live`, { headers, signal: stop });
    if (response.status !== 200) {
      await response.body?.cancel();
      throw new Error(`answered ${response.status}`);
    }
    markConnected();
    const reader = readSse(response);
    stop.addEventListener("abort", () => void reader.cancel(), { once: true });
    for (let event = await reader.next(STALLED_MS); event; event = await reader.next(STALLED_MS)) {
      if (event.id) lastEventId = event.id;
      if (event.event === "reset") {
        count.resets++;
        recorder.failure(new Error("reset: the server could not resume the stream"), "GET /api/v1/live");
      }
      if (event.event !== "thread") continue;
      recorder.liveEvent();
      if ((JSON.parse(event.data) as { kind: string }).kind === "answers") count.answers++;
    }
    if (!stop.aborted) throw new Error("the server ended the stream");
  }

  const closed = (async () => {
    while (!stop.aborted) {
      try {
        await readOnce();
      } catch (error) {
        if (stop.aborted) return;
        recorder.failure(error, "GET /api/v1/live");
        count.reconnects++;
        await sleep(RECONNECT_PAUSE_MS);
      }
    }
  })();
  return { count, connected, closed };
}
