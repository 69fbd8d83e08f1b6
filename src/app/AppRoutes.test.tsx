import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import type { Locale } from "../shared/i18n/locales";
import { renderApp, renderSignedIn } from "../../tests/support/render-app";
import { SignedInRoutes } from "./signed-in-chunk";
import { ORGANIZER, STAFF, twoNgosWithoutObservers } from "../../tests/support/seeds/observers.seed";
import { startTestServer } from "../../tests/support/test-server";

// On the real server: admin.cfr of the organizing NGO 1, ana.pop of NGO 2, which does not organize.
const openAs = async (account: string, path: string, locale?: Locale) =>
  renderSignedIn(await startTestServer({ seed: twoNgosWithoutObservers }), account, { signedIn: SignedInRoutes, path, locale });

async function seePage(title: string) {
  expect(await screen.findByRole("heading", { level: 1, name: title })).toBeInTheDocument();
}

// The app's own route table, as main.tsx renders it: the lazy chunk of every signed-in screen.
describe("AppRoutes", () => {
  it.each(["/", "/urgents", "/answers", "/ong", "/observatori/import", "/no-such-page"])(
    "sends a logged-out visitor of %s to /login",
    async (path) => {
      const { currentPath } = renderApp({ signedIn: SignedInRoutes, path });
      expect(await screen.findByRole("heading", { level: 2, name: "Login" })).toBeInTheDocument();
      expect(currentPath()).toBe("/login");
    },
  );

  it("returns to /login and forgets the token when the server refuses a stored token", async () => {
    // The server refuses every token of an NGO that is no longer active.
    const server = await startTestServer({ seed: twoNgosWithoutObservers });
    const token = await server.tokenFor(STAFF);
    await server.db.updateTable("ngo").set({ isActive: false }).where("id", "=", 2).execute();
    const { currentPath } = renderApp({ signedIn: SignedInRoutes, path: "/observatori", storedToken: token, fetch: server.fetch });
    expect(await screen.findByRole("heading", { level: 2, name: "Login" })).toBeInTheDocument();
    expect(currentPath()).toBe("/login");
    expect(localStorage.getItem("token-id")).toBeNull();
  });

  it("opens /urgents for the empty path", async () => {
    const { currentPath } = await openAs(STAFF, "/");
    await seePage("Urgent answers");
    expect(currentPath()).toBe("/urgents");
  });

  it.each([
    ["/statistics", "Statistics"],
    ["/statistics/numar-observatori", "Top counties"],
    ["/notifications", "Notifications"],
    ["/urgents", "Urgent answers"],
    ["/answers", "Answers"],
    ["/formulare", "Forms"],
    ["/formulare/nou", "New form"],
  ])("opens the screen %s to an organizer as %j", async (path, title) => {
    await openAs(ORGANIZER, path);
    await seePage(title);
  });

  it("shows answer details inside the list they were opened from", async () => {
    await openAs(STAFF, "/urgents/details/5/9");
    await seePage("Urgent answers");
    expect(await screen.findByRole("heading", { level: 2, name: "Answer details" })).toBeInTheDocument();
  });

  it.each(["/ong", "/ong/new", "/ong/edit/3", "/formulare/nou", "/formulare/7"])(
    "explains to staff of a non-organizing NGO that %s is for organizers",
    async (path) => {
      await openAs(STAFF, path);
      await seePage("Organizers only");
      expect(screen.getByText(/reserved for staff of the organizing NGOs/)).toBeInTheDocument();
      },
  );

  it("lets staff of a non-organizing NGO read the forms list", async () => {
    await openAs(STAFF, "/formulare");
    await seePage("Forms");
  });

  it("shows a translated not-found page for an unknown address", async () => {
    await openAs(STAFF, "/no-such-page", "ro");
    await seePage("Pagina nu a fost găsită");
    expect(screen.getByRole("link", { name: "Înapoi la pagina de start" })).toHaveAttribute("href", "/");
  });
});
