import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { notifications } from "@mantine/notifications";
import { renderApp } from "../../../../tests/support/render-app";
import { formRoutes } from "../form.routes";
import { startTestServer } from "../../../../tests/support/test-server";
import { ORGANIZER, twelveForms } from "./form-list.seed";

/** The screens this test visits. */
const FEATURES = [formRoutes];

async function openList() {
  const server = await startTestServer({ seed: twelveForms });
  const app = renderApp({ features: FEATURES, path: "/formulare", storedToken: await server.tokenFor(ORGANIZER), fetch: server.fetch });
  await screen.findByRole("rowheader", { name: "A" }, { timeout: 10_000 });
  return { server, app };
}

/** The original system's twelve form files, as a user would choose them (their source: the folder's README). */
const ORIGINAL_FILES = Object.entries(
  import.meta.glob<string>("../../../../server/test/fixtures/original-forms/*/*.json", { query: "?raw", import: "default", eager: true }),
).map(([path, text]) => ({ path: path.replace(/^.*original-forms\//, ""), text }));

interface OriginalForm {
  code: string;
  description: string;
  formSections: {
    code: string;
    description: string;
    questions: { code: string; text: string; questionType: number; optionsToQuestions: { text: string; isFreeText: boolean; isFlagged: boolean }[] }[];
  }[];
}

interface SavedForm {
  code: string;
  description: string;
  diaspora: boolean;
  draft: boolean;
  formSections: {
    code: string;
    description: string;
    questions: { code: string; text: string; questionType: number; optionsToQuestions: { text: string; isFreeText: boolean; flagged: boolean }[] }[];
  }[];
}

/** A form as the file and the server both say it: every section, question and option in order, without ids. */
const treeOf = (form: OriginalForm | SavedForm) =>
  form.formSections.map((section) => ({
    code: section.code,
    description: section.description,
    questions: section.questions.map((question) => ({
      code: question.code,
      text: question.text,
      questionType: question.questionType,
      options: question.optionsToQuestions.map((option) => ({
        text: option.text,
        isFreeText: option.isFreeText,
        flagged: "isFlagged" in option ? option.isFlagged : option.flagged,
      })),
    })),
  }));

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

    const bad = { code: "Z", description: "Copie", formSections: [{ code: " ", description: "", questions: [{ code: "Z1.1", text: "Da?", questionType: 9, optionsToQuestions: [] }] }] };
    await app.user.upload(within(dialog).getByTestId("form-import-file"), fileOf(bad));
    await app.user.click(await within(dialog).findByRole("button", { name: "Import" }));
    const problems = await within(dialog).findByRole("alert", { name: /Nothing was imported/ });
    expect(within(problems).getByText("formSections[0].code")).toBeInTheDocument();
    expect(within(problems).getByText("formSections[0].questions[0].questionType")).toBeInTheDocument();
    const { formVersions } = (await server.ask("/api/v1/form", ORGANIZER)) as { formVersions: unknown[] };
    expect(formVersions).toHaveLength(12);
  });

  it("holds the original system's twelve files", () => {
    expect(ORIGINAL_FILES.map(({ path }) => path).sort()).toEqual(
      ["forms-parser-output", "requests"].flatMap((folder) => ["EN-A", "EN-B", "EN-C", "PL-A", "PL-B", "PL-C"].map((code) => `${folder}/${code}.json`)),
    );
  });

  for (const { path, text } of ORIGINAL_FILES) {
    it(`imports the original system's ${path} as the draft it describes, and says what the import filled in`, async () => {
      const file = JSON.parse(text) as OriginalForm;
      const { server, app } = await openList();
      await app.user.click(screen.getByRole("button", { name: "Import form" }));
      const dialog = await screen.findByRole("dialog", { name: "Import a form" });
      await app.user.upload(within(dialog).getByTestId("form-import-file"), fileOf(text, path.split("/")[1]));
      expect(await within(dialog).findByRole("textbox", { name: /^Code of the new form/ })).toHaveValue(file.code);
      await app.user.click(within(dialog).getByRole("button", { name: "Import" }));

      const told = await screen.findByText("The form has been imported as a draft. The file left some things out; the import filled them in:");
      expect(within(told.parentElement!).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
        "“Only diaspora” is not in the file: imported as a national form.",
        "1 section without a title: shown by its code until you name it; it needs a title before publishing.",
      ]);
      await waitFor(() => expect(app.currentPath()).toMatch(/^\/formulare\/\d+$/));
      const saved = (await server.ask(`/api/v1/form/${app.currentPath().split("/").at(-1)}`, ORGANIZER)) as SavedForm;
      const { code, description, diaspora, draft } = saved;
      expect({ code, description, diaspora, draft, formSections: treeOf(saved) }).toEqual({
        code: file.code,
        description: file.description,
        diaspora: false,
        draft: true,
        formSections: treeOf(file),
      });
    });
  }
});
