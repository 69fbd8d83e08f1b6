/** One dispatched server-sent event (https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation). */
export interface SseMessage {
  /** The last event ID as the stream last set it (an event without `id:` keeps the previous one). */
  lastEventId: string;
  /** `message` when the event has no `event:` line. */
  event: string;
  data: string;
}

export interface SseParser {
  /** Feeds decoded text; a chunk may end anywhere, even between the CR and LF of one line break. */
  push(text: string): void;
}

/**
 * An incremental event-stream parser, as browsers' EventSource reads one: lines end with CRLF, LF or CR; `:`
 * starts a comment; an empty line dispatches the event when it has data. `retry:` is ignored, since the
 * connection machine owns the back-off.
 */
export function createSseParser(onMessage: (message: SseMessage) => void): SseParser {
  let pending = "";
  let skipLeadingLineFeed = false;
  let atStreamStart = true;
  let lastEventId = "";
  let eventType = "";
  let data: string[] = [];

  function dispatch() {
    if (data.length > 0) onMessage({ lastEventId, event: eventType || "message", data: data.join("\n") });
    eventType = "";
    data = [];
  }

  function readLine(line: string) {
    if (line === "") return dispatch();
    if (line.startsWith(":")) return;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") data.push(value);
    else if (field === "event") eventType = value;
    else if (field === "id" && !value.includes("\0")) lastEventId = value;
  }

  return {
    push(text) {
      if (text === "") return;
      let input = text;
      if (skipLeadingLineFeed && input.startsWith("\n")) input = input.slice(1);
      skipLeadingLineFeed = false;
      if (atStreamStart) {
        atStreamStart = false;
        if (input.startsWith("\uFEFF")) input = input.slice(1);
      }
      pending += input;
      const lineBreak = /\r\n|\r|\n/g;
      let start = 0;
      for (let match = lineBreak.exec(pending); match; match = lineBreak.exec(pending)) {
        readLine(pending.slice(start, match.index));
        start = lineBreak.lastIndex;
        // A CR that ends the chunk may be the first half of a CRLF: the next chunk's LF then ends no line.
        if (match[0] === "\r" && start === pending.length) skipLeadingLineFeed = true;
      }
      pending = pending.slice(start);
    },
  };
}
