import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { renderApp } from "../../../tests/support/render-app";
import { observerRoutes } from "./observer.routes";
import { notificationRoutes } from "../notifications/notification.routes";
import { onSmallScreen } from "../../../tests/support/small-screen";
import { DELETE_DIALOG_WORDS } from "../../../tests/pages/common";
import { confirmDialog, toasts } from "../../../tests/pages/dom/common";
import { observerList } from "../../../tests/pages/dom/observer-list";
import { eventually } from "../../../tests/pages/locators";
import { formatTimeAgo } from "../../shared/i18n/time-format";
import type { ObserverList } from "../../../tests/pages/observer-list";
import { startTestServer, type TestServer } from "../../../tests/support/test-server";
import type { Observer } from "./observer-list.actors";
import { OBSERVERS_VIEW_MODE_KEY } from "./observer-list.view-mode";
import { manyObservers, ORGANIZER, STAFF } from "../../../tests/support/seeds/observers.seed";

/** The screens this test visits. */
const FEATURES = [observerRoutes, notificationRoutes];

type Query = Partial<Record<"Name" | "Number" | "SortBy" | "SortDirection", string>>;

/** Every observer the server lists for a query, in its order: the tests compare the screen with that. */
async function listed(server: TestServer, query: Query = {}, account = ORGANIZER): Promise<Observer[]> {
  const search = new URLSearchParams({ SortBy: "lastSeen", SortDirection: "desc", ...query, Page: "1", PageSize: "100" });
  return ((await server.ask(`/api/v1/observer?${search}`, account)) as { data: Observer[] }).data;
}
const names = (observers: Observer[]) => observers.map((observer) => observer.name);

async function renderList(options: { account?: string; locale?: "en" | "ro"; server?: TestServer } = {}) {
  const server = options.server ?? (await startTestServer({ seed: manyObservers }));
  const account = options.account ?? ORGANIZER;
  const observers = await listed(server, {}, account);
  const token = await server.tokenFor(account);
  const app = renderApp({ features: FEATURES, path: "/observatori", storedToken: token, fetch: server.fetch, locale: options.locale });
  const page = observerList(app.user);
  // The observers' delete dialog has its own title: whichever dialog is open.
  const deleteDialog = confirmDialog(app.user, { confirm: DELETE_DIALOG_WORDS.en.confirm, cancel: DELETE_DIALOG_WORDS.en.cancel });
  return { server, app, token, page, deleteDialog, toasts: toasts(app.user), observers, byLastSeen: names(observers) };
}

/** Without a selection the selection bar is gone and select-all, where there is one, is not checked. */
async function expectNoSelection(page: ObserverList) {
  await eventually(() => page.selection()).toBeNull();
  expect(await page.selectAllState()).not.toBe("checked");
}

/** The list requests the SPA did not cancel. */
const listRequests = (server: TestServer) =>
  server.requests.filter((request) => request.method === "GET" && request.path.split("?")[0] === "/api/v1/observer" && !request.cancelled);
/** The query string of a request, as a plain object. */
const paramsOf = (request: { path: string } | undefined) => Object.fromEntries(new URLSearchParams(request?.path.split("?")[1] ?? ""));
const deletesOf = (server: TestServer) => server.requests.filter((request) => request.method === "DELETE");

afterEach(() => {
  vi.restoreAllMocks();
});

// Paging, the filter, sorting, a failed load and the selection are the list machine's: the list conformance suite
// replays them on this screen (tests/model/observer-list.model.test.tsx).
describe("ObserverList", () => {
  it("shows the first page newest activity first, with the total, the range and the NGO column for organizers", async () => {
    const { server, page, observers, byLastSeen } = await renderList();
    await eventually(() => page.title()).toContain("Observers (25)");
    // Never seen last when newest first: the server's order.
    expect(byLastSeen.slice(-5).every((name) => observers.find((observer) => observer.name === name)?.lastSeen === null)).toBe(true);
    await eventually(() => page.rowNames()).toEqual(byLastSeen.slice(0, 20));
    await eventually(() => page.range()).toContain("Showing 1 to 20 of 25");
    expect(await page.paging()).toEqual({ previous: "disabled", next: "enabled" });
    expect(await page.sortOf("Last login")).toBe("descending");
    expect(paramsOf(listRequests(server)[0])).toEqual({ Page: "1", PageSize: "20", SortBy: "lastSeen", SortDirection: "desc" });
    expect(await page.columns()).toContain("NGO");
  });

  it("hides the NGO column from admins of a single NGO", async () => {
    // The server lists only the admin's own NGO (the old fake listed all 25).
    const { page, byLastSeen } = await renderList({ account: STAFF });
    expect(byLastSeen).toHaveLength(12);
    await eventually(() => page.rowNames()).toEqual(byLastSeen);
    expect(await page.columns()).not.toContain("NGO");
  });

  it("says so when nothing matches", async () => {
    const { page, byLastSeen } = await renderList();
    await eventually(() => page.rowNames()).toEqual(byLastSeen.slice(0, 20));
    await page.search({ name: "nobody" });
    await eventually(() => page.showsNoResults()).toBe(true);
    await eventually(() => page.title()).toContain("Observers (0)");
  });

  it("deletes the selected observers after confirmation, one call each, then reloads the same page in place without them", async () => {
    const { server, page, observers, byLastSeen, deleteDialog, toasts } = await renderList();
    await eventually(() => page.rowNames()).toEqual(byLastSeen.slice(0, 20));
    await page.nextPage();
    await eventually(() => page.range()).toContain("Showing 21 to 25 of 25");
    const [first, second] = observers.slice(20);
    await page.toggleRow(first?.name ?? "");
    await page.toggleRow(second?.name ?? "");
    await page.deleteSelected();
    const confirm = within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete" });
    expect(confirm.getAttribute("style") ?? "").toContain("red");
    await eventually(() => deleteDialog.text()).toContain("Are you sure you want to delete 2 observers?");
    await deleteDialog.confirm();
    await eventually(() => toasts.saying("2 observers have been removed")).toEqual([expect.stringContaining("Success")]);
    await eventually(() => page.range()).toContain("Showing 21 to 23 of 23");
    await expectNoSelection(page);
    expect(deletesOf(server).map(({ path }) => path)).toEqual([`/api/v1/observer?id=${first?.id}`, `/api/v1/observer?id=${second?.id}`]);
    expect(paramsOf(listRequests(server).at(-1))).toMatchObject({ Page: "2" });
  });

  it("deletes one observer from its row menu, and reports a failed delete", async () => {
    const { server, page, byLastSeen, deleteDialog, toasts } = await renderList();
    await eventually(() => page.rowNames()).toEqual(byLastSeen.slice(0, 20));
    server.fail("DELETE /api/v1/observer", 500, "internal");
    await page.chooseRowAction(byLastSeen[0] ?? "", "Delete");
    await eventually(() => deleteDialog.text()).toContain("Are you sure you want to delete this observer?");
    await deleteDialog.confirm();
    await eventually(() => toasts.saying("Could not delete the observer")).toEqual([expect.stringContaining("Error")]);
    await eventually(() => page.rowNames()).toEqual(byLastSeen.slice(0, 20));
  });

  it("asks nothing of the server when the delete is cancelled", async () => {
    const { server, page, byLastSeen, deleteDialog } = await renderList();
    await eventually(() => page.rowNames()).toEqual(byLastSeen.slice(0, 20));
    await page.chooseRowAction(byLastSeen[0] ?? "", "Delete");
    await deleteDialog.cancel();
    await eventually(() => deleteDialog.text()).toBeNull();
    expect(deletesOf(server)).toEqual([]);
  });

  it("hands the selected observers to the notifications page, which says how many were chosen", async () => {
    const { page, app, observers, byLastSeen } = await renderList();
    await eventually(() => page.rowNames()).toEqual(byLastSeen.slice(0, 20));
    const chosen = observers.filter((observer) => [byLastSeen[0], byLastSeen[2]].includes(observer.name));
    await page.toggleRow(byLastSeen[0] ?? "");
    await page.toggleRow(byLastSeen[2] ?? "");
    await page.notifySelected();
    await waitFor(() => expect(app.currentPath()).toBe("/notifications"));
    const ids = new URLSearchParams(window.location.search).get("observerIds")?.split(",").map(Number);
    expect(ids?.sort()).toEqual(chosen.map((observer) => observer.id).sort());
    expect(await screen.findByTestId("chosen-observers")).toHaveTextContent("2 observers chosen as recipients.");
  });

  it("hands one observer to the notifications page from its row menu", async () => {
    const { page, app, observers, byLastSeen } = await renderList();
    await eventually(() => page.rowNames()).toEqual(byLastSeen.slice(0, 20));
    const target = observers.find((observer) => observer.name === byLastSeen[3]);
    await page.chooseRowAction(byLastSeen[3] ?? "", "Notification");
    await waitFor(() => expect(app.currentPath()).toBe("/notifications"));
    expect(window.location.search).toBe(`?observerIds=${target?.id}`);
    expect(await screen.findByTestId("chosen-observers")).toHaveTextContent("1 observer chosen as recipient.");
  });

  it("opens the observer's profile for editing from the row", async () => {
    const { page, app, observers, byLastSeen } = await renderList();
    await eventually(() => page.rowNames()).toEqual(byLastSeen.slice(0, 20));
    const target = observers.find((observer) => observer.name === byLastSeen[0]);
    await page.editRow(byLastSeen[0] ?? "");
    await waitFor(() => expect(app.currentPath()).toBe(`/observatori/profil/edit/${target?.id}`));
  });

  it("opens the reset-password dialog from the row menu", async () => {
    const { page, byLastSeen } = await renderList();
    await eventually(() => page.rowNames()).toEqual(byLastSeen.slice(0, 20));
    await page.chooseRowAction(byLastSeen[0] ?? "", "Reset password");
    expect(await screen.findByRole("dialog", { name: "Reset password" })).toBeInTheDocument();
  });

  it("remembers the card view and shows name, phone and how long ago each observer was seen", async () => {
    const first = await renderList();
    const { byLastSeen, observers } = first;
    await eventually(() => first.page.rowNames()).toEqual(byLastSeen.slice(0, 20));
    await first.page.showAs("Cards");
    await eventually(() => first.page.cardNames()).toEqual(byLastSeen.slice(0, 20));
    expect(localStorage.getItem(OBSERVERS_VIEW_MODE_KEY)).toBe("CARD");
    first.app.unmount();

    const second = await renderList({ server: first.server });
    await eventually(() => second.page.cardNames()).toEqual(byLastSeen.slice(0, 20));
    const card = screen.getByRole("listitem", { name: byLastSeen[0] });
    const observer = observers.find((candidate) => candidate.name === byLastSeen[0]);
    expect(card).toHaveTextContent(observer?.phone ?? "");
    // The seed's times are fixed and the clock runs on: the card reads as "… ago" from now, whatever now is.
    const seenAgo = formatTimeAgo(observer?.lastSeen ?? "", "en", { style: "short" });
    expect(within(card).getByText(seenAgo)).toHaveAttribute("datetime", observer?.lastSeen);
    expect(within(card).getByRole("link", { name: "Edit" })).toBeInTheDocument();
  });

  it("shows cards by default on a small screen, and a remembered table still wins there", async () => {
    onSmallScreen();
    const first = await renderList();
    const { byLastSeen } = first;
    await eventually(() => first.page.cardNames()).toEqual(byLastSeen.slice(0, 20));
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(localStorage.getItem(OBSERVERS_VIEW_MODE_KEY)).toBeNull();
    first.app.unmount();

    localStorage.setItem(OBSERVERS_VIEW_MODE_KEY, "LIST");
    const second = await renderList({ server: first.server });
    await eventually(() => second.page.rowNames()).toEqual(byLastSeen.slice(0, 20));
    expect(screen.queryByRole("list", { name: "Observers" })).not.toBeInTheDocument();
  });

  it("exports a CSV of the current filter and sort with the bearer token", async () => {
    const createObjectURL = vi.fn(() => "blob:observers");
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(`${this.download} ${this.href}`);
    });
    const server = await startTestServer({ seed: manyObservers });
    const requests: Request[] = [];
    const seeing = { ...server, fetch: (request: Request) => (requests.push(request), server.fetch(request)) };
    const { page, token, byLastSeen } = await renderList({ server: seeing });
    await eventually(() => page.rowNames()).toEqual(byLastSeen.slice(0, 20));
    await page.search({ name: "pop" });
    await page.sortBy("Name");
    await page.exportList();
    await waitFor(() => expect(clicks).toEqual(["observers.csv blob:observers"]));
    const exportRequest = requests.find((request) => new URL(request.url).pathname === "/api/v1/observer/export");
    expect(Object.fromEntries(new URL(exportRequest?.url ?? "http://x").searchParams)).toEqual({
      Name: "pop",
      SortBy: "name",
      SortDirection: "asc",
      format: "csv",
    });
    expect(exportRequest?.headers.get("Authorization")).toBe(`Bearer ${token}`);
    const blob = createObjectURL.mock.calls[0] as unknown as [Blob];
    const csv = await blob[0].text();
    for (const observer of await listed(server, { Name: "pop" })) expect(csv).toContain(observer.phone);
  });

  it("tells when the export failed", async () => {
    const { server, page, byLastSeen, toasts } = await renderList();
    server.fail("GET /api/v1/observer/export", 500, "internal");
    await eventually(() => page.rowNames()).toEqual(byLastSeen.slice(0, 20));
    await page.exportList();
    await eventually(() => toasts.saying("Could not export the observers. Try again later.")).toEqual([expect.stringContaining("Error")]);
    expect(screen.getByRole("button", { name: "Export" })).toBeEnabled();
  });

  it("speaks Romanian", async () => {
    await renderList({ locale: "ro" });
    expect(await screen.findByRole("heading", { level: 1, name: "Observatori (25)" })).toBeInTheDocument();
    expect(await screen.findByText("Se afișează 1–20 din 25")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Următoarea" })).toBeEnabled();
    expect(screen.getByRole("columnheader", { name: "Ultima autentificare" })).toHaveAttribute("aria-sort", "descending");
    expect(screen.getByRole("button", { name: "Filtrează" })).toBeDisabled();
  });

  it("deletes the selection one call at a time, showing how far it got, and a double click on Delete deletes once", async () => {
    const server = await startTestServer({ seed: manyObservers });
    const deletes = server.hold("DELETE /api/v1/observer");
    const { app, page, byLastSeen, toasts } = await renderList({ server });
    await eventually(() => page.rowNames()).toEqual(byLastSeen.slice(0, 20));
    await page.toggleRow(byLastSeen[0] ?? "");
    await page.toggleRow(byLastSeen[1] ?? "");
    await page.deleteSelected();
    const dialog = await screen.findByRole("dialog");
    await app.user.dblClick(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(deletes.activeCount()).toBe(1));
    expect(within(dialog).getByRole("status")).toHaveTextContent("Deleting: 0 of 2");
    expect(screen.getByTestId("delete-progress")).toHaveTextContent("Deleting: 0 of 2");
    expect(within(screen.getByTestId("selection-bar")).getByRole("button", { name: "Send notification" })).toBeDisabled();
    await deletes.release();
    await waitFor(() => expect(within(dialog).getByRole("status")).toHaveTextContent("Deleting: 1 of 2"));
    expect(deletes.receivedCount()).toBe(2);
    await deletes.release();
    await eventually(() => toasts.saying("2 observers have been removed")).toEqual([expect.stringContaining("Success")]);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(deletes.receivedCount()).toBe(2);
  });

  it("shows a loader on the export button and sends one export for a double click", async () => {
    const createObjectURL = vi.fn(() => "blob:observers");
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    const server = await startTestServer({ seed: manyObservers });
    const exports = server.hold("GET /api/v1/observer/export");
    const { app, page, byLastSeen } = await renderList({ server });
    await eventually(() => page.rowNames()).toEqual(byLastSeen.slice(0, 20));
    await app.user.dblClick(screen.getByRole("button", { name: "Export" }));
    await waitFor(() => expect(exports.activeCount()).toBe(1));
    expect(screen.getByRole("button", { name: "Export" })).toHaveAttribute("data-loading");
    await exports.release();
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(screen.getByRole("button", { name: "Export" })).not.toHaveAttribute("data-loading");
    expect(exports.receivedCount()).toBe(1);
  });

  it("resets a password from the row menu: Confirm waits with a loader, Cancel waits too, and a double click resets once", async () => {
    const server = await startTestServer({ seed: manyObservers });
    const resets = server.hold("POST /api/v1/observer/reset");
    const { app, page, byLastSeen, toasts } = await renderList({ server });
    await eventually(() => page.rowNames()).toEqual(byLastSeen.slice(0, 20));
    await page.chooseRowAction(byLastSeen[0] ?? "", "Reset password");
    const dialog = await screen.findByRole("dialog", { name: "Reset password" });
    await app.user.type(within(dialog).getByLabelText(/^Enter new password/), "4321");
    await app.user.dblClick(within(dialog).getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(resets.activeCount()).toBe(1));
    expect(within(dialog).getByRole("button", { name: "Confirm" })).toHaveAttribute("data-loading");
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toBeDisabled();
    expect(within(dialog).getByLabelText(/^Enter new password/)).toBeDisabled();
    await resets.release();
    await eventually(() => toasts.saying("Password has been reset for the observer.")).toEqual([expect.stringContaining("Success")]);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Reset password" })).not.toBeInTheDocument());
    expect(resets.receivedCount()).toBe(1);
  });
});
