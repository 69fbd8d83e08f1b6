import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { renderApp, withAccountChecks } from "../../../tests/support/render";
import { onSmallScreen } from "../../../tests/support/small-screen";
import { observerListPage } from "../../../tests/model/pages/observer-list.page";
import { createRequestQueue } from "../../../tests/support/request-queue";
import { organizerToken, staffToken } from "../../../tests/support/token.fixtures";
import { createFakeObserverApi, makeObservers, matchingObservers, type ObserverListParams } from "./observer-list.fixtures";
import { OBSERVERS_VIEW_MODE_KEY } from "./observer-list.view-mode";

const observers = makeObservers(25);
type Order = Pick<ObserverListParams, "sortBy" | "sortDirection"> & Partial<Pick<ObserverListParams, "name" | "number">>;
const namesInOrder = ({ name = "", number = "", ...sort }: Order) =>
  matchingObservers(observers, { name, number, ...sort }).map((observer) => observer.name);
const byLastSeen = namesInOrder({ sortBy: "lastSeen", sortDirection: "desc" });

function renderList(options: { token?: string; holdListRequests?: boolean; locale?: "en" | "ro" } = {}) {
  const api = createFakeObserverApi({ observers, holdListRequests: options.holdListRequests });
  const app = renderApp({
    path: "/observatori",
    storedToken: options.token ?? organizerToken,
    fetch: withAccountChecks(api.fetch),
    locale: options.locale,
  });
  return { api, app, page: observerListPage(app.user) };
}

/** The query string of a list request, as a plain object. */
const paramsOf = (request: { url: URL } | undefined) => Object.fromEntries(request?.url.searchParams ?? []);

afterEach(() => {
  vi.restoreAllMocks();
});

describe("ObserverList", () => {
  it("shows the first page newest activity first, with the total, the range and the NGO column for organizers", async () => {
    const { api, page } = renderList();
    await page.seeTitle(25);
    await page.seeRows(byLastSeen.slice(0, 20));
    await page.seeRange(1, 20, 25);
    page.seePaging({ previous: false, next: true });
    page.seeSortedBy("Last login", "descending");
    expect(paramsOf(api.listRequests()[0])).toEqual({ Page: "1", PageSize: "20", SortBy: "lastSeen", SortDirection: "desc" });
    expect(screen.getByRole("columnheader", { name: "NGO" })).toBeInTheDocument();
  });

  it("hides the NGO column from admins of a single NGO", async () => {
    const { page } = renderList({ token: staffToken });
    await page.seeRows(byLastSeen.slice(0, 20));
    expect(screen.queryByRole("columnheader", { name: "NGO" })).not.toBeInTheDocument();
  });

  it("pages forward to the last page, where Next is disabled, and back", async () => {
    const { api, page } = renderList();
    await page.seeRows(byLastSeen.slice(0, 20));
    await page.clickNext();
    await page.seeRows(byLastSeen.slice(20));
    await page.seeRange(21, 25, 25);
    page.seePaging({ previous: true, next: false });
    await page.clickPrevious();
    await page.seeRange(1, 20, 25);
    expect(api.listRequests().map((request) => request.url.searchParams.get("Page"))).toEqual(["1", "2", "1"]);
  });

  it("disables Next while a page loads and shows the loading indicator", async () => {
    const { api, page } = renderList({ holdListRequests: true });
    await page.seeLoading();
    api.answerList();
    await page.seeRange(1, 20, 25);
    page.seeNotLoading();
    await page.clickNext();
    await page.seeLoading();
    page.seePaging({ previous: false, next: false });
    api.answerList();
    await page.seeRange(21, 25, 25);
  });

  it("filters by name and phone from page 1, and resets", async () => {
    const { api, page } = renderList();
    await page.seeRows(byLastSeen.slice(0, 20));
    page.seeFilterButtons({ filter: false, reset: false });
    await page.clickNext();
    await page.seeRange(21, 25, 25);
    await page.filterBy({ name: "ana", phone: "07" });
    await page.seeRows(namesInOrder({ name: "ana", number: "07", sortBy: "lastSeen", sortDirection: "desc" }));
    expect(paramsOf(api.listRequests().at(-1))).toEqual({
      Name: "ana",
      Number: "07",
      Page: "1",
      PageSize: "20",
      SortBy: "lastSeen",
      SortDirection: "desc",
    });
    await page.clickReset();
    await page.seeRows(byLastSeen.slice(0, 20));
    expect(paramsOf(api.listRequests().at(-1))).toEqual({ Page: "1", PageSize: "20", SortBy: "lastSeen", SortDirection: "desc" });
    page.seeFilterButtons({ filter: false, reset: false });
  });

  it("says so when nothing matches", async () => {
    const { page } = renderList();
    await page.seeRows(byLastSeen.slice(0, 20));
    await page.filterBy({ name: "nobody" });
    await page.seeNoResults();
    await page.seeTitle(0);
  });

  it("sorts by name A to Z, then Z to A, and back to last login newest first", async () => {
    const { api, page } = renderList();
    await page.seeRows(byLastSeen.slice(0, 20));
    await page.clickSort("Name");
    await page.seeRows(namesInOrder({ sortBy: "name", sortDirection: "asc" }).slice(0, 20));
    page.seeSortedBy("Name", "ascending");
    expect(screen.getByRole("button", { name: "Last login" }).closest("th")).toHaveAttribute("aria-sort", "none");
    await page.clickSort("Name");
    await page.seeRows(namesInOrder({ sortBy: "name", sortDirection: "desc" }).slice(0, 20));
    page.seeSortedBy("Name", "descending");
    await page.clickSort("Last login");
    await page.seeRows(byLastSeen.slice(0, 20));
    const sorts = api.listRequests().map(({ url }) => `${url.searchParams.get("SortBy")} ${url.searchParams.get("SortDirection")}`);
    expect(sorts).toEqual(["lastSeen desc", "name asc", "name desc", "lastSeen desc"]);
  });

  it("shows a load error with a refresh icon that loads again", async () => {
    const { api, page } = renderList({ holdListRequests: true });
    await page.seeLoading();
    api.failList(503);
    await page.seeLoadError("The observers could not be loaded (error 503). Try again.");
    await page.clickRetry();
    await page.seeLoading();
    page.seeNoLoadError();
    api.answerList();
    await page.seeRows(byLastSeen.slice(0, 20));
  });

  it("counts the selection, makes select-all indeterminate for some and checked for all", async () => {
    const { page } = renderList();
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
    const { api, page } = renderList();
    await page.seeRows(byLastSeen.slice(0, 20));
    await page.clickNext();
    await page.seeRange(21, 25, 25);
    const [first, second] = matchingObservers(observers, { name: "", number: "", sortBy: "lastSeen", sortDirection: "desc" }).slice(20);
    await page.clickSelect(first?.name ?? "");
    await page.clickSelect(second?.name ?? "");
    await page.clickDeleteSelected();
    const confirm = within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete" });
    expect(confirm.getAttribute("style") ?? "").toContain("red");
    await page.confirmDelete("Are you sure you want to delete 2 observers?");
    await page.seeToast("Success", "2 observers have been removed");
    await page.seeRange(21, 23, 23);
    await page.seeSelectedCount(0);
    const deletes = api.requests.filter((request) => request.method === "DELETE").map(({ url }) => url.search);
    expect(deletes).toEqual([`?id=${first?.id}`, `?id=${second?.id}`]);
    expect(paramsOf(api.listRequests().at(-1))).toMatchObject({ Page: "2" });
  });

  it("deletes one observer from its row menu, and reports a failed delete", async () => {
    const { api, page } = renderList();
    await page.seeRows(byLastSeen.slice(0, 20));
    const target = observers.find((observer) => observer.name === byLastSeen[0]);
    api.state.failDeletes.add(target?.id ?? 0);
    await page.clickRowAction(byLastSeen[0] ?? "", "Delete");
    await page.confirmDelete("Are you sure you want to delete this observer?");
    await page.seeToast("Error", "Could not delete the observer");
    await page.seeRows(byLastSeen.slice(0, 20));
  });

  it("asks nothing of the server when the delete is cancelled", async () => {
    const { api, page, app } = renderList();
    await page.seeRows(byLastSeen.slice(0, 20));
    await page.clickRowAction(byLastSeen[0] ?? "", "Delete");
    await app.user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(api.requests.filter((request) => request.method === "DELETE")).toEqual([]);
  });

  it("hands the selected observers to the notifications page, which says how many were chosen", async () => {
    const { page, app } = renderList();
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
    const { page, app } = renderList();
    await page.seeRows(byLastSeen.slice(0, 20));
    const target = observers.find((observer) => observer.name === byLastSeen[3]);
    await page.clickRowAction(byLastSeen[3] ?? "", "Notification");
    await waitFor(() => expect(app.currentPath()).toBe("/notifications"));
    expect(window.location.search).toBe(`?observerIds=${target?.id}`);
    expect(await screen.findByTestId("chosen-observers")).toHaveTextContent("1 observer chosen as recipient.");
  });

  it("opens the observer's profile for editing from the row", async () => {
    const { page, app } = renderList();
    await page.seeRows(byLastSeen.slice(0, 20));
    const target = observers.find((observer) => observer.name === byLastSeen[0]);
    const row = screen.getByRole("rowheader", { name: byLastSeen[0] }).closest("tr") as HTMLElement;
    await app.user.click(within(row).getByRole("link", { name: "Edit" }));
    await waitFor(() => expect(app.currentPath()).toBe(`/observatori/profil/edit/${target?.id}`));
  });

  it("opens the reset-password dialog from the row menu", async () => {
    const { page } = renderList();
    await page.seeRows(byLastSeen.slice(0, 20));
    await page.clickRowAction(byLastSeen[0] ?? "", "Reset password");
    expect(await screen.findByRole("dialog", { name: "Reset password" })).toBeInTheDocument();
  });

  it("remembers the card view and shows name, phone and how long ago each observer was seen", async () => {
    const first = renderList();
    await first.page.seeRows(byLastSeen.slice(0, 20));
    await first.page.switchTo("Cards");
    await first.page.seeCards(byLastSeen.slice(0, 20));
    expect(localStorage.getItem(OBSERVERS_VIEW_MODE_KEY)).toBe("CARD");
    first.app.unmount();

    const second = renderList();
    await second.page.seeCards(byLastSeen.slice(0, 20));
    const card = screen.getByRole("listitem", { name: byLastSeen[0] });
    const observer = observers.find((candidate) => candidate.name === byLastSeen[0]);
    expect(card).toHaveTextContent(observer?.phone ?? "");
    expect(within(card).getByText(/ago$/)).toHaveAttribute("datetime", observer?.lastSeen);
    expect(within(card).getByRole("link", { name: "Edit" })).toBeInTheDocument();
  });

  it("shows cards by default on a small screen, and a remembered table still wins there", async () => {
    onSmallScreen();
    const first = renderList();
    await first.page.seeCards(byLastSeen.slice(0, 20));
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(localStorage.getItem(OBSERVERS_VIEW_MODE_KEY)).toBeNull();
    first.app.unmount();

    localStorage.setItem(OBSERVERS_VIEW_MODE_KEY, "LIST");
    const second = renderList();
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
    const requests: Request[] = [];
    const api = createFakeObserverApi({ observers });
    const app = renderApp({
      path: "/observatori",
      storedToken: organizerToken,
      fetch: withAccountChecks((request) => {
        requests.push(request);
        return api.fetch(request);
      }),
    });
    const page = observerListPage(app.user);
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
    expect(exportRequest?.headers.get("Authorization")).toBe(`Bearer ${organizerToken}`);
    const blob = createObjectURL.mock.calls[0] as unknown as [Blob];
    expect(await blob[0].text()).toContain("Id,Name");
  });

  it("tells when the export failed", async () => {
    const { api, page } = renderList();
    api.state.failExport = true;
    await page.seeRows(byLastSeen.slice(0, 20));
    await page.clickExport();
    await page.seeToast("Error", "Could not export the observers. Try again later.");
    expect(screen.getByRole("button", { name: "Export" })).toBeEnabled();
  });

  it("speaks Romanian", async () => {
    renderList({ locale: "ro" });
    expect(await screen.findByRole("heading", { level: 1, name: "Observatori (25)" })).toBeInTheDocument();
    expect(await screen.findByText("Se afișează 1–20 din 25")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Următoarea" })).toBeEnabled();
    expect(screen.getByRole("columnheader", { name: "Ultima autentificare" })).toHaveAttribute("aria-sort", "descending");
    expect(screen.getByRole("button", { name: "Filtrează" })).toBeDisabled();
  });
  it("deletes the selection one call at a time, showing how far it got, and a double click on Delete deletes once", async () => {
    const api = createFakeObserverApi({ observers });
    const deletes = createRequestQueue();
    const app = renderApp({
      path: "/observatori",
      storedToken: organizerToken,
      fetch: withAccountChecks((request) => (request.method === "DELETE" ? deletes.receive(request) : api.fetch(request))),
    });
    const page = observerListPage(app.user);
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
    deletes.answer(new Response(null, { status: 204 }));
    await waitFor(() => expect(within(dialog).getByRole("status")).toHaveTextContent("Deleting: 1 of 2"));
    expect(deletes.receivedCount()).toBe(2);
    deletes.answer(new Response(null, { status: 204 }));
    await page.seeToast("Success", "2 observers have been removed");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(deletes.receivedCount()).toBe(2);
  });

  it("shows a loader on the export button and sends one export for a double click", async () => {
    const createObjectURL = vi.fn(() => "blob:observers");
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    const api = createFakeObserverApi({ observers });
    const exports = createRequestQueue();
    const app = renderApp({
      path: "/observatori",
      storedToken: organizerToken,
      fetch: withAccountChecks((request) =>
        new URL(request.url).pathname === "/api/v1/observer/export" ? exports.receive(request) : api.fetch(request),
      ),
    });
    const page = observerListPage(app.user);
    await page.seeRows(byLastSeen.slice(0, 20));
    await app.user.dblClick(screen.getByRole("button", { name: "Export" }));
    await waitFor(() => expect(exports.activeCount()).toBe(1));
    expect(screen.getByRole("button", { name: "Export" })).toHaveAttribute("data-loading");
    exports.answer(new Response("Id,Name\n", { headers: { "Content-Type": "text/csv" } }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(screen.getByRole("button", { name: "Export" })).not.toHaveAttribute("data-loading");
    expect(exports.receivedCount()).toBe(1);
  });
  it("resets a password from the row menu: Confirm waits with a loader, Cancel waits too, and a double click resets once", async () => {
    const api = createFakeObserverApi({ observers });
    const resets = createRequestQueue();
    const app = renderApp({
      path: "/observatori",
      storedToken: organizerToken,
      fetch: withAccountChecks((request) =>
        new URL(request.url).pathname === "/api/v1/observer/reset" ? resets.receive(request) : api.fetch(request),
      ),
    });
    const page = observerListPage(app.user);
    await page.seeRows(byLastSeen.slice(0, 20));
    await page.clickRowAction(byLastSeen[0] ?? "", "Reset password");
    const dialog = await screen.findByRole("dialog", { name: "Reset password" });
    await app.user.type(within(dialog).getByLabelText(/^Enter new password/), "4321");
    await app.user.dblClick(within(dialog).getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(resets.activeCount()).toBe(1));
    expect(within(dialog).getByRole("button", { name: "Confirm" })).toHaveAttribute("data-loading");
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toBeDisabled();
    expect(within(dialog).getByLabelText(/^Enter new password/)).toBeDisabled();
    resets.answer(new Response(null, { status: 204 }));
    await page.seeToast("Success", "Password has been reset for the observer.");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Reset password" })).not.toBeInTheDocument());
    expect(resets.receivedCount()).toBe(1);
  });
});
