import { StrictMode, useEffect, useState } from "react";
import { describe, expect, it } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ApiContext } from "../../api/api-context";
import { createApiClient } from "../../api/client";
import { startTestServer, type TestServer } from "../../../tests/support/test-server";
import { observerReportsFlaggedAnswer, unhandledUrgent } from "./live.fixtures";
import type { LiveEvent } from "./live-events";
import { LiveProvider } from "./LiveProvider";
import { useLiveChannel } from "./live-context";
import { useLiveStatus, useUnhandledUrgentCount } from "./use-live";

/*
 * The live channel on the real server: an observer's report travels from POST /api/v1/answers through the
 * database's live events and the SSE stream to the connection's listeners, and the triage summary follows.
 */

const ORGANIZER = "0700000001";
const STREAMS = "GET /api/v1/live";

/** Shows the status and the count, and hands every event to `onEvent`: a listener of the connection, as the answers room's is. */
function Probe({ onEvent }: { onEvent: (event: LiveEvent) => void }) {
  const [render, setRender] = useState(1);
  const { connection } = useLiveChannel();
  useEffect(() => {
    const subscription = connection.on("*", (emitted) => {
      if (emitted.type !== "connected") onEvent(emitted);
    });
    return () => subscription.unsubscribe();
  }, [connection, onEvent]);
  const status = useLiveStatus();
  const count = useUnhandledUrgentCount();
  return (
    <>
      <p>{`${status} ${count ?? "none"}`}</p>
      <button type="button" onClick={() => setRender(render + 1)}>
        {`Render again (${render})`}
      </button>
    </>
  );
}

async function renderProbe(server: TestServer, onEvent: (event: LiveEvent) => void) {
  const token = await server.tokenFor(ORGANIZER);
  const api = createApiClient({ baseUrl: window.location.origin, fetch: server.fetch, getToken: () => token, onUnauthorized: () => {} });
  // Only the API client is needed: the provider is the shell's, the probe stands for a list.
  return render(
    <StrictMode>
      <ApiContext value={api}>
        <LiveProvider>
          <Probe onEvent={onEvent} />
        </LiveProvider>
      </ApiContext>
    </StrictMode>,
  );
}

/** Live streams the SPA still holds open (StrictMode's throwaway mount cancels its own). */
const openStreams = (server: TestServer) => server.requests.filter((request) => request.path === "/api/v1/live" && !request.cancelled);

describe("LiveProvider", { timeout: 30_000 }, () => {
  it("delivers an observer's flagged answer to the connection's listeners and raises the unhandled urgent count", async () => {
    const server = await startTestServer();
    const events: LiveEvent[] = [];
    await renderProbe(server, (event) => events.push(event));
    const before = await unhandledUrgent(server);
    expect(await screen.findByText(`live ${before}`)).toBeInTheDocument();
    expect(openStreams(server)).toEqual([{ method: "GET", path: "/api/v1/live", body: null }]);

    const report = await observerReportsFlaggedAnswer(server);
    await waitFor(() => expect(events).toHaveLength(1));
    const [delivered] = events;
    if (delivered?.type !== "thread") throw new Error(`expected a thread event, got ${JSON.stringify(delivered)}`);
    expect(delivered.id).toBeGreaterThan(0);
    expect(delivered.event).toMatchObject({ kind: "answers", idObserver: report.idObserver, idPollingStation: report.idPollingStation, actor: null });
    expect(await screen.findByText(`live ${before + 1}`)).toBeInTheDocument();
    expect(await unhandledUrgent(server)).toBe(before + 1);
  });

  it("keeps one stream and its listeners when the shell renders again", async () => {
    const server = await startTestServer();
    const events: LiveEvent[] = [];
    await renderProbe(server, (event) => events.push(event));
    await screen.findByText(/^live /);
    const streams = server.count(STREAMS);
    await userEvent.click(screen.getByRole("button", { name: "Render again (1)" }));
    await observerReportsFlaggedAnswer(server);
    await waitFor(() => expect(events).toHaveLength(1));
    expect(server.count(STREAMS)).toBe(streams);
  });

  it("closes the stream when unmounted", async () => {
    const server = await startTestServer();
    const { unmount } = await renderProbe(server, () => {});
    await screen.findByText(/^live /);
    expect(openStreams(server)).toHaveLength(1);
    unmount();
    expect(openStreams(server)).toEqual([]);
  });
});
