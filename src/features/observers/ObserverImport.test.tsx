import { afterEach, describe, expect, it } from "vitest";
import { notifications } from "@mantine/notifications";
import { screen, waitFor, within } from "@testing-library/react";
import { renderApp, withAccountChecks, type FakeFetch } from "../../../tests/support/render";
import { organizerToken, staffToken } from "../../../tests/support/token.fixtures";

interface Upload {
  ngoId: string | null;
  dryRun: string | null;
  hasFilePart: boolean;
}

/**
 * Reads the multipart body as text. Under jsdom the File's bytes do not survive Node's Request (jsdom's Blob is
 * not Node's), so only the presence of the file part can be checked here; the e2e journeys check the content.
 */
function readUpload(body: string): Upload {
  const field = (name: string) => new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)`).exec(body)?.[1] ?? null;
  return { ngoId: field("ngoId"), dryRun: field("dryRun"), hasFilePart: /name="file"; filename=/.test(body) };
}

/** Plays POST /api/v1/observer/import with `answer`, recording each multipart upload. */
function importServer(answer: (upload: Upload) => Response) {
  const uploads: Upload[] = [];
  const fetch: FakeFetch = async (request) => {
    const url = new URL(request.url);
    if (request.method !== "POST" || url.pathname !== "/api/v1/observer/import") {
      return Response.json({ status: 404, code: "not_found" }, { status: 404 });
    }
    const upload = readUpload(await request.text());
    uploads.push(upload);
    return answer(upload);
  };
  return { fetch: withAccountChecks(fetch), uploads };
}

const csv = "Phone,Pin,Name\n0722000000,1234,Ana Pop\n0722000001,12,Ion Ionescu\n0722000000,5678,Maria\n";
const csvFile = () => new File([csv], "observers.csv", { type: "text/csv" });

const invalidRows = () =>
  Response.json(
    {
      type: "urn:problem:import-invalid",
      title: "The file contains invalid rows",
      status: 422,
      code: "import_invalid",
      rows: [
        { line: 3, field: "Pin", code: "pattern", message: "Pin must be 4 to 6 digits." },
        { line: 4, field: "Phone", code: "duplicate_in_file", message: "Repeated." },
        { line: 5, field: "Name", code: "something_new", message: "A reason the SPA does not know." },
      ],
    },
    { status: 422, headers: { "Content-Type": "application/problem+json" } },
  );

function openImport(server: ReturnType<typeof importServer>, token = organizerToken) {
  return renderApp({ path: "/observatori/import", storedToken: token, fetch: server.fetch });
}

const ngoField = () => screen.getByRole("textbox", { name: /^ID Ngo/ });
const importButton = () => screen.getByRole("button", { name: "Import" });
const checkButton = () => screen.getByRole("button", { name: "Check file" });

async function chooseFile(app: ReturnType<typeof openImport>, file = csvFile()) {
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
  it("keeps Import disabled until an NGO id and a file are there; an organizer may change the NGO", async () => {
    const app = openImport(importServer(() => Response.json({ count: 0, dryRun: false })));
    expect(await screen.findByRole("heading", { level: 1, name: "Import observers" })).toBeInTheDocument();
    expect(ngoField()).toHaveValue("1");
    expect(ngoField()).toBeEnabled();
    expect(screen.getByRole("button", { name: "Select file" })).toBeInTheDocument();
    expect(importButton()).toBeDisabled();

    await chooseFile(app);
    await waitFor(() => expect(importButton()).toBeEnabled());
    await app.user.clear(ngoField());
    expect(importButton()).toBeDisabled();
    expect(checkButton()).toBeDisabled();
    await app.user.type(ngoField(), "3");
    expect(importButton()).toBeEnabled();
  });

  it("fixes the NGO to the user's own for a non-organizer", async () => {
    openImport(importServer(() => Response.json({ count: 0, dryRun: false })), staffToken);
    expect(await screen.findByRole("textbox", { name: /^ID Ngo/ })).toHaveValue("2");
    expect(ngoField()).toBeDisabled();
  });

  it("previews the first rows in the browser", async () => {
    const app = openImport(importServer(() => Response.json({ count: 0, dryRun: false })));
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
    const server = importServer(invalidRows);
    const app = openImport(server);
    await chooseFile(app);
    await app.user.clear(ngoField());
    await app.user.type(ngoField(), "4");
    await app.user.click(checkButton());

    expect(await screen.findByRole("table", { name: "Rows to correct" })).toBeInTheDocument();
    expect(reportLines()).toEqual([
      ["3", "Password", "The password must be 4 to 6 digits"],
      ["4", "Phone", "This phone number appears more than once in the file"],
      ["5", "Name", "A reason the SPA does not know."],
    ]);
    expect(server.uploads).toEqual([{ ngoId: "4", dryRun: "true", hasFilePart: true }]);
    expect(screen.queryByText("Encountered error while uploading csv")).not.toBeInTheDocument();
  });

  it("imports and announces how many observers were added", async () => {
    const server = importServer(() => Response.json({ count: 2, dryRun: false }));
    const app = openImport(server);
    await chooseFile(app);
    await app.user.click(importButton());
    expect(await screen.findByText("2 observers have been added successfully")).toBeInTheDocument();
    expect(server.uploads.map(({ ngoId, dryRun }) => ({ ngoId, dryRun }))).toEqual([{ ngoId: "1", dryRun: "false" }]);
  });

  it("announces a refused import and shows the bad rows", async () => {
    const app = openImport(importServer(invalidRows));
    await chooseFile(app);
    await app.user.click(importButton());
    expect(await screen.findByText("Encountered error while uploading csv")).toBeInTheDocument();
    expect(reportLines().map((cells) => cells[0])).toEqual(["3", "4", "5"]);
  });

  it("says so when the server finds the file too large", async () => {
    const app = openImport(
      importServer(() => Response.json({ status: 413, code: "payload_too_large", title: "Payload too large" }, { status: 413 })),
    );
    await chooseFile(app);
    await app.user.click(importButton());
    expect(await screen.findByText("The file is too large: at most 5 MiB.")).toBeInTheDocument();
  });
});
