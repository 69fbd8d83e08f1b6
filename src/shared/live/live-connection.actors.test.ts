import { describe, expect, it } from "vitest";
import { createApiClient } from "../../api/client";
import { readLiveStream } from "./live-connection.actors";
import type { StreamEvent } from "./live-connection.machine";

/*
 * The reader on fetch's real Response and ReadableStream: what it sends, what it reports chunk by chunk. The
 * server's side of the stream is proven with the real server in LiveProvider.test.tsx.
 */

function clientAnswering(respond: (request: Request) => Response) {
  const requests: Request[] = [];
  const api = createApiClient({
    baseUrl: "http://localhost",
    fetch: (request) => {
      requests.push(request);
      return Promise.resolve(respond(request));
    },
    getToken: () => "a-token",
    onUnauthorized: () => {},
  });
  return { api, requests };
}

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

const eventStream = (chunks: string[]) => new Response(streamOf(chunks), { headers: { "content-type": "text/event-stream" } });

describe("readLiveStream", () => {
  it("sends the token and Last-Event-ID, reports every chunk and the events it completes, then returns at the end", async () => {
    const thread = { kind: "state", idObserver: 3, idPollingStation: 4, ngoId: 1, at: "2026-11-22T08:00:00Z", actor: "ana", thread: null, forms: [] };
    const json = JSON.stringify(thread);
    const { api, requests } = clientAnswering(() => eventStream([": keep-alive\n\n", `id: 9\nevent: thread\ndata: ${json.slice(0, 10)}`, `${json.slice(10)}\n\nevent: reset\ndata: {}\n\n`]));
    const reported: StreamEvent[] = [];
    await readLiveStream(api, { lastEventId: "8" }, new AbortController().signal, (event) => reported.push(event));

    expect(requests[0]!.headers.get("Authorization")).toBe("Bearer a-token");
    expect(requests[0]!.headers.get("Last-Event-ID")).toBe("8");
    expect(reported).toEqual([
      { type: "stream.opened" },
      { type: "stream.received" },
      { type: "stream.received" },
      { type: "stream.received" },
      { type: "stream.thread", lastEventId: "9", event: thread },
      { type: "stream.reset", lastEventId: "9" },
    ]);
  });

  it("sends no Last-Event-ID on a first connection", async () => {
    const { api, requests } = clientAnswering(() => eventStream([]));
    await readLiveStream(api, { lastEventId: null }, new AbortController().signal, () => {});
    expect(requests[0]!.headers.has("Last-Event-ID")).toBe(false);
  });

  it("rejects with the answer's status when the server refuses, before reporting anything", async () => {
    const { api } = clientAnswering(() => Response.json({ title: "Unauthorized", status: 401 }, { status: 401 }));
    const reported: StreamEvent[] = [];
    await expect(readLiveStream(api, { lastEventId: null }, new AbortController().signal, (event) => reported.push(event))).rejects.toMatchObject({ status: 401 });
    expect(reported).toEqual([]);
  });
});
