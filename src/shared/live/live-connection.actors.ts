import { fromCallback } from "xstate";
import type { ApiClient } from "../../api/client";
import { errorFromNetworkFailure, errorFromResponse, expectData, isAbortError } from "../../api/problem";
import { fromAbortablePromise } from "../machines/from-abortable-promise";
import type { NetworkEvent, StreamEvent, StreamInput } from "./live-connection.machine";
import type { LiveThreadEvent } from "./live-events";
import type { TriageSummary } from "./triage-summary.machine";
import { createSseParser, type SseMessage } from "./sse-parser";

function toStreamEvent(message: SseMessage): StreamEvent | null {
  const lastEventId = message.lastEventId === "" ? null : message.lastEventId;
  if (message.event === "reset") return { type: "stream.reset", lastEventId };
  if (message.event !== "thread") return null;
  return { type: "stream.thread", lastEventId, event: JSON.parse(message.data) as LiveThreadEvent };
}

/**
 * Reads GET /api/v1/live until it ends (fetch, not EventSource: only fetch sends the Authorization header). Rejects
 * with an ApiError (status 0 when no answer came) or the AbortError of `signal`.
 */
export async function readLiveStream(api: ApiClient, input: StreamInput, signal: AbortSignal, report: (event: StreamEvent) => void) {
  let result;
  try {
    result = await api.GET("/api/v1/live", {
      params: { header: input.lastEventId === null ? {} : { "Last-Event-ID": input.lastEventId } },
      parseAs: "stream",
      signal,
    });
  } catch (error) {
    throw isAbortError(error) ? error : errorFromNetworkFailure(error);
  }
  const { data, error, response } = result;
  if (!response.ok || !data) throw errorFromResponse(response, error);
  report({ type: "stream.opened" });
  const parser = createSseParser((message) => {
    const event = toStreamEvent(message);
    if (event) report(event);
  });
  const decoder = new TextDecoder();
  const reader = data.getReader();
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      report({ type: "stream.received" });
      parser.push(decoder.decode(next.value, { stream: true }));
    }
  } catch (error) {
    throw isAbortError(error) || signal.aborted ? error : errorFromNetworkFailure(error);
  }
}

function statusOf(error: unknown): number {
  return typeof error === "object" && error !== null && "status" in error && typeof error.status === "number" ? error.status : 0;
}

/** The connection machine's effects, provided at the edge (LiveProvider). */
export function createLiveConnectionActors(api: ApiClient) {
  return {
    stream: fromCallback<StreamEvent, StreamInput>(({ input, sendBack }) => {
      const controller = new AbortController();
      // Once aborted (the state was left, or StrictMode restarted the actor) nothing more is reported.
      const report = (event: StreamEvent) => {
        if (!controller.signal.aborted) sendBack(event);
      };
      readLiveStream(api, input, controller.signal, report).then(
        () => report({ type: "stream.ended" }),
        (error: unknown) => report({ type: "stream.failed", status: statusOf(error) }),
      );
      return () => controller.abort();
    }),
    network: fromCallback<NetworkEvent>(({ sendBack }) => {
      const offline = () => sendBack({ type: "network.offline" });
      const online = () => sendBack({ type: "network.online" });
      window.addEventListener("offline", offline);
      window.addEventListener("online", online);
      return () => {
        window.removeEventListener("offline", offline);
        window.removeEventListener("online", online);
      };
    }),
  };
}

/** The triage summary machine's loader. */
export function createTriageSummaryActors(api: ApiClient) {
  return {
    load: fromAbortablePromise<TriageSummary>(({ signal }) => expectData(api.GET("/api/v1/answers/summary", { signal }))),
  };
}
