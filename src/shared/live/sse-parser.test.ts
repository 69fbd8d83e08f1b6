import { describe, expect, it } from "vitest";
import { createSseParser, type SseMessage } from "./sse-parser";

function parse(chunks: string[]): SseMessage[] {
  const messages: SseMessage[] = [];
  const parser = createSseParser((message) => messages.push(message));
  for (const chunk of chunks) parser.push(chunk);
  return messages;
}

/** Every way to cut `text` in two, and one character at a time. */
function everySplit(text: string): string[][] {
  const splits = [...Array(text.length + 1).keys()].map((at) => [text.slice(0, at), text.slice(at)]);
  return [...splits, [...text]];
}

const STREAM = 'id: 812\nevent: thread\ndata: {"kind":"answers"}\n\n: keep-alive\n\nid: 813\nevent: reset\ndata: {}\n\n';
const PARSED: SseMessage[] = [
  { lastEventId: "812", event: "thread", data: '{"kind":"answers"}' },
  { lastEventId: "813", event: "reset", data: "{}" },
];

describe("createSseParser", () => {
  it("reads ids, event types and data, and skips keep-alive comments", () => {
    expect(parse([STREAM])).toEqual(PARSED);
  });

  it("reads the same events wherever the chunks are cut", () => {
    for (const chunks of everySplit(STREAM)) expect(parse(chunks)).toEqual(PARSED);
  });

  it("accepts CRLF and CR line breaks, also a CRLF cut between its CR and its LF", () => {
    const crlf = STREAM.replaceAll("\n", "\r\n");
    for (const chunks of everySplit(crlf)) expect(parse(chunks)).toEqual(PARSED);
    expect(parse([STREAM.replaceAll("\n", "\r")])).toEqual(PARSED);
  });

  it("joins multi-line data with line feeds and keeps a value's spaces after the first", () => {
    expect(parse(["data: first\ndata:  second\ndata\n\n"])).toEqual([{ lastEventId: "", event: "message", data: "first\n second\n" }]);
  });

  it("keeps the last id for events without one and dispatches nothing for an event without data", () => {
    expect(parse(["id: 5\n\nevent: thread\ndata: a\n\nid\ndata: b\n\n"])).toEqual([
      { lastEventId: "5", event: "thread", data: "a" },
      { lastEventId: "", event: "message", data: "b" },
    ]);
  });

  it("waits for the blank line before dispatching, and ignores a leading byte-order mark and unknown fields", () => {
    const messages: SseMessage[] = [];
    const parser = createSseParser((message) => messages.push(message));
    parser.push("\uFEFFretry: 10\nfoo: bar\nid: 1\ndata: x\n");
    expect(messages).toEqual([]);
    parser.push("\n");
    expect(messages).toEqual([{ lastEventId: "1", event: "message", data: "x" }]);
  });

  it("ignores an id that contains a NUL character", () => {
    expect(parse(["id: 7\ndata: a\n\nid: 8\0\ndata: b\n\n"]).map((message) => message.lastEventId)).toEqual(["7", "7"]);
  });
});
