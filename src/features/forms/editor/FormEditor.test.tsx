import { afterEach, describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { notifications } from "@mantine/notifications";
import { renderApp } from "../../../../tests/support/render-app";
import { formRoutes } from "../form.routes";
import { startTestServer } from "../../../../tests/support/test-server";
import { workingCopyKey } from "./form-editor.actors";

/** The screens this test visits. */
const FEATURES = [formRoutes];

const ORGANIZER = "0700000001";

async function openEditor(path: string) {
  const server = await startTestServer({ seed: "demo" });
  const app = renderApp({ features: FEATURES, path, storedToken: await server.tokenFor(ORGANIZER), fetch: server.fetch });
  return { server, app };
}

const field = (name: RegExp | string, within_: HTMLElement = document.body) => within(within_).getByRole("textbox", { name });
const formIdOfPath = (path: string) => Number(/\/formulare\/(\d+)$/.exec(path)?.[1]);

afterEach(() => {
  localStorage.clear();
  notifications.clean();
});

/** The first paint of a whole form: the lazy page, its load and some hundred Mantine fields, on a busy jsdom. */
const FIRST_PAINT = { timeout: 20_000 };

describe("the form editor", { timeout: 60_000 }, () => {
  it("refuses an incomplete form with every problem listed, then builds, saves and keeps editing the same session", async () => {
    const { server, app } = await openEditor("/formulare/nou");
    expect(await screen.findByRole("heading", { level: 1, name: "New form" }, FIRST_PAINT)).toBeInTheDocument();
    expect(field(/^Form title/)).toHaveValue("Adaugă formular nou");

    await app.user.click(screen.getByRole("button", { name: "Save draft" }));
    const summary = await screen.findByRole("alert", { name: /cannot be saved yet/ });
    expect(within(summary).getByRole("button", { name: "Form code: Required" })).toBeInTheDocument();
    expect(within(summary).getByRole("button", { name: "Sections: A form needs at least one section" })).toBeInTheDocument();
    expect(server.writes()).toEqual([]);

    // Fixing a problem takes it off the list at once.
    await app.user.type(field(/^Form code/), "Z");
    expect(within(summary).queryByRole("button", { name: "Form code: Required" })).not.toBeInTheDocument();

    await app.user.click(screen.getByRole("button", { name: "Add section" }));
    await waitFor(() => expect(field(/^Section title/)).toHaveFocus());
    await app.user.keyboard("Sosire");
    await app.user.type(field(/^Section code/), "Z1");
    await app.user.click(screen.getByRole("button", { name: "Add question" }));
    await waitFor(() => expect(field(/^Question code/)).toHaveFocus());
    await app.user.keyboard("Z1.1");
    await app.user.type(field(/^Question text/), "Ați intrat în secție?");
    await app.user.click(screen.getByRole("button", { name: "Add option" }));
    await waitFor(() => expect(field(/^Option text/)).toHaveFocus());
    await app.user.keyboard("Nu");
    await app.user.click(screen.getByRole("switch", { name: "Flagged (urgent)" }));
    expect(screen.queryByRole("alert", { name: /cannot be saved yet/ })).not.toBeInTheDocument();

    // Undo takes back the last step (the flag), redo gives it back; typing in one field is one step.
    await app.user.keyboard("{Control>}z{/Control}");
    expect(screen.getByRole("switch", { name: "Flagged (urgent)" })).not.toBeChecked();
    await app.user.keyboard("{Control>}{Shift>}z{/Shift}{/Control}");
    expect(screen.getByRole("switch", { name: "Flagged (urgent)" })).toBeChecked();

    await app.user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByText("The draft has been saved")).toBeInTheDocument();
    await waitFor(() => expect(app.currentPath()).toMatch(/^\/formulare\/\d+$/));
    const saved = (await server.ask(`/api/v1/form/${formIdOfPath(app.currentPath())}`, ORGANIZER)) as {
      draft: boolean;
      formSections: { code: string; questions: { code: string; optionsToQuestions: { text: string; flagged: boolean }[] }[] }[];
    };
    expect(saved.draft).toBe(true);
    expect(saved.formSections).toMatchObject([{ code: "Z1", questions: [{ code: "Z1.1", optionsToQuestions: [{ text: "Nu", flagged: true }] }] }]);

    // The same editing session goes on at the form's own address: undo still reaches the edits made before saving.
    expect(screen.getByRole("button", { name: "Undo" })).toBeEnabled();
    expect(screen.getByRole("heading", { level: 1, name: "Edit form" })).toBeInTheDocument();
    expect(server.count("GET /api/v1/form/*")).toBe(0);
  });

  it("moves a question from the keyboard and announces it", async () => {
    const { app } = await openEditor("/formulare/1");
    const menu = await screen.findByRole("button", { name: "Actions for question A1.1" }, FIRST_PAINT);
    await app.user.click(menu);
    await app.user.click(await screen.findByRole("menuitem", { name: "Move down" }));
    const questions = within(screen.getByRole("region", { name: /Section Pregătirea secției/ })).getAllByRole("group", { name: /^Question / });
    expect(questions.slice(0, 2).map((question) => question.getAttribute("aria-label"))).toEqual(["Question A1.2", "Question A1.1"]);
    await waitFor(() => expect(screen.getByText("Question A1.1 moved to position 2 of 4.")).toBeInTheDocument());
    // Screen readers list the page by its headings: the sections come right under the title, no level skipped.
    const levels = screen.getAllByRole("heading").map((heading) => Number(heading.tagName.slice(1)));
    expect(levels.every((level, index) => index === 0 || level <= levels[index - 1]! + 1)).toBe(true);
  });

  it("reviews a publication with the answers it touches, and explains the server's refusal, keeping every edit", async () => {
    const { server, app } = await openEditor("/formulare/1");
    const question = await screen.findByRole("group", { name: "Question A1.1" }, FIRST_PAINT);
    // Folded or not, the question's menu deletes it without asking: undo is the safety net.
    await app.user.click(within(question).getByRole("button", { name: "Actions for question A1.1" }));
    await app.user.click(await screen.findByRole("menuitem", { name: "Delete question" }));
    expect(screen.queryByRole("group", { name: "Question A1.1" })).not.toBeInTheDocument();

    // The review counts the answers the removal would orphan and holds publishing back.
    await app.user.click(screen.getByRole("button", { name: "Publish changes" }));
    const dialog = await screen.findByRole("dialog", { name: "Publish this form?" });
    expect(await within(dialog).findByText("The server will refuse to publish this")).toBeInTheDocument();
    expect(within(dialog).getByText(/Ați avut acces în secția de votare/)).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: /^Publish/ })).toBeDisabled();
    await app.user.click(within(dialog).getByRole("button", { name: "Cancel" }));

    // Saved as a draft, the server refuses the removal and says why; every edit stays.
    await app.user.click(screen.getByRole("button", { name: "Save draft" }));
    await app.user.click(await screen.findByRole("button", { name: "Save as draft" }));
    expect(await screen.findByRole("alert", { name: "Not saved" })).toHaveTextContent(/already answered/);
    expect(screen.queryByRole("group", { name: "Question A1.1" })).not.toBeInTheDocument();
    expect(server.writes()).toHaveLength(1);
    await app.user.click(screen.getByRole("button", { name: "Undo" }));
    expect(await screen.findByRole("group", { name: "Question A1.1" })).toBeInTheDocument();
  });

  it("offers back the work a closed tab left, and restores it as one undoable step", async () => {
    const server = await startTestServer({ seed: "demo" });
    const form = (await server.ask("/api/v1/form/1", ORGANIZER)) as { currentVersion: number };
    localStorage.setItem(
      workingCopyKey(1),
      JSON.stringify({ baseVersion: form.currentVersion, document: { code: "A", description: "Deschiderea (ciornă)", diaspora: false, sections: [] } }),
    );
    const app = renderApp({ features: FEATURES, path: "/formulare/1", storedToken: await server.tokenFor(ORGANIZER), fetch: server.fetch });
    const offer = await screen.findByRole("status", { name: "Unsaved work found" }, FIRST_PAINT);
    expect(field(/^Form title/)).toHaveValue("Deschiderea secției de votare");
    await app.user.click(within(offer).getByRole("button", { name: "Restore my changes" }));
    expect(field(/^Form title/)).toHaveValue("Deschiderea (ciornă)");
    await app.user.click(screen.getByRole("button", { name: "Undo" }));
    expect(field(/^Form title/)).toHaveValue("Deschiderea secției de votare");
  });

  it("tells the user when another organizer saved first, and saves their edits over it only when asked", async () => {
    const { server, app } = await openEditor("/formulare/2");
    const title = await screen.findByRole("textbox", { name: /^Form title/ }, FIRST_PAINT);
    await app.user.type(title, " (mine)");
    await server.db.updateTable("form").set({ currentVersion: 9 }).where("id", "=", 2).execute();

    await app.user.click(screen.getByRole("button", { name: "Save draft" }));
    await app.user.click(await screen.findByRole("button", { name: "Save as draft" }));
    const notice = await screen.findByRole("alert", { name: "Someone else saved this form" });
    expect(title).toHaveValue("Desfășurarea votării (mine)");
    await app.user.click(within(notice).getByRole("button", { name: "Keep my changes" }));
    await waitFor(() => expect(screen.queryByRole("alert", { name: "Someone else saved this form" })).not.toBeInTheDocument());
    await app.user.click(screen.getByRole("button", { name: "Publish changes" }));
    const dialog = await screen.findByRole("dialog", { name: "Publish this form?" });
    await app.user.click(await within(dialog).findByRole("button", { name: /Publish/ }));
    expect(await screen.findByText("The form has been published")).toBeInTheDocument();
    await waitFor(() => expect(app.currentPath()).toBe("/formulare"));
    const saved = (await server.ask("/api/v1/form/2", ORGANIZER)) as { description: string; currentVersion: number };
    expect(saved).toMatchObject({ description: "Desfășurarea votării (mine)", currentVersion: 10 });
  });

  it("saves a draft whose section has no title, showing the section by its code, and asks for the title only before publishing", async () => {
    const server = await startTestServer({ seed: "demo" });
    // A form as the import makes it from the original system's files: its one section untitled.
    const form = await server.db.insertInto("form").values({ code: "EN-A", description: "EN-A", draft: true, displayOrder: 99 }).returning("id").executeTakeFirstOrThrow();
    const section = await server.db.insertInto("formSection").values({ formId: form.id, code: "A", description: "", orderNumber: 1 }).returning("id").executeTakeFirstOrThrow();
    const question = await server.db
      .insertInto("question")
      .values({ sectionId: section.id, code: "1", text: "Did the PEC count the received ballot papers?", questionType: 1, orderNumber: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await server.db.insertInto("questionOption").values({ questionId: question.id, text: "Yes", orderNumber: 1 }).execute();
    const app = renderApp({ features: FEATURES, path: `/formulare/${form.id}`, storedToken: await server.tokenFor(ORGANIZER), fetch: server.fetch });

    const shown = await screen.findByRole("region", { name: "Section A" }, FIRST_PAINT);
    expect(within(shown).getByRole("heading", { name: "Section A" })).toBeInTheDocument();
    expect(field(/^Section title/, shown)).toHaveValue("");

    await app.user.click(screen.getByRole("button", { name: "Publish" }));
    const summary = await screen.findByRole("alert", { name: "The form cannot be published yet: 1 problem" });
    expect(within(summary).getAllByRole("button").map((link) => link.textContent)).toEqual(["Section A, title: Required before publishing"]);
    expect(screen.queryByRole("dialog", { name: "Publish this form?" })).not.toBeInTheDocument();

    await app.user.type(field(/^Question text/, shown), " (all of them)");
    await app.user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByText("The draft has been saved")).toBeInTheDocument();
    expect(screen.queryByRole("alert", { name: /cannot be published yet/ })).not.toBeInTheDocument();
    type Saved = { draft: boolean; formSections: { description: string; questions: { text: string }[] }[] };
    const draft = (await server.ask(`/api/v1/form/${form.id}`, ORGANIZER)) as Saved;
    expect(draft).toMatchObject({ draft: true, formSections: [{ description: "", questions: [{ text: "Did the PEC count the received ballot papers? (all of them)" }] }] });

    await app.user.type(field(/^Section title/, shown), "Opening");
    expect(await screen.findByRole("region", { name: "Section Opening" })).toBeInTheDocument();
    await app.user.click(screen.getByRole("button", { name: "Publish" }));
    const dialog = await screen.findByRole("dialog", { name: "Publish this form?" });
    await app.user.click(await within(dialog).findByRole("button", { name: /Publish/ }));
    expect(await screen.findByText("The form has been published")).toBeInTheDocument();
    const published = (await server.ask(`/api/v1/form/${form.id}`, ORGANIZER)) as Saved;
    expect(published).toMatchObject({ draft: false, formSections: [{ description: "Opening" }] });
  });
});
