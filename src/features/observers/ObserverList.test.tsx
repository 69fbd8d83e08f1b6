import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { renderApp } from "../../../tests/support/render";
import { onSmallScreen } from "../../../tests/support/small-screen";
import { observerListPage } from "../../../tests/model/pages/observer-list.page";
import { problem, startTestServer, type TestServer } from "../../../tests/support/test-server";
import type { Observer } from "./observer-list.actors";
import { OBSERVERS_VIEW_MODE_KEY } from "./observer-list.view-mode";
import { manyObservers, ORGANIZER, STAFF } from "../../../tests/support/seeds/observers.seed";

type Query = Partial<Record<"Name" | "Number" | "SortBy" | "SortDirection", string>>;

/** Every observer the server lists for a query, in its order: the tests compare the screen with that. */
async function listed(server: TestServer, query: Query = {}, account = ORGANIZER): Promise<Observer[]> {
  const search = new URLSearchParams({ SortBy: "lastSeen", SortDirection: "desc", ...query, Page: "1", PageSize: "100" });
  return ((await server.ask(`/api/v1/observer?${search}`, account)) as { data: Observer[] }).data;
}
const names = (observers: Observer[]) => observers.map((observer) => observer.name);

async function renderList(options: { account?: string; holdListRequests?: boolean; locale?: "en" | "ro"; server?: TestServer } = {}) {
  const server = options.server ?? (await startTestServer({ seed: manyObservers }));
  const account = options.account ?? ORGANIZER;
  const observers = await listed(server, {}, account);
  const list = options.holdListRequests ? server.hold("GET /api/v1/observer") : null;
  const token = await server.tokenFor(account);
  const app = renderApp({ path: "/observatori", storedToken: token, fetch: server.fetch, locale: options.locale });
  return { server, list: list!, app, token, page: observerListPage(app.user), observers, byLastSeen: names(observers) };
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

describe("ObserverList", () => {
  it("shows the first page newest activity first, with the total, the range and the NGO column for organizers", async () => {
    const { server, page, observers, byLastSeen } = await renderList();
    await page.seeTitle(25);
    // Never seen last when newest first: the server's order.
    expect(byLastSeen.slice(-5).every((name) => observers.find((observer) => observer.name === name)?.lastSeen === null)).toBe(true);
    await page.seeRows(byLastSeen.slice(0, 20));
    await page.seeRange(1, 20, 25);
    page.seePaging({ previous: false, next: true });
    page.seeSortedBy("Last login", "descending");
    expect(paramsOf(listRequests(server)[0])).toEqual({ Page: "1", PageSize: "20", SortBy: "lastSeen", SortDirection: "desc" });
    expect(screen.getByRole("columnheader", { name: "NGO" })).toBeInTheDocument();
  });

  it("hides the NGO column from admins of a single NGO", async () => {
    // The server lists only the admin's own NGO (the old fake listed all 25).
    const { page, byLastSeen } = await renderList({ account: STAFF });
    expect(byLastSeen).toHaveLength(12);
    await page.seeRows(byLastSeen);
    expect(screen.queryByRole("columnheader", { name: "NGO" })).not.toBeInTheDocument();
  });

  it("pages forward to the last page, where Next is disabled, and back", async () => {
    const { server, page, byLastSeen } = await renderList();
    await page.seeRows(byLastSeen.slice(0, 20));
    await page.clickNext();
    await page.seeRows(byLastSeen.slice(20));
    await page.seeRange(21, 25, 25);
    page.seePaging({ previous: true, next: false });
    await page.clickPrevious();
    await page.seeRange(1, 20, 25);
    expect(listRequests(server).map((request) => paramsOf(request).Page)).toEqual(["1", "2", "1"]);
  });

  it("disables Next while a page loads and shows the loading indicator", async () => {
    const { list, page, byLastSeen } = await renderList({ holdListRequests: true });
    await page.seeLoading();
    await waitFor(() => expect(list.activeCount()).toBe(1));
    await list.release();
    await page.seeRange(1, 20, 25);
    page.seeNotLoading();
    await page.clickNext();
    await page.seeLoading();
    page.seePaging({ previous: false, next: false });
    await waitFor(() => expect(list.activeCount()).toBe(1));
    expect(names(((await list.release()) as { data: Observer[] }).data)).toEqual(byLastSeen.slice(20));
    await page.seeRange(21, 25, 25);
  });

  it("filters by name and phone from page 1, and resets", async () => {
    const { server, page, byLastSeen } = await renderList();
    await page.seeRows(byLastSeen.slice(0, 20));
    page.seeFilterButtons({ filter: false, reset: false });
    await page.clickNext();
    await page.seeRange(21, 25, 25);
    await page.filterBy({ name: "ana", phone: "07" });
    const matching = names(await listed(server, { Name: "ana", Number: "07" }));
    expect(matching.length).toBeGreaterThan(0);
    await page.seeRows(matching);
    expect(paramsOf(listRequests(server).at(-1))).toEqual({
      Name: "ana",
      Number: "07",
      Page: "1",
      PageSize: "20",
      SortBy: "lastSeen",
      SortDirection: "desc",
    });
    await page.clickReset();
    await page.seeRows(byLastSeen.slice(0, 20));
    expect(paramsOf(listRequests(server).at(-1))).toEqual({ Page: "1", PageSize: "20", SortBy: "lastSeen", SortDirection: "desc" });
    page.seeFilterButtons({ filter: false, reset: false });
  });

  it("says so when nothing matches", async () => {
    const { page, byLastSeen } = await renderList();
    await page.seeRows(byLastSeen.slice(0, 20));
    await page.filterBy({ name: "nobody" });
    await page.seeNoResults();
    await page.seeTitle(0);
  });

  it("sorts by name A to Z, then Z to A, and back to last login newest first", async () => {
    const { server, page, byLastSeen } = await renderList();
    await page.seeRows(byLastSeen.slice(0, 20));
    await page.clickSort("Name");
    await page.seeRows(names(await listed(server, { SortBy: "name", SortDirection: "asc" })).slice(0, 20));
    page.seeSortedBy("Name", "ascending");
    expect(screen.getByRole("button", { name: "Last login" }).closest("th")).toHaveAttribute("aria-sort", "none");
    await page.clickSort("Name");
    await page.seeRows(names(await listed(server, { SortBy: "name", SortDirection: "desc" })).slice(0, 20));
    page.seeSortedBy("Name", "descending");
    await page.clickSort("Last login");
    await page.seeRows(byLastSeen.slice(0, 20));
    const sorts = listRequests(server).map((request) => `${paramsOf(request).SortBy} ${paramsOf(request).SortDirection}`);
    expect(sorts).toEqual(["lastSeen desc", "name asc", "name desc", "lastSeen desc"]);
  });

  it("shows a load error with a refresh icon that loads again", async () => {
    const { list, page, byLastSeen } = await renderList({ holdListRequests: true });
    await page.seeLoading();
    await waitFor(() => expect(list.activeCount()).toBe(1));
    list.answer(problem(503, "unavailable"));
    await page.seeLoadError("The observers could not be loaded (error 503). Try again.");
    await page.clickRetry();
    await page.seeLoading();
    page.seeNoLoadError();
    await waitFor(() => expect(list.activeCount()).toBe(1));
    await list.release();
    await page.seeRows(byLastSeen.slice(0, 20));
  });

  it("counts the selection, makes select-all indeterminate for some and checked for all", async () => {
    const { page, byLastSeen } = await renderList();
    await page.seeRows(byLastSeen.slice(0, 20));
    await page.seeSelectedCount(0);
    await page.clickSelect(byLastSeen[0] ?? "");
    await page.seeSelectedCount(1);
    page.seeSelectAll("indeterminate");
    await page.clickSelect(byLastSeen[1] ?? "");
    await page.seeSelectedCount(2);
    await page.clickSelectAll();
    await page.seeSelectedCount(20);
    page.seeSelectAll("checked");
    await page.clickSelectAll();
    await page.seeSelectedCount(0);
  });

  it("deletes the selected observers after confirmation, one call each, then reloads the same page in place without them", async () => {
    const { server, page, observers, byLastSeen } = await renderList();
    await page.seeRows(byLastSeen.slice(0, 20));
    await page.clickNext();
    await page.seeRange(21, 25, 25);
    const [first, second] = observers.slice(20);
    await page.clickSelect(first?.name ?? "");
    await page.clickSelect(second?.name ?? "");
    await page.clickDeleteSelected();
    const confirm = within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete" });
    expect(confirm.getAttribute("style") ?? "").toContain("red");
    await page.confirmDelete("Are you sure you want to delete 2 observers?");
    await page.seeToast("Success", "2 observers have been removed");
    await page.seeRange(21, 23, 23);
    await page.seeSelectedCount(0);
    expect(deletesOf(server).map(({ path }) => path)).toEqual([`/api/v1/observer?id=${first?.id}`, `/api/v1/observer?id=${second?.id}`]);
    expect(paramsOf(listRequests(server).at(-1))).toMatchObject({ Page: "2" });
  });

  it("deletes one observer from its row menu, and reports a failed delete", async () => {
    const { server, page, byLastSeen } = await renderList();
    await page.seeRows(byLastSeen.slice(0, 20));
    server.fail("DELETE /api/v1/observer", 500, "internal");
    await page.clickRowAction(byLastSeen[0] ?? "", "Delete");
    await page.confirmDelete("Are you sure you want to delete this observer?");
    await page.seeToast("Error", "Could not delete the observer");
    await page.seeRows(byLastSeen.slice(0, 20));
  });

  it("asks nothing of the server when the delete is cancelled", async () => {
    const { server, page, app, byLastSeen } = await renderList();
    await page.seeRows(byLastSeen.slice(0, 20));
    await page.clickRowAction(byLastSeen[0] ?? "", "Delete");
    await app.user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(deletesOf(server)).toEqual([]);
  });

  it("hands the selected observers to the notifications page, which says how many were chosen", async () => {
    const { page, app, observers, byLastSeen } = await renderList();
    await page.seeRows(byLastSeen.slice(0, 20));
    const chosen = observers.filter((observer) => [byLastSeen[0], byLastSeen[2]].includes(observer.name));
    await page.clickSelect(byLastSeen[0] ?? "");
    await page.clickSelect(byLastSeen[2] ?? "");
    await page.clickSendNotification();
    await waitFor(() => expect(app.currentPath()).toBe("/notifications"));
    const ids = new URLSearchParams(window.location.search).get("observerIds")?.split(",").map(Number);
    expect(ids?.sort()).toEqual(chosen.map((observer) => observer.id).sort());
    expect(await screen.findByTestId("chosen-observers")).toHaveTextContent("2 observers chosen as recipients.");
  });

  it("hands one observer to the notifications page from its row menu", async () => {
    const { page, app, observers, byLastSeen } = await renderList();
    await page.seeRows(byLastSeen.slice(0, 20));
    const target = observers.find((observer) => observer.name === byLastSeen[3]);
    await page.clickRowAction(byLastSeen[3] ?? "", "Notification");
    await waitFor(() => expect(app.currentPath()).toBe("/notifications"));
    expect(window.location.search).toBe(`?observerIds=${target?.id}`);
    expect(await screen.findByTestId("chosen-observers")).toHaveTextContent("1 observer chosen as recipient.");
  });

  it("opens the observer's profile for editing from the row", async () => {
    const { page, app, observers, byLastSeen } = await renderList();
    await page.seeRows(byLastSeen.slice(0, 20));
    const target = observers.find((observer) => observer.name === byLastSeen[0]);
    const row = screen.getByRole("rowheader", { name: byLastSeen[0] }).closest("tr") as HTMLElement;
    await app.user.click(within(row).getByRole("link", { name: "Edit" }));
    await waitFor(() => expect(app.currentPath()).toBe(`/observatori/profil/edit/${target?.id}`));
  });

  it("opens the reset-password dialog from the row menu", async () => {
    const { page, byLastSeen } = await renderList();
    await page.seeRows(byLastSeen.slice(0, 20));
    await page.clickRowAction(byLastSeen[0] ?? "", "Reset password");
    expect(await screen.findByRole("dialog", { name: "Reset password" })).toBeInTheDocument();
  });

  it("remembers the card view and shows name, phone and how long ago each observer was seen", async () => {
    const first = await renderList();
    const { byLastSeen, observers } = first;
    await first.page.seeRows(byLastSeen.slice(0, 20));
    await first.page.switchTo("Cards");
    await first.page.seeCards(byLastSeen.slice(0, 20));
    expect(localStorage.getItem(OBSERVERS_VIEW_MODE_KEY)).toBe("CARD");
    first.app.unmount();

    const second = await renderList({ server: first.server });
    await second.page.seeCards(byLastSeen.slice(0, 20));
    const card = screen.getByRole("listitem", { name: byLastSeen[0] });
    const observer = observers.find((candidate) => candidate.name === byLastSeen[0]);
    expect(card).toHaveTextContent(observer?.phone ?? "");
    expect(within(card).getByText(/ago$/)).toHaveAttribute("datetime", observer?.lastSeen);
    expect(within(card).getByRole("link", { name: "Edit" })).toBeInTheDocument();
  });

  it("shows cards by default on a small screen, and a remembered table still wins there", async () => {
    onSmallScreen();
    const first = await renderList();
    const { byLastSeen } = first;
    await first.page.seeCards(byLastSeen.slice(0, 20));
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(localStorage.getItem(OBSERVERS_VIEW_MODE_KEY)).toBeNull();
    first.app.unmount();

    localStorage.setItem(OBSERVERS_VIEW_MODE_KEY, "LIST");
    const second = await renderList({ server: first.server });
    await second.page.seeRows(byLastSeen.slice(0, 20));
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
    await page.seeRows(byLastSeen.slice(0, 20));
    await page.filterBy({ name: "pop" });
    await page.clickSort("Name");
    await page.clickExport();
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
    const { server, page, byLastSeen } = await renderList();
    server.fail("GET /api/v1/observer/export", 500, "internal");
    await page.seeRows(byLastSeen.slice(0, 20));
    await page.clickExport();
    await page.seeToast("Error", "Could not export the observers. Try again later.");
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
    const { app, page, byLastSeen } = await renderList({ server });
    await page.seeRows(byLastSeen.slice(0, 20));
    await page.clickSelect(byLastSeen[0] ?? "");
    await page.clickSelect(byLastSeen[1] ?? "");
    await page.clickDeleteSelected();
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
    await page.seeToast("Success", "2 observers have been removed");
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
    await page.seeRows(byLastSeen.slice(0, 20));
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
    const { app, page, byLastSeen } = await renderList({ server });
    await page.seeRows(byLastSeen.slice(0, 20));
    await page.clickRowAction(byLastSeen[0] ?? "", "Reset password");
    const dialog = await screen.findByRole("dialog", { name: "Reset password" });
    await app.user.type(within(dialog).getByLabelText(/^Enter new password/), "4321");
    await app.user.dblClick(within(dialog).getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(resets.activeCount()).toBe(1));
    expect(within(dialog).getByRole("button", { name: "Confirm" })).toHaveAttribute("data-loading");
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toBeDisabled();
    expect(within(dialog).getByLabelText(/^Enter new password/)).toBeDisabled();
    await resets.release();
    await page.seeToast("Success", "Password has been reset for the observer.");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Reset password" })).not.toBeInTheDocument());
    expect(resets.receivedCount()).toBe(1);
  });
});
