import { afterAll, afterEach, describe, expect, it } from "vitest";
import { notifications } from "@mantine/notifications";
import { act, screen, waitFor, within } from "@testing-library/react";
import { File as NodeFile } from "node:buffer";
import { renderApp } from "../../../tests/support/render-app";
import { observerRoutes } from "./observer.routes";
import { startTestServer, type TestServer } from "../../../tests/support/test-server";
import { ORGANIZER, STAFF, twoNgosWithoutObservers } from "../../../tests/support/seeds/observers.seed";

/** The screens this test visits. */
const FEATURES = [observerRoutes];

/*
 * jsdom's File and FormData lose the file's bytes on their way into Node's Request (jsdom's Blob is not Node's), and
 * the server would get an empty file. In this file the test's Files and the SPA's FormData are Node's, as a
 * browser's are its own: the server then reads the CSV the test chose.
 */
const jsdomGlobals = { File: globalThis.File, FormData: globalThis.FormData };
globalThis.File = NodeFile as unknown as typeof File;
globalThis.FormData = (await new Response(new URLSearchParams()).formData()).constructor as typeof FormData;
afterAll(() => void Object.assign(globalThis, jsdomGlobals));

interface Upload {
  ngoId: string | null;
  dryRun: string | null;
  hasFilePart: boolean;
}

function readUpload(body: string): Upload {
  const field = (name: string) => new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)`).exec(body)?.[1] ?? null;
  return { ngoId: field("ngoId"), dryRun: field("dryRun"), hasFilePart: /name="file"; filename=/.test(body) };
}

/** The multipart uploads the SPA sent. */
const uploads = (server: TestServer) =>
  server.requests.filter((request) => request.path === "/api/v1/observer/import").map((request) => readUpload(String(request.body)));

/** Line 3's PIN is too short, line 4 repeats line 2's phone. */
const csv = "Phone,Pin,Name\n0722000000,1234,Ana Pop\n0722000001,12,Ion Ionescu\n0722000000,5678,Maria\n";
const csvFile = (text = csv) => new File([text], "observers.csv", { type: "text/csv" });

async function openImport(account = ORGANIZER) {
  const server = await startTestServer({ seed: twoNgosWithoutObservers });
  const app = renderApp({ features: FEATURES, path: "/observatori/import", storedToken: await server.tokenFor(account), fetch: server.fetch });
  return Object.assign(app, { server });
}

const ngoSelect = () => screen.getByRole("combobox", { name: "NGO" });
const importButton = () => screen.getByRole("button", { name: "Import" });
const checkButton = () => screen.getByRole("button", { name: "Check file" });

async function chooseFile(app: Awaited<ReturnType<typeof openImport>>, file = csvFile()) {
  await app.user.upload(screen.getByTestId("observer-import-file"), file);
}

function reportLines() {
  const report = screen.getByRole("table", { name: "Rows to correct" });
  return within(report)
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell").map((cell) => cell.textContent));
}

// Mantine's notification store outlives a test's render.
afterEach(() => notifications.clean());

describe("ObserverImport", () => {
  it("starts with the organizer's own NGO, by name, and keeps Import disabled until a file is there", async () => {
    const app = await openImport();
    expect(await screen.findByRole("heading", { level: 1, name: "Import observers" })).toBeInTheDocument();
    await waitFor(() => expect(ngoSelect()).toHaveValue("Code for Romania"));
    expect(ngoSelect()).toBeEnabled();
    expect(screen.getByRole("button", { name: "Select file" })).toBeInTheDocument();
    expect(importButton()).toBeDisabled();

    await chooseFile(app);
    await waitFor(() => expect(importButton()).toBeEnabled());
    expect(checkButton()).toBeEnabled();
  });

  it("lets an organizer find the NGO by name and choose it with the keyboard", async () => {
    const app = await openImport();
    await waitFor(() => expect(ngoSelect()).toBeEnabled());
    // From the link just before it, the Tab key reaches the select.
    act(() => screen.getByRole("link", { name: "Back" }).focus());
    await app.user.tab();
    expect(ngoSelect()).toHaveFocus();
    await app.user.keyboard("{Control>}a{/Control}asoc");
    const listbox = await screen.findByRole("listbox");
    expect(within(listbox).getAllByRole("option").map((option) => option.textContent)).toEqual(["Asociația Observatorilor"]);
    await app.user.keyboard("{ArrowDown}{Enter}");
    expect(ngoSelect()).toHaveValue("Asociația Observatorilor");

    await chooseFile(app);
    await app.user.click(await screen.findByRole("button", { name: "Check file" }));
    await screen.findByRole("table", { name: "Rows to correct" });
    expect(uploads(app.server)).toEqual([{ ngoId: "2", dryRun: "true", hasFilePart: true }]);
  });

  it("says when nothing matches the NGO search", async () => {
    const app = await openImport();
    await waitFor(() => expect(ngoSelect()).toBeEnabled());
    await app.user.click(ngoSelect());
    await app.user.keyboard("{Control>}a{/Control}nowhere");
    expect(await screen.findByText("No NGO found")).toBeInTheDocument();
  });

  it("says so when the NGOs cannot be loaded and loads them again on request", async () => {
    const server = await startTestServer({ seed: twoNgosWithoutObservers });
    server.fail("GET /api/v1/ngo", 500, "internal", 1);
    const app = renderApp({ features: FEATURES, path: "/observatori/import", storedToken: await server.tokenFor(ORGANIZER), fetch: server.fetch });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The NGOs could not be loaded (error 500). Try again.");
    expect(ngoSelect()).toBeDisabled();
    await app.user.click(within(alert).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(ngoSelect()).toHaveValue("Code for Romania"));
    expect(ngoSelect()).toBeEnabled();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("imports into a non-organizer's own NGO, without a choice and without asking for the NGOs", async () => {
    const app = await openImport(STAFF);
    expect(await screen.findByText("Observers join your own NGO.")).toBeInTheDocument();
    expect(screen.queryByRole("combobox", { name: "NGO" })).not.toBeInTheDocument();
    await chooseFile(app);
    await app.user.click(await screen.findByRole("button", { name: "Check file" }));
    await screen.findByRole("table", { name: "Rows to correct" });
    expect(uploads(app.server)).toEqual([{ ngoId: "2", dryRun: "true", hasFilePart: true }]);
    expect(app.server.count("GET /api/v1/ngo")).toBe(0);
  });

  it("previews the first rows in the browser", async () => {
    const app = await openImport();
    await chooseFile(app);
    const preview = await screen.findByRole("table", { name: "Preview of the first rows" });
    const rows = within(preview).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getAllByRole("cell").map((cell) => cell.textContent))).toEqual([
      ["2", "0722000000", "1234", "Ana Pop"],
      ["3", "0722000001", "12", "Ion Ionescu"],
      ["4", "0722000000", "5678", "Maria"],
    ]);
    expect(screen.getByText("Chosen file: observers.csv")).toBeInTheDocument();
  });

  it("checks the file with a dry run and lists the bad rows by line, without saving or alarming", async () => {
    const app = await openImport();
    await chooseFile(app);
    await app.user.click(await screen.findByRole("button", { name: "Check file" }));

    expect(await screen.findByRole("table", { name: "Rows to correct" })).toBeInTheDocument();
    expect(reportLines()).toEqual([
      ["3", "Password", "The password must be 4 to 6 digits"],
      ["4", "Phone", "This phone number appears more than once in the file"],
    ]);
    expect(uploads(app.server)).toEqual([{ ngoId: "1", dryRun: "true", hasFilePart: true }]);
    expect(await app.server.db.selectFrom("observer").select("id").execute()).toEqual([]);
    expect(screen.queryByText("Encountered error while uploading csv")).not.toBeInTheDocument();
  });

  it("imports and announces how many observers were added", async () => {
    const app = await openImport();
    await chooseFile(app, csvFile("Phone,Pin,Name\n0722000000,1234,Ana Pop\n0722000001,5678,Ion Ionescu\n"));
    await app.user.click(importButton());
    expect(await screen.findByText("2 observers have been added successfully")).toBeInTheDocument();
    expect(uploads(app.server).map(({ ngoId, dryRun }) => ({ ngoId, dryRun }))).toEqual([{ ngoId: "1", dryRun: "false" }]);
    expect(await app.server.db.selectFrom("observer").select(["ngoId", "name"]).orderBy("phone").execute()).toEqual([
      { ngoId: 1, name: "Ana Pop" },
      { ngoId: 1, name: "Ion Ionescu" },
    ]);
  });

  it("announces a refused import and shows the bad rows", async () => {
    const app = await openImport();
    await chooseFile(app);
    await app.user.click(importButton());
    expect(await screen.findByText("Encountered error while uploading csv")).toBeInTheDocument();
    expect(reportLines().map((cells) => cells[0])).toEqual(["3", "4"]);
  });

  it("says so when the server finds the file too large", async () => {
    // A file over the server's 5 MiB limit, without building one here.
    const app = await openImport();
    app.server.fail("POST /api/v1/observer/import", 413, "payload_too_large");
    await chooseFile(app);
    await app.user.click(importButton());
    expect(await screen.findByText("The file is too large: at most 5 MiB.")).toBeInTheDocument();
  });
});
