import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { renderApp } from "../../tests/support/render";
import { organizerToken, staffToken } from "../../tests/support/token.fixtures";

async function seePage(title: string) {
  expect(await screen.findByRole("heading", { level: 1, name: title })).toBeInTheDocument();
}

describe("AppRoutes", () => {
  it.each(["/", "/urgents", "/answers", "/ong", "/observatori/import", "/no-such-page"])(
    "sends a logged-out visitor of %s to /login",
    async (path) => {
      const { currentPath } = renderApp({ path });
      expect(await screen.findByRole("heading", { level: 2, name: "Login" })).toBeInTheDocument();
      expect(currentPath()).toBe("/login");
    },
  );

  it("returns to /login and forgets the token when the server refuses a stored token", async () => {
    const refused = new Response(JSON.stringify({ type: "urn:problem:unauthorized", title: "Authentication required", status: 401, code: "unauthorized" }), {
      status: 401,
      headers: { "Content-Type": "application/problem+json" },
    });
    const { currentPath } = renderApp({ path: "/observatori", storedToken: staffToken, fetch: () => Promise.resolve(refused) });
    expect(await screen.findByRole("heading", { level: 2, name: "Login" })).toBeInTheDocument();
    expect(currentPath()).toBe("/login");
    expect(localStorage.getItem("token-id")).toBeNull();
  });

  it("opens /urgents for the empty path", async () => {
    const { currentPath } = renderApp({ path: "/", storedToken: staffToken });
    await seePage("Urgent answers");
    expect(currentPath()).toBe("/urgents");
  });

  it.each([
    ["/urgents", "Urgent answers"],
    ["/answers", "Answers"],
    ["/statistics", "Statistics"],
    ["/statistics/numar-observatori", "Statistics: complete list"],
    ["/formulare", "Forms"],
    ["/formulare/nou", "New form"],
    ["/formulare/7", "Edit form"],
    ["/notifications", "Notifications"],
  ])("shows %s to an organizer as %j, with no data yet", async (path, title) => {
    renderApp({ path, storedToken: organizerToken });
    await seePage(title);
    expect(screen.getByText("This screen arrives in a later release.")).toBeInTheDocument();
  });

  it("shows answer details inside the list they were opened from", async () => {
    renderApp({ path: "/urgents/details/5/9", storedToken: staffToken });
    await seePage("Urgent answers");
    expect(await screen.findByRole("heading", { level: 2, name: "Answer details" })).toBeInTheDocument();
  });

  it.each(["/ong", "/ong/new", "/ong/edit/3", "/formulare/nou", "/formulare/7"])(
    "explains to staff of a non-organizing NGO that %s is for organizers",
    async (path) => {
      renderApp({ path, storedToken: staffToken });
      await seePage("Organizers only");
      expect(screen.getByText(/reserved for staff of the organizing NGOs/)).toBeInTheDocument();
      expect(screen.queryByText("This screen arrives in a later release.")).not.toBeInTheDocument();
    },
  );

  it("lets staff of a non-organizing NGO read the forms list", async () => {
    renderApp({ path: "/formulare", storedToken: staffToken });
    await seePage("Forms");
  });

  it("shows a translated not-found page for an unknown address", async () => {
    renderApp({ path: "/no-such-page", storedToken: staffToken, locale: "ro" });
    await seePage("Pagina nu a fost găsită");
    expect(screen.getByRole("link", { name: "Înapoi la pagina de start" })).toHaveAttribute("href", "/");
  });
});
