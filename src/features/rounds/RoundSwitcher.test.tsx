import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { renderSignedIn } from "../../../tests/support/render-app";
import { ORGANIZER, STAFF, twoNgosWithoutObservers } from "../../../tests/support/seeds/observers.seed";
import { startTestServer, type TestServer } from "../../../tests/support/test-server";
import { answerRoutes } from "../answers/answer.routes";

const FEATURES = [answerRoutes];

/** A second round next to the seed's round 1: its status, its election day, and the NGOs taking part. */
async function addRound(server: TestServer, round: { name: string; status: "preparing" | "active" | "archived"; electionDay: string; ngoIds: number[] }) {
  const { id } = await server.db.insertInto("electionRound").values({ name: round.name, status: round.status, electionDay: round.electionDay }).returning("id").executeTakeFirstOrThrow();
  if (round.ngoIds.length > 0) await server.db.insertInto("electionRoundNgo").values(round.ngoIds.map((ngoId) => ({ electionRoundId: id, ngoId }))).execute();
  return id;
}

const urgentsCalls = (server: TestServer) => server.requests.filter((request) => request.method === "GET" && request.path.startsWith("/api/v1/answers?"));

describe("RoundSwitcher", () => {
  it("names the round in the header once there is another, and switching reloads the screen in the chosen round", async () => {
    const server = await startTestServer({ seed: twoNgosWithoutObservers });
    const local = await addRound(server, { name: "Locale 2027", status: "active", electionDay: "2027-09-26", ngoIds: [1, 2] });
    const app = await renderSignedIn(server, ORGANIZER, { features: FEATURES, path: "/urgents" });

    const switcher = await screen.findByTestId("round-switcher");
    expect(switcher).toHaveAccessibleName("Election round: Locale 2027, Active. Choose another");
    await waitFor(() => expect(urgentsCalls(server).length).toBeGreaterThan(0));
    // Until a round is chosen, the server's current round answers: the calls name none, or that one once it is known.
    expect(urgentsCalls(server).every((request) => !request.path.includes("electionRoundId") || request.path.includes(`electionRoundId=${local}`))).toBe(true);

    await app.user.click(switcher);
    const menu = await screen.findByRole("menu");
    const items = within(menu).getAllByRole("menuitem");
    expect(items.map((item) => item.getAttribute("aria-label"))).toEqual(["Locale 2027, Active, shown now", expect.stringMatching(/^Alegeri .*, Active$/)]);
    const before = urgentsCalls(server).length;
    await app.user.click(items[1]!);

    await waitFor(() => expect(screen.getByTestId("round-switcher")).toHaveAccessibleName(expect.stringMatching(/^Election round: Alegeri .*, Active\. Choose another$/)));
    await waitFor(() => expect(urgentsCalls(server).slice(before).some((request) => request.path.includes("electionRoundId=1"))).toBe(true));
    expect(server.requests.filter((request) => request.path.startsWith("/api/v1/election-rounds")).every((request) => !request.path.includes("electionRoundId"))).toBe(true);
    expect(sessionStorage.getItem(`electionRound:${ORGANIZER}`)).toBe("1");
    expect(localStorage.getItem(`electionRound:${ORGANIZER}`)).toBe("1");
    expect(local).toBeGreaterThan(1);
  });

  it("opens a link that names its round in that round, before any screen loads, and keeps it for the tab", async () => {
    const server = await startTestServer({ seed: twoNgosWithoutObservers });
    await addRound(server, { name: "Locale 2027", status: "active", electionDay: "2027-09-26", ngoIds: [1, 2] });
    const app = await renderSignedIn(server, ORGANIZER, { features: FEATURES, path: "/urgents?round=1" });

    await waitFor(() => expect(screen.getByTestId("round-switcher")).toHaveAccessibleName(expect.stringMatching(/^Election round: Alegeri /)));
    await waitFor(() => expect(urgentsCalls(server).length).toBeGreaterThan(0));
    expect(urgentsCalls(server).every((request) => request.path.includes("electionRoundId=1"))).toBe(true);
    expect(app.currentPath()).toBe("/urgents");
    expect(window.location.search).toBe("");
    expect(sessionStorage.getItem(`electionRound:${ORGANIZER}`)).toBe("1");
  });

  it("keeps a choice to its account: another account signing in on the browser starts in its own current round", async () => {
    localStorage.setItem(`electionRound:${ORGANIZER}`, "1");
    const server = await startTestServer({ seed: twoNgosWithoutObservers });
    await addRound(server, { name: "Locale 2027", status: "active", electionDay: "2027-09-26", ngoIds: [1, 2] });
    await renderSignedIn(server, STAFF, { features: FEATURES, path: "/urgents" });
    await waitFor(() => expect(screen.getByTestId("round-switcher")).toHaveAccessibleName(expect.stringMatching(/^Election round: Locale 2027,/)));
    expect(urgentsCalls(server).some((request) => request.path.includes("electionRoundId=1"))).toBe(false);
  });

  it("names the one round an NGO admin works in, without the rounds its NGO is left out of or not yet started, nor the way to manage them", async () => {
    const server = await startTestServer({ seed: twoNgosWithoutObservers });
    await addRound(server, { name: "Doar ONG 1", status: "active", electionDay: "2027-09-26", ngoIds: [1] });
    await addRound(server, { name: "În lucru", status: "preparing", electionDay: "2028-01-01", ngoIds: [1, 2] });
    const app = await renderSignedIn(server, STAFF, { features: FEATURES, path: "/urgents" });

    const switcher = await screen.findByTestId("round-switcher");
    expect(switcher).toHaveAccessibleName(expect.stringMatching(/^Election round: Alegeri .*, Active\. Choose another$/));
    await app.user.click(switcher);
    const items = within(await screen.findByRole("menu")).getAllByRole("menuitem");
    expect(items.map((item) => item.getAttribute("aria-label"))).toEqual([expect.stringMatching(/^Alegeri .*, Active, shown now$/)]);
    expect(within(screen.getByTestId("round-bar")).queryByRole("link")).not.toBeInTheDocument();
  });

  it("leads an organizer from the round bar to the election rounds", async () => {
    const server = await startTestServer({ seed: twoNgosWithoutObservers });
    await renderSignedIn(server, ORGANIZER, { features: FEATURES, path: "/urgents" });
    expect(await within(await screen.findByTestId("round-bar")).findByRole("link", { name: "Manage rounds" })).toHaveAttribute("href", "/tururi");
  });

  it("names an archived round on every screen, read-only as it is", async () => {
    const server = await startTestServer({ seed: twoNgosWithoutObservers });
    await server.db.updateTable("electionRound").set({ status: "archived" }).where("id", "=", 1).execute();
    await renderSignedIn(server, ORGANIZER, { features: FEATURES, path: "/urgents" });
    expect(await screen.findByTestId("round-switcher")).toHaveAccessibleName(expect.stringMatching(/, Archived\. Choose another$/));
    expect(screen.getByTestId("round-read-only")).toHaveTextContent("This round is archived: everything in it can be read and downloaded, nothing can be changed.");
  });
});
