import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { eventually } from "../../../../tests/pages/locators";
import { renderApp } from "../../../../tests/support/render-app";
import { answerRoutes } from "../answer.routes";
import { startTestServer, type TestServer } from "../../../../tests/support/test-server";
import { observerReportsFlaggedAnswer } from "../../../shared/live/live.fixtures";

/** The screens this test visits. */
const FEATURES = [answerRoutes];

const ORGANIZER = "0700000001";
const FIRST_PAINT = { timeout: 20_000 };

const rows = () => screen.queryAllByTestId("answer-thread");
const rowKeys = () => rows().map((row) => row.getAttribute("data-thread-key"));

async function renderUrgents(server: TestServer) {
  renderApp({ features: FEATURES, path: "/urgents", storedToken: await server.tokenFor(ORGANIZER), fetch: server.fetch });
  await waitFor(() => expect(rows()).toHaveLength(10), FIRST_PAINT);
  // Events before the stream opens are not the list's: wait until it is live.
  await screen.findByText("Live", undefined, FIRST_PAINT);
}

describe("a live answers list", { timeout: 60_000 }, () => {
  it("holds a new urgent thread behind 'N new' without moving the focused row, and shows it on demand", async () => {
    const server = await startTestServer();
    // The test server's clock stands still in the morning of the demo's election day: the demo's reports move a day
    // back, so that a report sent now is the newest, as it is on the day. Only the current round's (1): last year's is
    // archived, and the list shows the current round.
    await sql`UPDATE answer SET last_modified = last_modified - interval '1 day' WHERE election_round_id = 1`.execute(server.db);
    await renderUrgents(server);
    const user = userEvent.setup();
    await user.keyboard("j");
    const focused = rowKeys()[0]!;
    expect(document.activeElement?.getAttribute("data-thread-key")).toBe(focused);
    const before = rowKeys();

    const report = await observerReportsFlaggedAnswer(server);
    const bar = await screen.findByTestId("arrivals-bar", undefined, { timeout: 5_000 });
    expect(bar).toHaveTextContent("1 new thread — show");
    expect(rowKeys()).toEqual(before);
    expect(document.activeElement?.getAttribute("data-thread-key")).toBe(focused);

    await user.click(bar);
    await eventually(rowKeys).toContain(`${report.idObserver}-${report.idPollingStation}`);
    expect(rowKeys()[0]).toBe(`${report.idObserver}-${report.idPollingStation}`);
    await waitFor(() => expect(screen.queryByTestId("arrivals-bar")).toBeNull());
  });

  it("changes a row on screen in place when someone claims or resolves it, and counts nothing new", async () => {
    const server = await startTestServer();
    await renderUrgents(server);
    const [key] = rowKeys();
    const [idObserver, idPollingStation] = key!.split("-");
    const thread = `/api/v1/answers/threads/${idObserver}/${idPollingStation}`;
    const token = await server.tokenFor(ORGANIZER);
    const send = (method: string, path: string, body: unknown) =>
      server.fetch(new Request(`http://localhost${path}`, { method, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify(body) }));

    expect((await send("POST", `${thread}/claim`, {})).status).toBe(200);
    const row = () => rows().find((candidate) => candidate.getAttribute("data-thread-key") === key)!;
    await eventually(() => within(row()).queryByTestId("claim-holder")?.textContent).toBe("You · 0 min");
    expect((await send("PUT", `${thread}/state`, { state: "resolved", note: "Sorted" })).status).toBe(200);
    await eventually(() => within(row()).getByTestId("review-state").textContent).toBe("Resolved");
    expect(rowKeys()[0]).toBe(key);
    expect(screen.queryByTestId("arrivals-bar")).toBeNull();
  });
});
