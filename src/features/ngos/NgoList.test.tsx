import { afterEach, describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { notifications } from "@mantine/notifications";
import { renderApp } from "../../../tests/support/render-app";
import { ngoRoutes } from "./ngo.routes";
import { onSmallScreen } from "../../../tests/support/small-screen";
import { startTestServer, type TestServer } from "../../../tests/support/test-server";
import { ORGANIZER, twoNgos } from "../../../tests/support/seeds/ngos.seed";

/** The screens this test visits. */
const FEATURES = [ngoRoutes];

async function renderList({ locale, hold, arrange }: { locale?: "en" | "ro"; hold?: string; arrange?: (server: TestServer) => unknown } = {}) {
  const server = await startTestServer({ seed: twoNgos });
  await arrange?.(server);
  const queue = hold ? server.hold(hold) : null;
  const app = renderApp({ features: FEATURES, path: "/ong", storedToken: await server.tokenFor(ORGANIZER), fetch: server.fetch, locale });
  return { server, queue: queue!, app };
}

const listLoads = "GET /api/v1/ngo";
const row = (name: string) => screen.getByRole("rowheader", { name }).closest("tr") as HTMLElement;

async function chooseAction(app: ReturnType<typeof renderApp>, ngoName: string, action: string) {
  await app.user.click(screen.getByRole("button", { name: `More actions for ${ngoName}` }));
  await app.user.click(await screen.findByRole("menuitem", { name: action }));
}

afterEach(() => {
  notifications.clean();
});

describe("NgoList", () => {
  it("lists the NGOs with their total, short names and flags as read-only checkboxes", async () => {
    await renderList();
    expect(await screen.findByRole("rowheader", { name: "Code for Romania" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "NGOs (2)" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Add NGO" })).toHaveAttribute("href", "/ong/new");
    expect(screen.getAllByRole("columnheader").map((header) => header.textContent)).toEqual([
      "Name",
      "Short name",
      "Organizer",
      "Active",
      "Actions",
    ]);
    expect(screen.getByRole("checkbox", { name: "Code for Romania is an organizer" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Code for Romania is active" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Asociația Observatorilor is an organizer" })).not.toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Asociația Observatorilor is active" })).not.toBeChecked();
    expect(within(row("Asociația Observatorilor")).getByText("AO")).toBeInTheDocument();
    expect(within(row("Code for Romania")).getByRole("link", { name: "Edit" })).toHaveAttribute("href", "/ong/edit/1");
  });

  it("shows one card per NGO on a small screen, flags labelled beside their boxes, and the same actions", async () => {
    onSmallScreen();
    const { server, app } = await renderList();
    const card = await screen.findByRole("listitem", { name: "Asociația Observatorilor" });
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    // In the server's order: by name.
    expect(within(screen.getByRole("list", { name: "NGOs" })).getAllByRole("listitem").map((item) => item.getAttribute("aria-label"))).toEqual([
      "Asociația Observatorilor",
      "Code for Romania",
    ]);
    expect(within(card).getByText("AO")).toBeInTheDocument();
    expect(within(card).getByRole("checkbox", { name: "Organizer" })).not.toBeChecked();
    expect(within(card).getByRole("checkbox", { name: "Active" })).not.toBeChecked();
    expect(within(card).getByRole("link", { name: "Edit" })).toHaveAttribute("href", "/ong/edit/2");
    await chooseAction(app, "Asociația Observatorilor", "Make active");
    expect(server.writes()).toEqual([{ method: "PATCH", path: "/api/v1/ngo/2/status", body: { isActive: true } }]);
  });

  it("keeps the flag checkboxes read-only: clicking one changes nothing and sends nothing", async () => {
    const { server, app } = await renderList();
    const active = await screen.findByRole("checkbox", { name: "Asociația Observatorilor is active" });
    await app.user.click(active);
    expect(active).not.toBeChecked();
    expect(server.writes()).toEqual([]);
  });

  it("makes an inactive NGO active with the opposite flag, reloads the list and announces it", async () => {
    const { server, app } = await renderList();
    await screen.findByRole("rowheader", { name: "Asociația Observatorilor" });
    const loadsBefore = server.count(listLoads);
    await chooseAction(app, "Asociația Observatorilor", "Make active");
    expect(await screen.findByText("The NGO is now active")).toBeInTheDocument();
    expect(server.writes()).toEqual([{ method: "PATCH", path: "/api/v1/ngo/2/status", body: { isActive: true } }]);
    await waitFor(() => expect(screen.getByRole("checkbox", { name: "Asociația Observatorilor is active" })).toBeChecked());
    expect(server.count(listLoads)).toBe(loadsBefore + 1);
    expect(await server.db.selectFrom("ngo").select("isActive").where("id", "=", 2).executeTakeFirst()).toEqual({ isActive: true });
  });

  it("removes the organizer flag and says the last organizer cannot stop organizing", async () => {
    // Code for Romania is the only organizer: the server refuses (409 last_organizer).
    const { server, app } = await renderList();
    await screen.findByRole("rowheader", { name: "Code for Romania" });
    const loadsBefore = server.count(listLoads);
    await chooseAction(app, "Code for Romania", "Remove organizer");
    expect(
      await screen.findByText("This is the last active organizer NGO: another NGO must organize before this one stops."),
    ).toBeInTheDocument();
    expect(server.writes()).toEqual([{ method: "PATCH", path: "/api/v1/ngo/1/organizer", body: { isOrganizer: false } }]);
    await waitFor(() => expect(server.count(listLoads)).toBe(loadsBefore + 1));
  });

  it("deletes after confirming, and translates a 409 ngo_not_empty", async () => {
    // Asociația Observatorilor still has admins: the server refuses (409 ngo_not_empty).
    const { server, app } = await renderList();
    await screen.findByRole("rowheader", { name: "Asociația Observatorilor" });
    const loadsBefore = server.count(listLoads);
    await chooseAction(app, "Asociația Observatorilor", "Delete");
    const dialog = await screen.findByRole("dialog", { name: "Delete" });
    expect(within(dialog).getByText("Are you sure you want to delete the NGO Asociația Observatorilor?")).toBeInTheDocument();
    expect(server.writes()).toEqual([]);
    await app.user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("This NGO still has observers, admins or answers: deactivate it instead.")).toBeInTheDocument();
    expect(server.writes()).toEqual([{ method: "DELETE", path: "/api/v1/ngo/2", body: null }]);
    await waitFor(() => expect(server.count(listLoads)).toBe(loadsBefore + 1));
  });

  it("does not delete when the confirmation is cancelled", async () => {
    const { server, app } = await renderList();
    await screen.findByRole("rowheader", { name: "Code for Romania" });
    await chooseAction(app, "Code for Romania", "Delete");
    await app.user.click(within(await screen.findByRole("dialog", { name: "Delete" })).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(server.writes()).toEqual([]);
  });

  it("shows a load error with a refresh icon that loads again", async () => {
    const { app } = await renderList({ arrange: (server) => server.fail(listLoads, 503, "unavailable", 1) });
    expect(await screen.findByText("The list could not be loaded (error 503). Try again.")).toBeInTheDocument();
    await app.user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("rowheader", { name: "Code for Romania" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("shows the loader until the list arrives, and no error for StrictMode's cancelled first load", async () => {
    const { server, queue: loads } = await renderList({ hold: listLoads });
    await waitFor(() => expect(loads.activeCount()).toBe(1));
    expect(screen.queryByRole("rowheader", { name: "Code for Romania" })).not.toBeInTheDocument();
    // StrictMode's first mount asked too and cancelled before it was sent: its AbortError must not end the load.
    expect(server.count(listLoads)).toBe(2);
    expect(loads.receivedCount()).toBe(1);
    await loads.release();
    expect(await screen.findByRole("rowheader", { name: "Code for Romania" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("speaks Romanian: columns and the translated 409", async () => {
    const { app } = await renderList({ locale: "ro" });
    await screen.findByRole("rowheader", { name: "Asociația Observatorilor" });
    expect(screen.getByRole("columnheader", { name: "Denumire scurtă" })).toBeInTheDocument();
    await app.user.click(screen.getByRole("button", { name: "Mai multe acțiuni pentru Asociația Observatorilor" }));
    await app.user.click(await screen.findByRole("menuitem", { name: "Șterge" }));
    const dialog = await screen.findByRole("dialog");
    await app.user.click(within(dialog).getByRole("button", { name: "Șterge" }));
    expect(
      await screen.findByText("Acest ONG mai are observatori, administratori sau răspunsuri: dezactivați-l în schimb."),
    ).toBeInTheDocument();
  });

  it("shows a loader on the changing row and disables every flag item until the server answers: one request", async () => {
    const { server, queue, app } = await renderList({ hold: "PATCH /api/v1/ngo/2/status" });
    await screen.findByRole("rowheader", { name: "Asociația Observatorilor" });
    await chooseAction(app, "Asociația Observatorilor", "Make active");
    await waitFor(() => expect(queue.activeCount()).toBe(1));
    const menuButton = screen.getByRole("button", { name: "More actions for Asociația Observatorilor" });
    expect(menuButton).toHaveAttribute("data-loading");
    await app.user.click(screen.getByRole("button", { name: "More actions for Code for Romania" }));
    expect(await screen.findByRole("menuitem", { name: "Make inactive" })).toBeDisabled();
    expect(screen.getByRole("menuitem", { name: "Remove organizer" })).toBeDisabled();
    await app.user.click(screen.getByRole("menuitem", { name: "Make inactive" }));
    expect(queue.receivedCount()).toBe(1);
    await queue.release();
    expect(await screen.findByText("The NGO is now active")).toBeInTheDocument();
    await waitFor(() => expect(menuButton).not.toHaveAttribute("data-loading"));
    expect(server.writes()).toEqual([{ method: "PATCH", path: "/api/v1/ngo/2/status", body: { isActive: true } }]);
  });

  it("offers to try a flag change again after a server failure, and not after a refusal", async () => {
    // The first PATCH fails as an unavailable server does; removing the only organizer is the server's own refusal.
    const { server, app } = await renderList({ arrange: (server) => server.fail("PATCH /api/v1/ngo/2/status", 503, "unavailable", 1) });
    await screen.findByRole("rowheader", { name: "Asociația Observatorilor" });
    await chooseAction(app, "Asociația Observatorilor", "Make active");
    const failure = (await screen.findByText("Something went wrong (error 503). Try again later.")).closest(".mantine-Notification-root") as HTMLElement;
    expect(failure).toHaveTextContent("Error");
    await app.user.click(within(failure).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("The NGO is now active")).toBeInTheDocument();
    await chooseAction(app, "Code for Romania", "Remove organizer");
    const refusal = (await screen.findByText(/^This is the last active organizer NGO/)).closest(".mantine-Notification-root") as HTMLElement;
    expect(within(refusal).queryByRole("button", { name: "Try again" })).not.toBeInTheDocument();
    expect(server.writes()).toEqual([
      { method: "PATCH", path: "/api/v1/ngo/2/status", body: { isActive: true } },
      { method: "PATCH", path: "/api/v1/ngo/2/status", body: { isActive: true } },
      { method: "PATCH", path: "/api/v1/ngo/1/organizer", body: { isOrganizer: false } },
    ]);
  });

  it("keeps the delete dialog open and waiting until the server answers; a double click deletes once", async () => {
    // Without its admins the NGO can go.
    const { server, queue, app } = await renderList({
      hold: "DELETE /api/v1/ngo/2",
      arrange: (server) => server.db.deleteFrom("ngoAdmin").where("ngoId", "=", 2).execute(),
    });
    await screen.findByRole("rowheader", { name: "Asociația Observatorilor" });
    await chooseAction(app, "Asociația Observatorilor", "Delete");
    const dialog = await screen.findByRole("dialog", { name: "Delete" });
    await app.user.dblClick(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(queue.activeCount()).toBe(1));
    expect(within(dialog).getByRole("button", { name: "Delete" })).toHaveAttribute("data-loading");
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toBeDisabled();
    await app.user.keyboard("{Escape}");
    expect(screen.getByRole("dialog", { name: "Delete" })).toBeInTheDocument();
    await queue.release();
    expect(await screen.findByText("The NGO has been deleted")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(queue.receivedCount()).toBe(1);
    expect(server.writes()).toEqual([{ method: "DELETE", path: "/api/v1/ngo/2", body: null }]);
  });
});
