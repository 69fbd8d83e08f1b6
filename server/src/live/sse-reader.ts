/** One server-sent event as a client sees it. */
export interface SseEvent {
  id: string | null;
  event: string;
  data: string;
}

export interface SseReader {
  /** The next event (comments skipped); null when the stream ends. Fails after `timeoutMs` without one. */
  next(timeoutMs?: number): Promise<SseEvent | null>;
  /** The next `count` events; fails if the stream ends or stalls first. */
  take(count: number, timeoutMs?: number): Promise<SseEvent[]>;
  /** Comment lines seen so far (`keep-alive`, …). */
  comments: string[];
  /** Resolves once a comment line says `text`; fails after `timeoutMs` without one. */
  comment(text: string, timeoutMs?: number): Promise<void>;
  cancel(): Promise<void>;
}

/** A small SSE parser for tests and benchmarks: the fields this server sends (id, event, data, comments). */
export function readSse(response: Response): SseReader {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const ready: SseEvent[] = [];
  const comments: string[] = [];
  let text = "";
  let done = false;
  // A read that lost a race with the timeout still holds the next chunk: the next call awaits it.
  let pending: Promise<ReadableStreamReadResult<string>> | null = null;

  function parseBlocks() {
    for (let end = text.indexOf("\n\n"); end >= 0; end = text.indexOf("\n\n")) {
      const block = text.slice(0, end);
      text = text.slice(end + 2);
      const event: SseEvent = { id: null, event: "message", data: "" };
      let hasData = false;
      for (const line of block.split("\n")) {
        if (line.startsWith(":")) {
          comments.push(line.slice(1).trim());
          continue;
        }
        const colon = line.indexOf(":");
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "id") event.id = value;
        else if (field === "event") event.event = value;
        else if (field === "data") {
          event.data = hasData ? `${event.data}\n${value}` : value;
          hasData = true;
        }
      }
      if (hasData) ready.push(event);
    }
  }

  /** Reads until `satisfied` or the end of the stream; fails after `timeoutMs`. */
  async function readUntil(satisfied: () => boolean, timeoutMs: number, what: string): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no ${what} within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      while (!satisfied() && !done) {
        pending ??= reader.read();
        const chunk = await Promise.race([pending, timeout]);
        pending = null;
        if (chunk.done) done = true;
        else {
          text += chunk.value;
          parseBlocks();
        }
      }
    } finally {
      clearTimeout(timer);
    }
  }

  async function next(timeoutMs = 10_000): Promise<SseEvent | null> {
    await readUntil(() => ready.length > 0, timeoutMs, "server-sent event");
    return ready.shift() ?? null;
  }

  return {
    next,
    async take(count, timeoutMs) {
      const events: SseEvent[] = [];
      while (events.length < count) {
        const event = await next(timeoutMs);
        if (!event) throw new Error(`the stream ended after ${events.length} of ${count} events`);
        events.push(event);
      }
      return events;
    },
    comments,
    async comment(wanted, timeoutMs = 10_000) {
      await readUntil(() => comments.includes(wanted), timeoutMs, `comment "${wanted}"`);
      if (!comments.includes(wanted)) throw new Error(`the stream ended without the comment "${wanted}"`);
    },
    cancel: () => reader.cancel().catch(() => {}),
  };
}
