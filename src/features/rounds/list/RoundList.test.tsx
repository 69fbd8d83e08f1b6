import { describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { renderSignedIn } from "../../../../tests/support/render-app";
import { ORGANIZER, twoNgosWithoutObservers } from "../../../../tests/support/seeds/observers.seed";
import { startTestServer, type TestServer } from "../../../../tests/support/test-server";
import { roundRoutes } from "../round.routes";

const FEATURES = [roundRoutes];

/** Last year's round beside the seed's round 1, archived, with NGO 1 taking part. */
async function withLastYear(server: TestServer) {
  const { id } = await server.db
    .insertInto("electionRound")
    .values({ name: "Prezidențiale 2025 — turul 2", status: "archived", electionDay: "2025-05-18" })
    .returning("id")
    .executeTakeFirstOrThrow();
  await server.db.insertInto("electionRoundNgo").values({ electionRoundId: id, ngoId: 1 }).execute();
  return id;
}

const card = (name: string) => screen.getByRole("region", { name });

// The first test also pays for the file's first render of the app (15 s and more on a loaded machine).
describe("RoundList", { timeout: 60_000 }, () => {
  it("lists every round, newest election first, with its status, day and what it holds", async () => {
    const server = await startTestServer({ seed: twoNgosWithoutObservers });
    await withLastYear(server);
    await renderSignedIn(server, ORGANIZER, { features: FEATURES, path: "/tururi" });

    await waitFor(() => expect(screen.getAllByTestId("round-card")).toHaveLength(2));
    const names = screen.getAllByTestId("round-card").map((region) => within(region).getByRole("heading").textContent);
    expect(names[1]).toBe("Prezidențiale 2025 — turul 2");
    const lastYear = card("Prezidențiale 2025 — turul 2");
    expect(within(lastYear).getByTestId("round-status")).toHaveTextContent("Archived");
    expect(lastYear).toHaveTextContent("Election day: May 18, 2025");
    expect(within(lastYear).getByRole("button", { name: "Reopen" })).toBeVisible();
    expect(within(card(names[0]!)).getByText("Current")).toBeVisible();
    expect(within(card(names[0]!)).getByRole("button", { name: "Archive" })).toBeVisible();
    expect(screen.getByTestId("round-total")).toHaveTextContent("(2)");
  });

  it("reopens an archived round after saying what it changes, once however often Reopen is clicked", async () => {
    const server = await startTestServer({ seed: twoNgosWithoutObservers });
    const id = await withLastYear(server);
    const app = await renderSignedIn(server, ORGANIZER, { features: FEATURES, path: "/tururi" });
    const reopens = server.hold(`POST /api/v1/election-rounds/${id}/reopen`);

    await app.user.click(await within(await screen.findByRole("region", { name: "Prezidențiale 2025 — turul 2" })).findByRole("button", { name: "Reopen" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("Reopen Prezidențiale 2025 — turul 2? It becomes active again");
    const confirm = within(dialog).getByRole("button", { name: "Reopen" });
    await app.user.click(confirm);
    await app.user.click(confirm);
    await waitFor(() => expect(reopens.activeCount()).toBe(1));
    await reopens.release();

    await screen.findByText("Prezidențiale 2025 — turul 2 is active again.");
    await waitFor(() => expect(within(card("Prezidențiale 2025 — turul 2")).getByTestId("round-status")).toHaveTextContent("Active"));
    expect(reopens.receivedCount()).toBe(1);
    const stored = await server.db.selectFrom("electionRound").select("status").where("id", "=", id).executeTakeFirstOrThrow();
    expect(stored.status).toBe("active");
  });

  it("downloads a round's archive after asking, with the megabytes received, and saves it under the round's name", async () => {
    const createObjectURL = vi.fn((_: Blob) => "blob:round");
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    const server = await startTestServer({ seed: twoNgosWithoutObservers });
    const id = await withLastYear(server);
    const app = await renderSignedIn(server, ORGANIZER, { features: FEATURES, path: "/tururi" });
    const download = server.hold(`GET /api/v1/election-rounds/${id}/export`);

    await app.user.click(await within(await screen.findByRole("region", { name: "Prezidențiale 2025 — turul 2" })).findByRole("button", { name: "Download archive" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("Download the archive of Prezidențiale 2025 — turul 2?");
    expect(download.receivedCount()).toBe(0);
    await app.user.click(within(dialog).getByRole("button", { name: "Download" }));
    await waitFor(() => expect(download.activeCount()).toBe(1));
    let finish: () => void = () => {};
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(2_500_000));
        finish = () => controller.close();
      },
    });
    download.answer(new Response(body, { headers: { "content-type": "application/zip" } }));
    await waitFor(() => expect(within(screen.getByRole("dialog")).getByRole("status")).toHaveTextContent("Downloading: 2.5 MB received"));
    finish();

    await waitFor(() => expect(saved).toEqual([`round-${id}-prezidentiale-2025-turul-2.zip blob:round`]));
    expect(createObjectURL.mock.calls[0]![0].size).toBe(2_500_000);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});
