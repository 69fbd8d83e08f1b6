import { afterEach, describe, expect, it } from "vitest";
import { act, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { renderApp } from "../../../../../tests/support/render-app";
import { answerRoutes } from "../../answer.routes";
import { startTestServer, type TestServer } from "../../../../../tests/support/test-server";
import type { Thread, ThreadTriage } from "./triage.types";

/** The screens this test visits. */
const FEATURES = [answerRoutes];

/** Both see the thread: the organizer sees every NGO, the other admin its own NGO (2), the observer's. */
const ORGANIZER = "0700000001";
const NGO_ADMIN = "0700000002";
const FIRST_PAINT = { timeout: 20_000 };
const COMMENTS = "POST /api/v1/answers/threads/*/*/comments";

/** An urgent thread (a flagged answer) of an observer of NGO 2. */
async function urgentThread(server: TestServer): Promise<Thread> {
  return server.db
    .selectFrom("answerThread")
    .innerJoin("observer", "observer.id", "answerThread.observerId")
    .where("observer.ngoId", "=", 2)
    .where("answerThread.flaggedCount", ">", 0)
    .select(["answerThread.observerId", "answerThread.pollingStationId"])
    .orderBy("answerThread.observerId")
    .orderBy("answerThread.pollingStationId")
    .executeTakeFirstOrThrow();
}

const threadPath = ({ observerId, pollingStationId }: Thread, rest = "") => `/api/v1/answers/threads/${observerId}/${pollingStationId}${rest}`;

/** Another admin's call, straight to the server (outside the SPA under test). */
async function callAs(server: TestServer, account: string, method: string, path: string, body?: unknown) {
  const headers = { Authorization: `Bearer ${await server.tokenFor(account)}`, "Content-Type": "application/json" };
  const response = await server.fetch(new Request(`http://localhost${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
  expect(response.ok).toBe(true);
}

const triageOf = async (server: TestServer, thread: Thread) => (await server.ask(threadPath(thread), ORGANIZER)) as ThreadTriage;

async function openPanel(account = ORGANIZER, arrange?: (server: TestServer, thread: Thread) => Promise<unknown>) {
  const server = await startTestServer({ seed: "demo" });
  const thread = await urgentThread(server);
  await arrange?.(server, thread);
  const path = `/urgents/details/${thread.observerId}/${thread.pollingStationId}`;
  const app = renderApp({ features: FEATURES, path, storedToken: await server.tokenFor(account), fetch: server.fetch });
  const panel = await screen.findByRole("region", { name: "Triage" }, FIRST_PAINT);
  await within(panel).findByRole("list", { name: "Timeline" }, FIRST_PAINT);
  return { server, app, thread, panel };
}

async function axeViolations(container: Element): Promise<string[]> {
  const results = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(" | ")}`);
}

const timelineTexts = (panel: HTMLElement) => within(within(panel).getByRole("list", { name: "Timeline" })).getAllByRole("listitem").map((item) => item.textContent);

afterEach(() => {
  document.body.innerHTML = "";
});

describe("the thread triage panel", { timeout: 60_000 }, () => {
  it("offers an urgent thread to claim, and claiming makes the user its holder on the server and in the timeline", async () => {
    const { server, app, thread, panel } = await openPanel();
    expect(within(panel).getByText("Nobody holds this thread.")).toBeInTheDocument();
    expect(await axeViolations(panel)).toEqual([]);
    // offered, never claimed by opening the thread
    expect(server.count("POST /api/v1/answers/threads/*/*/claim")).toBe(0);

    await app.user.click(within(panel).getByRole("button", { name: "Claim" }));
    expect(await within(panel).findByText("You hold this thread · 0 min")).toBeInTheDocument();
    expect(await axeViolations(panel)).toEqual([]);
    expect((await triageOf(server, thread)).claim).toMatchObject({ holder: ORGANIZER });
    await waitFor(() => expect(timelineTexts(panel)).toContainEqual(expect.stringContaining(`${ORGANIZER} claimed the thread`)));
    expect(within(panel).getByRole("button", { name: "Release" })).toBeInTheDocument();
  });

  it("releases the claim when the panel goes away, so that nobody waits for it to lapse", async () => {
    const { server, app, thread, panel } = await openPanel();
    await app.user.click(within(panel).getByRole("button", { name: "Claim" }));
    await within(panel).findByText("You hold this thread · 0 min");
    app.unmount();
    await waitFor(() => expect(server.count("DELETE /api/v1/answers/threads/*/*/claim")).toBe(1));
    await waitFor(async () => expect((await triageOf(server, thread)).claim).toBeNull());
  });

  it("shows a second admin who holds the thread, and lets them take it over after a confirmation", async () => {
    const { server, app, thread, panel } = await openPanel(NGO_ADMIN, (server, thread) => callAs(server, ORGANIZER, "POST", threadPath(thread, "/claim"), { takeOver: false }));
    expect(within(panel).getByText(`Held by ${ORGANIZER} · 0 min`)).toBeInTheDocument();
    expect(within(panel).queryByRole("button", { name: "Claim" })).not.toBeInTheDocument();

    await app.user.click(within(panel).getByRole("button", { name: "Take over" }));
    const dialog = await screen.findByRole("dialog", { name: "Take over this thread?" });
    expect(server.count("POST /api/v1/answers/threads/*/*/claim")).toBe(1);
    expect(await axeViolations(dialog)).toEqual([]);
    await app.user.click(within(dialog).getByRole("button", { name: "Take over" }));

    expect(await within(panel).findByText("You hold this thread · 0 min")).toBeInTheDocument();
    expect((await triageOf(server, thread)).claim).toMatchObject({ holder: NGO_ADMIN });
    await waitFor(() => expect(timelineTexts(panel)).toContainEqual(expect.stringContaining(`${NGO_ADMIN} took over from ${ORGANIZER}`)));
  });

  it("resolves with a note, which the timeline then shows with who did it", async () => {
    const { server, app, thread, panel } = await openPanel();
    await app.user.click(within(panel).getByRole("radio", { name: "Resolved" }));
    await app.user.type(within(panel).getByRole("textbox", { name: /Resolution note/ }), "Called the observer; the station opened.");
    await app.user.click(within(panel).getByRole("button", { name: "Resolve" }));

    await waitFor(() => expect(timelineTexts(panel)).toContainEqual(expect.stringContaining(`${ORGANIZER} set ResolvedCalled the observer; the station opened.`)));
    expect(within(panel).getByRole("radio", { name: "Resolved" })).toBeChecked();
    expect((await triageOf(server, thread)).review).toMatchObject({ state: "resolved", resolutionNote: "Called the observer; the station opened." });
  });

  it("adds a comment once however often it is sent while the first send runs", async () => {
    const { server, app, thread, panel } = await openPanel();
    const held = server.hold(COMMENTS);
    const field = within(panel).getByRole("textbox", { name: /Comment for the staff/ });
    await app.user.type(field, "A lawyer is on the way");
    await app.user.dblClick(within(panel).getByRole("button", { name: "Add comment" }));
    // and once more from the field, which stays focusable while the comment is sent
    field.focus();
    await app.user.keyboard("{Control>}{Enter}{/Control}");
    expect(held.receivedCount()).toBe(1);
    await act(() => held.release());

    await waitFor(() => expect(timelineTexts(panel)).toContainEqual(expect.stringContaining(`${ORGANIZER} commentedA lawyer is on the way`)));
    expect(within(panel).getByRole("textbox", { name: /Comment for the staff/ })).toHaveValue("");
    const comments = (await triageOf(server, thread)).timeline.filter((entry) => entry.kind === "comment");
    expect(comments.map((entry) => entry.text)).toEqual(["A lawyer is on the way"]);
  });

  it("keeps the text of a comment that failed, and sends it with Ctrl+Enter once the server answers again", async () => {
    const { server, app, thread, panel } = await openPanel();
    server.fail(COMMENTS, 503, "unavailable", 1);
    const field = within(panel).getByRole("textbox", { name: /Comment for the staff/ });
    await app.user.type(field, "Police called");
    await app.user.click(within(panel).getByRole("button", { name: "Add comment" }));

    expect(await within(panel).findByRole("alert")).toHaveTextContent("The comment was not added");
    expect(field).toHaveValue("Police called");
    expect((await triageOf(server, thread)).timeline.filter((entry) => entry.kind === "comment")).toEqual([]);

    field.focus();
    await app.user.keyboard("{Control>}{Enter}{/Control}");
    await waitFor(() => expect(field).toHaveValue(""));
    expect((await triageOf(server, thread)).timeline.filter((entry) => entry.kind === "comment").map((entry) => entry.text)).toEqual(["Police called"]);
    expect(server.count(COMMENTS)).toBe(2);
  });

  it("takes the keyboard triage's commands: a state, then undo back to the state before it", async () => {
    const { server, app, thread, panel } = await openPanel();
    await app.user.keyboard("2");
    await waitFor(() => expect(within(panel).getByRole("radio", { name: "In progress" })).toBeChecked());
    const undo = await within(panel).findByRole("button", { name: "Undo (back to New)" });
    expect((await triageOf(server, thread)).review.state).toBe("in_progress");

    await app.user.click(undo);
    await waitFor(() => expect(within(panel).getByRole("radio", { name: "New" })).toBeChecked());
    await waitFor(() => expect(within(panel).queryByRole("button", { name: /Undo/ })).not.toBeInTheDocument());
    expect((await triageOf(server, thread)).review.state).toBe("new");
    await waitFor(() =>
      expect(timelineTexts(panel).filter((text) => text?.includes(`${ORGANIZER} set`))).toEqual([
        expect.stringContaining(`${ORGANIZER} set In progress`),
        expect.stringContaining(`${ORGANIZER} set New`),
      ]),
    );
  });

  it("shows another admin's claim as soon as the live channel tells of it, keeping the draft comment", async () => {
    const { server, app, thread, panel } = await openPanel();
    const field = within(panel).getByRole("textbox", { name: /Comment for the staff/ });
    await app.user.type(field, "Draft");
    await callAs(server, NGO_ADMIN, "POST", threadPath(thread, "/claim"), { takeOver: false });
    expect(await within(panel).findByText(`Held by ${NGO_ADMIN} · 0 min`, {}, FIRST_PAINT)).toBeInTheDocument();
    expect(field).toHaveValue("Draft");

    act(() => field.blur());
    await app.user.keyboard("n");
    expect(field).toHaveFocus();
  });
});
