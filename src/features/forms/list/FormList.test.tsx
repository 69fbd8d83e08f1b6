import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { notifications } from "@mantine/notifications";
import axe from "axe-core";
import { renderApp } from "../../../../tests/support/render-app";
import { formRoutes } from "../form.routes";
import { problem, startTestServer, type Seed, type TestServer } from "../../../../tests/support/test-server";
import { twoNgosWithoutObservers } from "../../../../tests/support/seeds/observers.seed";
import { FORM_CODES, ORGANIZER, STAFF, twelveForms } from "./form-list.seed";

/** The screens this test visits. */
const FEATURES = [formRoutes];

async function renderList({ account = ORGANIZER, seed = twelveForms, arrange }: { account?: string; seed?: Seed; arrange?: (server: TestServer) => unknown } = {}) {
  const server = await startTestServer({ seed });
  await arrange?.(server);
  const app = renderApp({ features: FEATURES, path: "/formulare", storedToken: await server.tokenFor(account), fetch: server.fetch });
  return { server, app };
}

const listLoads = "GET /api/v1/form";
const saveOrder = "PUT /api/v1/form/order";

/** The codes of the rows shown, top to bottom (each row's header is its code). */
const shownCodes = () => screen.queryAllByRole("rowheader").map((header) => header.textContent);
const row = (code: string) => screen.getByRole("rowheader", { name: code }).closest("tr") as HTMLElement;
/** The # column and the code of each row shown. */
const indexedCodes = () => screen.queryAllByRole("rowheader").map((header) => `${header.previousElementSibling?.textContent} ${header.textContent}`);

/** The codes of every form in the order the server holds. */
async function savedCodes(server: TestServer): Promise<string[]> {
  const { formVersions } = (await server.ask("/api/v1/form", ORGANIZER)) as { formVersions: { code: string }[] };
  return formVersions.map((form) => form.code);
}

/**
 * jsdom lays nothing out, and dnd-kit's keyboard sensor moves to the row below by its measured rectangle: each body
 * row gets the box it would have in a 40 px tall table, in document order.
 */
function layOutRows() {
  vi.spyOn(Element.prototype, "getBoundingClientRect").mockImplementation(function (this: Element) {
    const body = this.tagName === "TR" ? this.parentElement : null;
    const top = body?.tagName === "TBODY" ? 100 + [...body.children].indexOf(this) * 40 : 0;
    const height = body?.tagName === "TBODY" ? 40 : 0;
    return { x: 0, y: top, top, left: 0, width: height ? 800 : 0, height, right: height ? 800 : 0, bottom: top + height, toJSON: () => ({}) };
  });
}

/** Space on the handle picks the form up, each ArrowDown moves it one place down, Space drops it. */
async function moveDownByKeyboard(app: ReturnType<typeof renderApp>, code: string, places: number) {
  screen.getByRole("button", { name: `Move form ${code}` }).focus();
  await app.user.keyboard("[Space]");
  for (let step = 0; step < places; step += 1) await app.user.keyboard("[ArrowDown]");
  await app.user.keyboard("[Space]");
}

async function chooseDelete(app: ReturnType<typeof renderApp>, code: string) {
  await app.user.click(screen.getByRole("button", { name: `More actions for form ${code}` }));
  await app.user.click(await screen.findByRole("menuitem", { name: "Delete" }));
}

/** axe on jsdom: every rule but colour contrast, which needs a layout jsdom does not have. */
async function axeViolations(container: Element): Promise<string[]> {
  const results = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(" | ")}`);
}

afterEach(() => {
  notifications.clean();
  vi.restoreAllMocks();
});

describe("FormList", () => {
  it("shows an organizer the first ten forms in the saved order, drafts included, with their flags and actions", async () => {
    const { server } = await renderList();
    expect(await screen.findByRole("rowheader", { name: "A" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Forms" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Add form" })).toHaveAttribute("href", "/formulare/nou");
    expect(screen.getAllByRole("columnheader").map((header) => header.textContent)).toEqual(["Move", "#", "Code", "Title", "Diaspora", "Draft", "Actions"]);
    expect(indexedCodes()).toEqual(["1 A", "2 B", "3 C", "4 D", "5 E", "6 F", "7 G", "8 H", "9 I", "10 J"]);
    expect(within(row("B")).getByText("Form B")).toBeInTheDocument();
    expect(within(row("D")).getByRole("img", { name: "Diaspora only" })).toBeInTheDocument();
    expect(within(row("C")).getByRole("img", { name: "Draft" })).toBeInTheDocument();
    expect(within(row("B")).queryByRole("img")).not.toBeInTheDocument();
    expect(within(row("B")).getByRole("link", { name: "Edit" })).toHaveAttribute("href", "/formulare/2");
    expect(within(row("B")).getByRole("button", { name: "Move form B" })).toBeInTheDocument();
    expect(screen.getByTestId("list-range")).toHaveTextContent("Showing 1 to 10 of 12");
    expect(server.writes()).toEqual([]);
  });

  it("numbers the rows of the next page on from the first: (page - 1) * 10 + position", async () => {
    const { app } = await renderList();
    await screen.findByRole("rowheader", { name: "A" });
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();
    await app.user.click(screen.getByRole("button", { name: "Next" }));
    expect(indexedCodes()).toEqual(["11 K", "12 L"]);
    expect(screen.getByTestId("list-range")).toHaveTextContent("Showing 11 to 12 of 12");
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();
    await app.user.click(screen.getByRole("button", { name: "Previous" }));
    expect(shownCodes()).toEqual(FORM_CODES.slice(0, 10));
  });

  it("shows staff of a non-organizing NGO the published forms only, without adding, deleting or reordering", async () => {
    await renderList({ account: STAFF });
    expect(await screen.findByRole("rowheader", { name: "A" })).toBeInTheDocument();
    expect(indexedCodes()).toEqual(["1 A", "2 B", "3 D", "4 E", "5 F", "6 G", "7 H", "8 I", "9 J", "10 L"]);
    expect(screen.getAllByRole("columnheader").map((header) => header.textContent)).toEqual(["#", "Code", "Title", "Diaspora"]);
    expect(within(row("D")).getByRole("img", { name: "Diaspora only" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Add form" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Move form/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^More actions/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Edit" })).not.toBeInTheDocument();
  });

  it("deletes a form after the confirmation, and the row is gone", async () => {
    const { server, app } = await renderList();
    await screen.findByRole("rowheader", { name: "B" });
    await chooseDelete(app, "B");
    const dialog = await screen.findByRole("dialog", { name: "Delete" });
    expect(within(dialog).getByText("Are you sure you want to delete this record?")).toBeInTheDocument();
    expect(server.writes()).toEqual([]);
    await app.user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("The form has been deleted")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("rowheader", { name: "B" })).not.toBeInTheDocument());
    expect(indexedCodes().slice(0, 3)).toEqual(["1 A", "2 C", "3 D"]);
    expect(server.writes()).toEqual([{ method: "DELETE", path: "/api/v1/form?formId=2", body: null }]);
    expect(await savedCodes(server)).toEqual(FORM_CODES.filter((code) => code !== "B"));
  });

  it("does not delete when the confirmation is cancelled", async () => {
    const { server, app } = await renderList();
    await screen.findByRole("rowheader", { name: "B" });
    await chooseDelete(app, "B");
    await app.user.click(within(await screen.findByRole("dialog", { name: "Delete" })).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(server.writes()).toEqual([]);
  });

  it("says why the server refuses to delete a form that has answers, and keeps it", async () => {
    const { server, app } = await renderList();
    await screen.findByRole("rowheader", { name: "A" });
    await chooseDelete(app, "A");
    await app.user.click(within(await screen.findByRole("dialog", { name: "Delete" })).getByRole("button", { name: "Delete" }));
    const toast = (await screen.findByText("This form already has answers and cannot be deleted.")).closest(".mantine-Notification-root") as HTMLElement;
    expect(within(toast).queryByRole("button", { name: "Try again" })).not.toBeInTheDocument();
    expect(screen.getByRole("rowheader", { name: "A" })).toBeInTheDocument();
    expect(server.writes()).toEqual([{ method: "DELETE", path: "/api/v1/form?formId=1", body: null }]);
    expect(await savedCodes(server)).toEqual(FORM_CODES);
  });

  it("moves a form by keyboard to the place chosen (a move, not a swap), saves the order and keeps it after a reload", async () => {
    layOutRows();
    const { server, app } = await renderList();
    await screen.findByRole("rowheader", { name: "A" });
    await moveDownByKeyboard(app, "A", 2);
    await waitFor(() => expect(shownCodes().slice(0, 4)).toEqual(["B", "C", "A", "D"]));
    expect(indexedCodes().slice(0, 3)).toEqual(["1 B", "2 C", "3 A"]);
    await waitFor(() => expect(server.writes()).toEqual([{ method: "PUT", path: "/api/v1/form/order", body: { formIds: [2, 3, 1, 4, 5, 6, 7, 8, 9, 10, 11, 12] } }]));
    await waitFor(() => expect(screen.queryByText("Saving the new order…")).not.toBeInTheDocument());
    expect(await savedCodes(server)).toEqual(["B", "C", "A", ...FORM_CODES.slice(3)]);
    expect(screen.getByRole("button", { name: "Move form A" })).toHaveFocus();

    app.unmount();
    renderApp({ features: FEATURES, path: "/formulare", storedToken: await server.tokenFor(ORGANIZER), fetch: server.fetch });
    await screen.findByRole("rowheader", { name: "A" });
    expect(shownCodes().slice(0, 4)).toEqual(["B", "C", "A", "D"]);
  });

  it("announces the move to screen readers, in words that name the form and its place", async () => {
    layOutRows();
    const { app } = await renderList();
    await screen.findByRole("rowheader", { name: "A" });
    const handle = screen.getByRole("button", { name: "Move form A" });
    const instructions = document.getElementById(handle.getAttribute("aria-describedby") ?? "");
    expect(instructions).toHaveTextContent(/^To move a form, press Space or Enter on its handle\./);
    await moveDownByKeyboard(app, "A", 1);
    await waitFor(() => expect(screen.getByText("Form A was dropped at position 2 of 12.")).toBeInTheDocument());
  });

  it("shows a move at once and puts the order back, with an explanation, when the server does not save it", async () => {
    layOutRows();
    let saves!: ReturnType<TestServer["hold"]>;
    const { server, app } = await renderList({ arrange: (server) => (saves = server.hold(saveOrder)) });
    await screen.findByRole("rowheader", { name: "A" });
    await moveDownByKeyboard(app, "A", 1);
    await waitFor(() => expect(saves.activeCount()).toBe(1));
    expect(shownCodes().slice(0, 3)).toEqual(["B", "A", "C"]);
    expect(screen.getByText("Saving the new order…")).toBeInTheDocument();
    saves.answer(problem(503, "unavailable"));
    expect(await screen.findByText("The new order could not be saved (error 503). The forms are back in their previous order.")).toBeInTheDocument();
    expect(shownCodes()).toEqual(FORM_CODES.slice(0, 10));
    expect(await savedCodes(server)).toEqual(FORM_CODES);
  });

  it("shows the loader until the forms arrive", async () => {
    let loads!: ReturnType<TestServer["hold"]>;
    await renderList({ arrange: (server) => (loads = server.hold(listLoads)) });
    await waitFor(() => expect(loads.activeCount()).toBe(1));
    expect(screen.getByTestId("list-loading")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    await loads.release();
    expect(await screen.findByRole("rowheader", { name: "A" })).toBeInTheDocument();
    expect(screen.queryByTestId("list-loading")).not.toBeInTheDocument();
  });

  it("shows a load error with a refresh icon that loads again", async () => {
    const { app } = await renderList({ arrange: (server) => server.fail(listLoads, 503, "unavailable", 1) });
    expect(await screen.findByText("The forms could not be loaded (error 503). Try again.")).toBeInTheDocument();
    await app.user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("rowheader", { name: "A" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it.each([
    ["an organizer (handles, icons, menus)", ORGANIZER],
    ["staff of a non-organizing NGO", STAFF],
  ])("has no axe violations for %s", async (_, account) => {
    const { app } = await renderList({ account });
    await screen.findByRole("rowheader", { name: "A" });
    expect(await axeViolations(app.container)).toEqual([]);
    // axe walks the whole table on jsdom: seconds on a busy machine.
  }, 15_000);

  it("says so when there are no forms yet", async () => {
    await renderList({ seed: twoNgosWithoutObservers });
    expect(await screen.findByText("There are no forms yet.")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Add form" })).toBeInTheDocument();
  });
});
