import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { hashSecret } from "../../server/src/auth/password.ts";
import { renderApp, renderSignedIn } from "../../tests/support/render-app";
import { answerRoutes } from "../features/answers/answer.routes";
import { statisticsRoutes } from "../features/statistics/statistics.routes";
import { ORGANIZER, STAFF, twoNgosWithoutObservers } from "../../tests/support/seeds/observers.seed";
import { startTestServer, type TestDb } from "../../tests/support/test-server";
import { observerReportsFlaggedAnswer, unhandledUrgent } from "../shared/live/live.fixtures";

/** The screens this test visits. */
const FEATURES = [answerRoutes, statisticsRoutes];

// On the real server: admin.cfr of the organizing NGO 1, ana.pop of NGO 2, which does not organize.
const openAs = async (account: string) => renderSignedIn(await startTestServer({ seed: twoNgosWithoutObservers }), account, { features: FEATURES, path: "/urgents" });

// jsdom's viewport is a fixed 1024 px, below the xl breakpoint where the header shows its own links: there they
// are display:none (so queries on them pass hidden: true) and the burger menu is the visible way to the sections.

async function headerNavigation(label = "Main navigation") {
  const header = await screen.findByRole("banner");
  // A display:none element has an empty accessible name, so the nav is found by role and its label checked apart.
  const navigation = within(header).getByRole("navigation", { hidden: true });
  expect(navigation).toHaveAttribute("aria-label", label);
  return within(navigation);
}

describe("AppHeader", () => {
  it("links every section for an organizer, NGOs and the activity log included, and shows who is signed in", async () => {
    await openAs(ORGANIZER);
    const navigation = await headerNavigation();
    const links = navigation.getAllByRole("link", { hidden: true });
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["NGOs", "/ong"],
      ["Emergencies", "/urgents"],
      ["Answers", "/answers"],
      ["Statistics", "/statistics"],
      ["Observers", "/observatori"],
      ["Polling stations", "/sectii"],
      ["Observer guide(opens in a new tab)", "https://votemonitor.org/ghid-observator.pdf"],
      ["Forms", "/formulare"],
      ["Notifications", "/notifications"],
      ["Activity log", "/audit"],
    ]);
    expect(screen.getByTestId("user-name")).toHaveTextContent("admin.cfr");
    expect(screen.getByRole("link", { name: "Vote Monitor" })).toHaveAttribute("href", "/");
  });

  it("hides the NGOs and activity log links from staff of a non-organizing NGO", async () => {
    await openAs(STAFF);
    const navigation = await headerNavigation();
    expect(navigation.queryByRole("link", { name: "NGOs", hidden: true })).not.toBeInTheDocument();
    expect(navigation.queryByRole("link", { name: "Activity log", hidden: true })).not.toBeInTheDocument();
    expect(navigation.getByRole("link", { name: "Emergencies", hidden: true })).toBeInTheDocument();
    expect(screen.getByTestId("user-name")).toHaveTextContent("ana.pop");
  });

  it("shows an organizer the NGOs link from the token as soon as they sign in, and the server's check corrects it", async () => {
    const passwordHash = await hashSecret("secret");
    const server = await startTestServer({
      seed: async (db: TestDb) => {
        await twoNgosWithoutObservers(db);
        await db.updateTable("ngoAdmin").set({ passwordHash }).where("account", "=", ORGANIZER).execute();
      },
    });
    const check = server.hold("GET /api/v2/access/me");
    const { user } = renderApp({ features: FEATURES, path: "/login", fetch: server.fetch });
    await user.type(await screen.findByLabelText(/Phone number/), ORGANIZER);
    await user.type(screen.getByLabelText(/^Password/), "secret");
    await user.click(screen.getByRole("button", { name: "Login" }));

    const navigation = await headerNavigation();
    expect(check.activeCount()).toBe(1);
    expect(navigation.getByRole("link", { name: "NGOs", hidden: true })).toHaveAttribute("href", "/ong");

    // The NGO stopped organizing since the token was signed: the check's answer takes the link away.
    await server.db.updateTable("ngo").set({ organizer: false }).where("id", "=", 1).execute();
    await check.release();
    await waitFor(() => expect(navigation.queryByRole("link", { name: "NGOs", hidden: true })).not.toBeInTheDocument());
  });

  it("follows the server when the NGO is no longer an organizer, whatever the token says", async () => {
    const server = await startTestServer({ seed: twoNgosWithoutObservers });
    const token = await server.tokenFor(ORGANIZER);
    await server.db.updateTable("ngo").set({ organizer: false }).where("id", "=", 1).execute();
    renderApp({ features: FEATURES, path: "/urgents", storedToken: token, fetch: server.fetch });
    const navigation = await headerNavigation();
    await waitFor(() => expect(navigation.queryByRole("link", { name: "NGOs", hidden: true })).not.toBeInTheDocument());
    expect(navigation.getByRole("link", { name: "Emergencies", hidden: true })).toBeInTheDocument();
  });

  it("opens the observer guide in a new tab without giving it access to this window", async () => {
    await openAs(STAFF);
    const guide = (await headerNavigation()).getByRole("link", { name: /Observer guide/, hidden: true });
    expect(guide).toHaveAccessibleName("Observer guide(opens in a new tab)");
    expect(guide).toHaveAttribute("target", "_blank");
    expect(guide.getAttribute("rel")?.split(" ")).toContain("noopener");
  });

  it("marks the active section and moves the mark when the user navigates", async () => {
    const { user, currentPath } = await openAs(STAFF);
    const navigation = await headerNavigation();
    const link = (name: string) => navigation.getByRole("link", { name, hidden: true });
    expect(link("Emergencies")).toHaveAttribute("aria-current", "page");
    expect(link("Answers")).not.toHaveAttribute("aria-current");

    await user.click(link("Answers"));
    expect(await screen.findByRole("heading", { level: 1, name: "Answers" })).toBeInTheDocument();
    expect(currentPath()).toBe("/answers");
    expect(link("Answers")).toHaveAttribute("aria-current", "page");
    expect(link("Emergencies")).not.toHaveAttribute("aria-current");
  });

  it("logs out: clears the token and shows the login screen", async () => {
    const { user, currentPath } = await openAs(STAFF);
    await user.click(await screen.findByRole("button", { name: "Logout" }));
    expect(await screen.findByRole("heading", { level: 2, name: "Login" })).toBeInTheDocument();
    expect(currentPath()).toBe("/login");
    expect(localStorage.getItem("token-id")).toBeNull();
  });

  it("on a narrow screen, opens the sections behind the burger and closes them after a choice", async () => {
    const { user } = await openAs(STAFF);
    const burger = await screen.findByRole("button", { name: "Open the menu" });
    expect(burger).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("navigation", { name: "Main navigation" })).not.toBeInTheDocument();

    await user.click(burger);
    expect(burger).toHaveAccessibleName("Close the menu");
    expect(burger).toHaveAttribute("aria-expanded", "true");
    const menu = within(screen.getByRole("navigation", { name: "Main navigation" }));
    expect(menu.getByRole("link", { name: "Emergencies" })).toHaveAttribute("aria-current", "page");

    await user.click(menu.getByRole("link", { name: "Statistics" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Statistics" })).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Main navigation" })).not.toBeInTheDocument();
    expect(burger).toHaveAccessibleName("Open the menu");
  });

  it("switches to Romanian, remembers the choice and sets the page language", async () => {
    const { user } = await openAs(STAFF);
    await user.click(await screen.findByRole("radio", { name: "Română" }));
    expect(await screen.findByRole("button", { name: "Deconectare" })).toBeInTheDocument();
    const navigation = await headerNavigation("Navigare principală");
    expect(navigation.getByRole("link", { name: "Urgențe", hidden: true })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { level: 1, name: "Răspunsuri urgente" })).toBeInTheDocument();
    expect(screen.getByRole("radiogroup", { name: "Limba" })).toBeInTheDocument();
    expect(localStorage.getItem("language")).toBe("ro");
    await waitFor(() => expect(document.documentElement).toHaveAttribute("lang", "ro"));
  });

  describe("live connection", { timeout: 20_000 }, () => {
    const STREAMS = "GET /api/v1/live";
    // The demo seed, which has observers and their urgent reports, signs its organizer in by phone.
    const DEMO_ORGANIZER = "0700000001";
    const APP_TITLE = "Vote Monitor back-office";
    const titled = (count: number) => (count > 0 ? `(${count}) ${APP_TITLE}` : APP_TITLE);
    const indicator = async () => within(await screen.findByRole("banner")).getByRole("status");
    const openStreams = (server: Awaited<ReturnType<typeof startTestServer>>) =>
      server.requests.filter((request) => request.path === "/api/v1/live" && !request.cancelled).length;

    it("says Live once the event stream is open, and explains what that means", async () => {
      await openAs(ORGANIZER);
      const status = await indicator();
      await waitFor(() => expect(status).toHaveTextContent("Live"));
      expect(status).toHaveAttribute("aria-live", "polite");
      expect(status.parentElement).toHaveAccessibleDescription("Live: new and changed reports appear without reloading.");
    });

    it("prefixes the tab title with the unhandled urgent count, follows a new report and restores the title when signed out", async () => {
      document.title = APP_TITLE;
      const server = await startTestServer();
      const before = await unhandledUrgent(server);
      const { user } = await renderSignedIn(server, DEMO_ORGANIZER, { features: FEATURES, path: "/urgents" });
      await waitFor(() => expect(document.title).toBe(titled(before)));
      await waitFor(async () => expect(await indicator()).toHaveTextContent("Live"));

      await observerReportsFlaggedAnswer(server);
      await waitFor(() => expect(document.title).toBe(titled(before + 1)));

      await user.click(screen.getByRole("button", { name: "Logout" }));
      expect(await screen.findByRole("heading", { level: 2, name: "Login" })).toBeInTheDocument();
      expect(document.title).toBe(APP_TITLE);
      expect(openStreams(server)).toBe(0);
    });

    it("says Offline while the browser is offline, with no stream open, and reconnects as soon as it is back", async () => {
      const server = await startTestServer({ seed: twoNgosWithoutObservers });
      await renderSignedIn(server, STAFF, { features: FEATURES, path: "/urgents" });
      const status = await indicator();
      await waitFor(() => expect(status).toHaveTextContent("Live"));

      fireEvent(window, new Event("offline"));
      await waitFor(() => expect(status).toHaveTextContent("Offline"));
      expect(openStreams(server)).toBe(0);
      const streams = server.count(STREAMS);

      fireEvent(window, new Event("online"));
      await waitFor(() => expect(status).toHaveTextContent("Live"));
      expect(server.count(STREAMS)).toBe(streams + 1);
    });

    it("says Connecting… until the server answers, Reconnecting… after a failure, and Live after the back-off", async () => {
      const server = await startTestServer({ seed: twoNgosWithoutObservers });
      const streams = server.hold(STREAMS);
      await renderSignedIn(server, STAFF, { features: FEATURES, path: "/urgents" });
      const status = await indicator();
      expect(status).toHaveTextContent("Connecting…");
      await waitFor(() => expect(streams.activeCount()).toBe(1));

      streams.fail();
      await waitFor(() => expect(status).toHaveTextContent("Reconnecting…"));
      expect(status.parentElement).toHaveAccessibleDescription(
        "The live connection dropped and is being restored: lists may miss changes until then.",
      );
      // The first retry comes 1 s later.
      await waitFor(() => expect(streams.activeCount()).toBe(1), { timeout: 3_000 });
      await streams.release();
      await waitFor(() => expect(status).toHaveTextContent("Live"));
    });

    it("signs out when the stream is answered 401 rather than retrying", async () => {
      const server = await startTestServer({ seed: twoNgosWithoutObservers });
      server.fail(STREAMS, 401, "unauthorized");
      const { currentPath } = await renderSignedIn(server, STAFF, { features: FEATURES, path: "/urgents" });
      expect(await screen.findByRole("heading", { level: 2, name: "Login" })).toBeInTheDocument();
      expect(currentPath()).toBe("/login");
    });
  });
});
