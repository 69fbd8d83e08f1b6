import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { notifications } from "@mantine/notifications";
import { renderApp } from "../../../../tests/support/render";
import { startTestServer } from "../../../../tests/support/test-server";
import { ORGANIZER, twelveForms } from "./form-list.seed";

async function openList() {
  const server = await startTestServer({ seed: twelveForms });
  const app = renderApp({ path: "/formulare", storedToken: await server.tokenFor(ORGANIZER), fetch: server.fetch });
  await screen.findByRole("rowheader", { name: "A" }, { timeout: 10_000 });
  return { server, app };
}

const fileOf = (content: unknown, name = "form.json") => new File([typeof content === "string" ? content : JSON.stringify(content)], name, { type: "application/json" });

afterEach(() => {
  notifications.clean();
  vi.restoreAllMocks();
});

describe("form files", { timeout: 60_000 }, () => {
  it("exports a form as the JSON file the server names, and imports it back under a new code as a draft", async () => {
    const { server, app } = await openList();
    const saved: Blob[] = [];
    vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      saved.push(blob as Blob);
      return "blob:form";
    });
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});

    await app.user.click(screen.getByRole("button", { name: "More actions for form A" }));
    await app.user.click(await screen.findByRole("menuitem", { name: "Export (JSON)" }));
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe("form-A.json");
    const file = JSON.parse(await saved[0]!.text()) as { code: string; formSections: { questions: { text: string }[] }[] };
    expect(file).toMatchObject({ code: "A", formSections: [{ questions: [{ text: "Did the station open on time?" }] }] });

    await app.user.click(screen.getByRole("button", { name: "Import form" }));
    const dialog = await screen.findByRole("dialog", { name: "Import a form" });
    await app.user.upload(within(dialog).getByTestId("form-import-file"), fileOf(file, "form-A.json"));
    const code = await within(dialog).findByRole("textbox", { name: /^Code of the new form/ });
    expect(code).toHaveValue("A");

    // The code is taken: the server refuses, nothing is created, the field says why.
    await app.user.click(within(dialog).getByRole("button", { name: "Import" }));
    expect(await within(dialog).findByText("Another form already has this code. Choose another code.")).toBeInTheDocument();
    await app.user.clear(code);
    await app.user.type(code, "A2");
    await app.user.click(within(dialog).getByRole("button", { name: "Import" }));

    expect(await screen.findByText("The form has been imported as a draft")).toBeInTheDocument();
    await waitFor(() => expect(app.currentPath()).toMatch(/^\/formulare\/\d+$/));
    const { formVersions } = (await server.ask("/api/v1/form", ORGANIZER)) as { formVersions: { code: string; draft: boolean }[] };
    expect(formVersions.at(-1)).toEqual(expect.objectContaining({ code: "A2", draft: true }));
  });

  it("lists every problem of a bad file by its place and imports nothing; a file that is not JSON is refused at once", async () => {
    const { server, app } = await openList();
    await app.user.click(screen.getByRole("button", { name: "Import form" }));
    const dialog = await screen.findByRole("dialog", { name: "Import a form" });

    await app.user.upload(within(dialog).getByTestId("form-import-file"), fileOf("not json at all"));
    expect(await within(dialog).findByText("This file is not a form file: it must contain a JSON object.")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Import" })).toBeDisabled();

    const bad = { code: "Z", description: "Copie", formSections: [{ code: "Z1", description: "", questions: [{ code: "Z1.1", text: "Da?", questionType: 9, optionsToQuestions: [] }] }] };
    await app.user.upload(within(dialog).getByTestId("form-import-file"), fileOf(bad));
    await app.user.click(await within(dialog).findByRole("button", { name: "Import" }));
    const problems = await within(dialog).findByRole("alert", { name: /Nothing was imported/ });
    expect(within(problems).getByText("formSections[0].description")).toBeInTheDocument();
    expect(within(problems).getByText("formSections[0].questions[0].questionType")).toBeInTheDocument();
    const { formVersions } = (await server.ask("/api/v1/form", ORGANIZER)) as { formVersions: unknown[] };
    expect(formVersions).toHaveLength(12);
  });
});
