import { afterEach, describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { notifications } from "@mantine/notifications";
import { renderApp, withAccountChecks } from "../../../tests/support/render";
import { onSmallScreen } from "../../../tests/support/small-screen";
import { organizerToken } from "../../../tests/support/token.fixtures";
import { createRequestQueue } from "../../../tests/support/request-queue";
import { createFakeNgoApi, problem } from "./ngos.fixtures";

function renderList(overrides: Record<string, () => Response> = {}, locale?: "en" | "ro") {
  const server = createFakeNgoApi(overrides);
  const app = renderApp({ path: "/ong", storedToken: organizerToken, fetch: withAccountChecks(server.fetch), locale });
  return { server, app };
}

/** The list over the fake server, with the calls to `held` ("METHOD /path") waiting until the test answers them. */
function renderListHolding(held: string) {
  const server = createFakeNgoApi();
  const queue = createRequestQueue();
  const fetch = (request: Request) => {
    if (`${request.method} ${new URL(request.url).pathname}` !== held) return server.fetch(request);
    void server.fetch(request.clone());
    return queue.receive(request);
  };
  const app = renderApp({ path: "/ong", storedToken: organizerToken, fetch: withAccountChecks(fetch) });
  return { server, queue, app };
}

const row = (name: string) => screen.getByRole("rowheader", { name }).closest("tr") as HTMLElement;

async function chooseAction(app: ReturnType<typeof renderApp>, ngoName: string, action: string) {
  await app.user.click(screen.getByRole("button", { name: `More actions for ${ngoName}` }));
  await app.user.click(await screen.findByRole("menuitem", { name: action }));
}

afterEach(() => {
  notifications.clean();
});

describe("NgoList", () => {
  it("lists the NGOs with their total, flags as read-only checkboxes and 'unspecified' for empty values", async () => {
    renderList();
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
    expect(within(row("Asociația Observatorilor")).getByText("unspecified")).toBeInTheDocument();
    expect(within(row("Code for Romania")).getByRole("link", { name: "Edit" })).toHaveAttribute("href", "/ong/edit/1");
  });

  it("shows one card per NGO on a small screen, flags labelled beside their boxes, and the same actions", async () => {
    onSmallScreen();
    const { server, app } = renderList();
    const card = await screen.findByRole("listitem", { name: "Asociația Observatorilor" });
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(within(screen.getByRole("list", { name: "NGOs" })).getAllByRole("listitem").map((item) => item.getAttribute("aria-label"))).toEqual([
      "Code for Romania",
      "Asociația Observatorilor",
    ]);
    expect(within(card).getByText("unspecified")).toBeInTheDocument();
    expect(within(card).getByRole("checkbox", { name: "Organizer" })).not.toBeChecked();
    expect(within(card).getByRole("checkbox", { name: "Active" })).not.toBeChecked();
    expect(within(card).getByRole("link", { name: "Edit" })).toHaveAttribute("href", "/ong/edit/2");
    await chooseAction(app, "Asociația Observatorilor", "Make active");
    expect(server.writes()).toEqual([{ method: "PATCH", path: "/api/v1/ngo/2/status", body: { isActive: true } }]);
  });

  it("keeps the flag checkboxes read-only: clicking one changes nothing and sends nothing", async () => {
    const { server, app } = renderList();
    const active = await screen.findByRole("checkbox", { name: "Asociația Observatorilor is active" });
    await app.user.click(active);
    expect(active).not.toBeChecked();
    expect(server.writes()).toEqual([]);
  });

  it("makes an inactive NGO active with the opposite flag, reloads the list and announces it", async () => {
    const { server, app } = renderList();
    await screen.findByRole("rowheader", { name: "Asociația Observatorilor" });
    const loadsBefore = server.listLoads();
    await chooseAction(app, "Asociația Observatorilor", "Make active");
    expect(await screen.findByText("The NGO is now active")).toBeInTheDocument();
    expect(server.writes()).toEqual([{ method: "PATCH", path: "/api/v1/ngo/2/status", body: { isActive: true } }]);
    await waitFor(() => expect(screen.getByRole("checkbox", { name: "Asociația Observatorilor is active" })).toBeChecked());
    expect(server.listLoads()).toBe(loadsBefore + 1);
  });

  it("removes the organizer flag and says the last organizer cannot stop organizing", async () => {
    const { server, app } = renderList({ "PATCH /api/v1/ngo/1/organizer": () => problem(409, "last_organizer") });
    await screen.findByRole("rowheader", { name: "Code for Romania" });
    const loadsBefore = server.listLoads();
    await chooseAction(app, "Code for Romania", "Remove organizer");
    expect(
      await screen.findByText("This is the last active organizer NGO: another NGO must organize before this one stops."),
    ).toBeInTheDocument();
    expect(server.writes()).toEqual([{ method: "PATCH", path: "/api/v1/ngo/1/organizer", body: { isOrganizer: false } }]);
    await waitFor(() => expect(server.listLoads()).toBe(loadsBefore + 1));
  });

  it("deletes after confirming, and translates a 409 ngo_not_empty", async () => {
    const { server, app } = renderList({ "DELETE /api/v1/ngo/2": () => problem(409, "ngo_not_empty") });
    await screen.findByRole("rowheader", { name: "Asociația Observatorilor" });
    const loadsBefore = server.listLoads();
    await chooseAction(app, "Asociația Observatorilor", "Delete");
    const dialog = await screen.findByRole("dialog", { name: "Delete" });
    expect(within(dialog).getByText("Are you sure you want to delete the NGO Asociația Observatorilor?")).toBeInTheDocument();
    expect(server.writes()).toEqual([]);
    await app.user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("This NGO still has observers, admins or answers: deactivate it instead.")).toBeInTheDocument();
    expect(server.writes()).toEqual([{ method: "DELETE", path: "/api/v1/ngo/2", body: null }]);
    await waitFor(() => expect(server.listLoads()).toBe(loadsBefore + 1));
  });

  it("does not delete when the confirmation is cancelled", async () => {
    const { server, app } = renderList();
    await screen.findByRole("rowheader", { name: "Code for Romania" });
    await chooseAction(app, "Code for Romania", "Delete");
    await app.user.click(within(await screen.findByRole("dialog", { name: "Delete" })).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(server.writes()).toEqual([]);
  });

  it("shows a load error with a refresh icon that loads again", async () => {
    let failures = 1;
    const server = createFakeNgoApi();
    const fetch = (request: Request) =>
      new URL(request.url).pathname === "/api/v1/ngo" && failures-- > 0 ? Promise.resolve(problem(503, "unavailable")) : server.fetch(request);
    const app = renderApp({ path: "/ong", storedToken: organizerToken, fetch: withAccountChecks(fetch) });
    expect(await screen.findByText("The list could not be loaded (error 503). Try again.")).toBeInTheDocument();
    await app.user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("rowheader", { name: "Code for Romania" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("speaks Romanian: columns, 'unspecified' and the translated 409", async () => {
    const { app } = renderList({ "DELETE /api/v1/ngo/2": () => problem(409, "ngo_not_empty") }, "ro");
    await screen.findByRole("rowheader", { name: "Asociația Observatorilor" });
    expect(screen.getByRole("columnheader", { name: "Denumire scurtă" })).toBeInTheDocument();
    expect(within(row("Asociația Observatorilor")).getByText("nespecificat")).toBeInTheDocument();
    await app.user.click(screen.getByRole("button", { name: "Mai multe acțiuni pentru Asociația Observatorilor" }));
    await app.user.click(await screen.findByRole("menuitem", { name: "Șterge" }));
    const dialog = await screen.findByRole("dialog");
    await app.user.click(within(dialog).getByRole("button", { name: "Șterge" }));
    expect(
      await screen.findByText("Acest ONG mai are observatori, administratori sau răspunsuri: dezactivați-l în schimb."),
    ).toBeInTheDocument();
  });
  it("shows a loader on the changing row and disables every flag item until the server answers: one request", async () => {
    const { server, queue, app } = renderListHolding("PATCH /api/v1/ngo/2/status");
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
    queue.answer(Response.json({ id: 2, name: "Asociația Observatorilor", shortName: "", organizer: false, isActive: true }));
    expect(await screen.findByText("The NGO is now active")).toBeInTheDocument();
    await waitFor(() => expect(menuButton).not.toHaveAttribute("data-loading"));
    expect(server.writes()).toEqual([{ method: "PATCH", path: "/api/v1/ngo/2/status", body: { isActive: true } }]);
  });

  it("offers to try a flag change again after a server failure, and not after a refusal", async () => {
    let failures = 1;
    const { server, app } = renderList({
      "PATCH /api/v1/ngo/2/status": () => (failures-- > 0 ? problem(503, "unavailable") : Response.json({ id: 2, isActive: true })),
      "PATCH /api/v1/ngo/1/organizer": () => problem(409, "last_organizer"),
    });
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
    const { server, queue, app } = renderListHolding("DELETE /api/v1/ngo/2");
    await screen.findByRole("rowheader", { name: "Asociația Observatorilor" });
    await chooseAction(app, "Asociația Observatorilor", "Delete");
    const dialog = await screen.findByRole("dialog", { name: "Delete" });
    await app.user.dblClick(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(queue.activeCount()).toBe(1));
    expect(within(dialog).getByRole("button", { name: "Delete" })).toHaveAttribute("data-loading");
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toBeDisabled();
    await app.user.keyboard("{Escape}");
    expect(screen.getByRole("dialog", { name: "Delete" })).toBeInTheDocument();
    queue.answer(new Response(null, { status: 204 }));
    expect(await screen.findByText("The NGO has been deleted")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(queue.receivedCount()).toBe(1);
    expect(server.writes()).toEqual([{ method: "DELETE", path: "/api/v1/ngo/2", body: null }]);
  });
});
