import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { components } from "../../openapi/schema.d.ts";
import { formEditor, formList, formWordsIn, keyboardUser } from "../pages/browser/forms";
import { locate } from "../pages/browser/locate";
import { eventually } from "../pages/locators";
import { LOGIN_WORDS, loginControls } from "../pages/login";
import { productApi, type Account } from "./support/api.ts";
import { launchBrowser, openPage, seeNoAxeViolationsSoftly, withoutProvokedHttpErrors } from "./support/browser.ts";
import { signIn, toastSaying } from "./support/session.ts";

type ApiForm = components["schemas"]["Form"];
type ApiFormList = components["schemas"]["FormList"];
type FormInput = components["schemas"]["FormInput"];

const baseUrl = inject("baseUrl");
const organizer: Account = { user: "0700000001", password: "demo1234" };
/** Unique per run: the codes of the forms the journeys create carry it. */
const runTag = String(Date.now()).slice(-5);

const api = productApi(baseUrl);
const apiForms = async (token: string) => (await api.get<ApiFormList>(token, "/api/v1/form")).formVersions;
const apiForm = (token: string, id: number) => api.get<ApiForm>(token, `/api/v1/form/${id}`);

async function createForm(token: string, form: FormInput): Promise<ApiForm> {
  const response = await fetch(`${baseUrl}/api/v1/form`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(form),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as ApiForm;
}

/** What the editor holds, read from the server: sections with their question codes, and the flagged options. */
function outline(form: ApiForm) {
  return form.formSections.map((section) => ({
    code: section.code,
    questions: section.questions.map((question) => ({
      code: question.code,
      type: question.questionType,
      options: question.optionsToQuestions.map((option) => `${option.text}${option.flagged ? " (flagged)" : ""}${option.isFreeText ? " (free text)" : ""}`),
    })),
  }));
}

/** What dnd-kit's live regions say now: the announcements a screen reader reads while something is moved. */
const heard = (page: Page, words: string) => page.getByRole("status").filter({ hasText: words }).count();

/**
 * Moves the item of the focused drag handle one place up as a screen-reader user does: Space picks it up; once its
 * own place is announced, ArrowUp; once the new place is announced, Space. `name` is the item as announced
 * ("section X", "form B2"); `from` and `to` its places ("position 2 of 2.").
 */
async function dragUpByKeys(page: Page, handle: Locator, name: string, { from, to }: { from: string; to: string }) {
  await page.keyboard.press("Space");
  await eventually(() => handle.getAttribute("aria-pressed")).toBe("true");
  await eventually(() => heard(page, `${name} would move to ${from}`)).toBe(1);
  // dnd-kit's keyboard sensor starts listening for arrows in a zero-delay timer queued at the pick-up; a key no
  // person could press that soon would be lost. A zero-delay timer of our own runs after it: an order, not a sleep.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
  await page.keyboard.press("ArrowUp");
  await eventually(() => heard(page, `${name} would move to ${to}`)).toBe(1);
  await page.keyboard.press("Space");
  await eventually(() => heard(page, `${name} was dropped at ${to}`)).toBe(1);
}

/**
 * Mantine's transitions have ended (a dialog fully shown), so axe judges the colours it will stay in. Loaders
 * spin for ever (the toolbar's Publish shows one while the review is open): only finite animations count.
 */
const settled = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity).length))
    .toBe(0);

describe("the forms area in Chromium", () => {
  let browser: Browser;
  let token: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    token = await api.tokenFor(organizer);
  });
  afterAll(() => browser.close());

  // Some three hundred key presses (20 s alone on this machine): more than the 60 s default when the cores are shared.
  it("builds form B from the keyboard alone, previews, publishes it and reorders the list, which stays reordered", { timeout: 120_000 }, async () => {
    const { page, errors, context } = await openPage(browser, baseUrl);
    const keys = keyboardUser(page);
    const words = formWordsIn("en");
    const editor = formEditor(page);
    const { at, controls } = editor;
    const list = formList(page);
    const code = "B2";
    const sectionTitles = () => editor.sectionTitles();
    /** Asserts where the focus is after an action, naming what has it instead. */
    const expectFocusOn = async (locator: Locator, after: string) =>
      expect(await keys.isFocused(locator), `focus after ${after} is on ${await keys.focused()}`).toBe(true);

    // Sign in by keyboard too.
    await page.goto("/login");
    const login = loginControls(LOGIN_WORDS.en);
    await keys.tabTo(locate(page, login.account));
    await keys.type(organizer.user);
    await keys.tabTo(locate(page, login.password));
    await keys.type(organizer.password);
    await keys.press("Enter");
    await page.waitForURL("**/urgents");

    // The demo's forms A–E, and any other journey's: all on the first page, so that the new one lands there too.
    const before = (await apiForms(token)).map((form) => form.code);
    expect(before.length).toBeLessThan(10);
    const last = before.at(-1)!;
    await page.goto("/formulare");
    await list.loaded();
    await eventually(() => list.codes()).toEqual(before);
    await keys.tabTo(locate(page, { role: "link", name: words.addForm }));
    await keys.press("Enter");
    await page.waitForURL("**/formulare/nou");
    await eventually(() => editor.heading()).toBe(words.newForm);

    // The form's own fields: the title comes prefilled with the spec's text.
    await keys.tabTo(at(controls.formTitle));
    await keys.press("ControlOrMeta+A");
    await keys.type("Desfășurarea votării");
    await keys.press("Tab");
    await expectFocusOn(at(controls.formCode), "Tab from the title");
    await keys.type(code);
    expect(await editor.details()).toEqual({ title: "Desfășurarea votării", code, diaspora: false });

    /** Adds a section by keyboard: focus lands on its title, Tab goes to its code. */
    const addSection = async (title: string, sectionCode: string) => {
      await keys.tabTo(at(controls.addSection));
      await keys.press("Enter");
      const section = at(controls.section()).last();
      await eventually(() => keys.isFocused(at(controls.sectionTitle, section))).toBe(true);
      await keys.type(title);
      await keys.press("Tab");
      await expectFocusOn(at(controls.sectionCode, section), "Tab from a section title");
      await keys.type(sectionCode);
      return at(controls.section(title));
    };
    /** Adds a question at the end of `section`: focus lands on its code; its type is chosen in the select. */
    const addQuestion = async (section: Locator, questionCode: string, text: string, type?: string) => {
      await keys.tabTo(at(controls.addQuestion, section));
      await keys.press("Enter");
      const question = at(controls.question(), section).last();
      await eventually(() => keys.isFocused(at(controls.questionCode, question))).toBe(true);
      await keys.type(questionCode);
      const card = at(controls.question(questionCode));
      if (type !== undefined) {
        await keys.tabTo(at(controls.questionType, card));
        await chooseInSelect(at(controls.questionType, card), type);
      }
      await keys.tabTo(at(controls.questionText, card));
      await keys.type(text);
      return card;
    };
    /** Mantine's select: ArrowDown opens it on the current value, arrows walk the options, Enter picks. */
    const chooseInSelect = async (select: Locator, option: string) => {
      await keys.press("ArrowDown");
      const target = at(controls.typeOption(option));
      await target.waitFor();
      for (let step = 0; step < 6 && (await target.getAttribute("data-combobox-selected")) === null; step++) await keys.press("ArrowDown");
      await keys.press("Enter");
      await eventually(() => select.inputValue()).toBe(option);
    };
    /** Adds an option at the end of `question`: focus lands on its text; the switches are toggled with Space. */
    const addOption = async (question: Locator, text: string, { flagged = false, freeText = false } = {}) => {
      await keys.tabTo(at(controls.addOption, question));
      await keys.press("Enter");
      const row = at(controls.option(), question).last();
      await eventually(() => keys.isFocused(at(controls.optionText, row))).toBe(true);
      await keys.type(text);
      if (freeText) {
        await keys.tabTo(at(controls.freeText, row));
        await keys.press("Space");
      }
      if (flagged) {
        await keys.tabTo(at(controls.flagged, row));
        await keys.press("Space");
      }
    };

    // Built out of order on purpose: the section "Procesul de vot" and its question B1.1 are moved up afterwards.
    const environment = await addSection("Mediul din secție", "B2");
    const b21 = await addQuestion(environment, "B2.1", "Au existat persoane neautorizate în secție?");
    await addOption(b21, "Nu");
    await addOption(b21, "Da", { flagged: true });
    const b22 = await addQuestion(environment, "B2.2", "Ați observat transport organizat de alegători?", words.questionTypes.singleWithText);
    await addOption(b22, "Nu");
    await addOption(b22, "Da", { flagged: true });
    await addOption(b22, "Altele (precizați)", { freeText: true });

    const voting = await addSection("Procesul de vot", "B1");
    const b12 = await addQuestion(voting, "B1.2", "Ați observat persoane care au încercat să voteze de mai multe ori?");
    await addOption(b12, "Nu");
    await addOption(b12, "Da", { flagged: true });
    const b11 = await addQuestion(voting, "B1.1", "Cabinele de vot asigurau secretul votului?");

    // B1.1's options come from the predefined options dialog, written in Romanian.
    await keys.tabTo(at(controls.addPredefined, b11));
    await keys.press("Enter");
    const dialog = at(controls.predefinedDialog);
    await dialog.waitFor();
    await keys.tabTo(at(controls.checkbox(words.predefined.yes), dialog));
    await keys.press("Space");
    await keys.tabTo(at(controls.checkbox(words.predefined.no), dialog));
    await keys.press("Space");
    await keys.tabTo(at(controls.radio("English"), dialog));
    await keys.press("ArrowRight");
    expect(await at(controls.radio("Română"), dialog).isChecked()).toBe(true);
    await settled(page);
    await seeNoAxeViolationsSoftly(page, { pointer: "untouched" });
    await keys.tabTo(at(controls.add, dialog));
    await keys.press("Enter");
    await dialog.waitFor({ state: "detached" });
    await expectFocusOn(at(controls.addPredefined, b11), "the predefined options were added");
    await eventually(() => editor.options("B1.1")).toEqual([
      { text: "Da", flagged: false, isFreeText: false },
      { text: "Nu", flagged: false, isFreeText: false },
    ]);
    // "Nu" is the irregular answer of B1.1: flag it.
    await keys.tabTo(at(controls.flagged, at(controls.option(2), b11)), { backwards: true });
    await keys.press("Space");
    await eventually(async () => (await editor.options("B1.1"))[1]?.flagged).toBe(true);

    expect(await sectionTitles()).toEqual(["Mediul din secție", "Procesul de vot"]);
    expect(await editor.questionCodes(1)).toEqual(["B1.2", "B1.1"]);
    await seeNoAxeViolationsSoftly(page, { pointer: "untouched" });

    // B1.1 moves up from its ⋯ menu: arrows walk the menu, Enter chooses; the focus comes back to the menu button.
    const b11Menu = at(controls.questionActions("B1.1"));
    await keys.tabTo(b11Menu, { backwards: true });
    await keys.press("Enter");
    const moveUp = at(controls.menuItem(words.moveUp));
    await moveUp.waitFor();
    for (let step = 0; step < 6 && !(await keys.isFocused(moveUp)); step++) await keys.press("ArrowDown");
    await expectFocusOn(moveUp, "walking the question's menu");
    await keys.press("Enter");
    await eventually(() => editor.questionCodes(1)).toEqual(["B1.1", "B1.2"]);
    await eventually(() => keys.isFocused(b11Menu)).toBe(true);

    // The section "Procesul de vot" moves up by its drag handle: Space picks it up, ArrowUp, Space drops it.
    const votingHandle = at(controls.move("section", "Procesul de vot"));
    await keys.tabTo(votingHandle, { backwards: true });
    await dragUpByKeys(page, votingHandle, "section Procesul de vot", { from: "position 2 of 2.", to: "position 1 of 2." });
    await eventually(() => sectionTitles()).toEqual(["Procesul de vot", "Mediul din secție"]);
    await expectFocusOn(votingHandle, "dropping the section");

    // Undo and redo, by their shortcuts.
    await keys.press("ControlOrMeta+Z");
    await eventually(() => sectionTitles()).toEqual(["Mediul din secție", "Procesul de vot"]);
    await keys.press("ControlOrMeta+Shift+Z");
    await eventually(() => sectionTitles()).toEqual(["Procesul de vot", "Mediul din secție"]);
    expect(await editor.questionCodes(0)).toEqual(["B1.1", "B1.2"]);
    expect(await editor.questionCodes(1)).toEqual(["B2.1", "B2.2"]);
    await seeNoAxeViolationsSoftly(page, { pointer: "untouched" });

    // The preview: arrows in the tab list switch to it; choosing B1.1's flagged "Nu" says it goes to the urgent inbox.
    await keys.tabTo(at(controls.editTab), { backwards: true });
    await keys.press("ArrowRight");
    await eventually(async () => (await at(controls.previewTab).getAttribute("aria-selected")) === "true").toBe(true);
    const preview = at(controls.preview);
    await preview.waitFor();
    const previewB11 = preview.getByRole("radiogroup", { name: "B1.1. Cabinele de vot asigurau secretul votului?" });
    await keys.tabTo(previewB11.getByRole("radio", { name: "Da" }));
    await keys.press("Space");
    await eventually(() => previewB11.getByRole("radio", { name: "Da" }).isChecked()).toBe(true);
    expect(await preview.getByText(words.urgent).count()).toBe(0);
    await keys.press("ArrowDown");
    await eventually(() => previewB11.getByRole("radio", { name: "Nu" }).isChecked()).toBe(true);
    await eventually(() => preview.getByText(words.urgent).count()).toBe(1);
    await seeNoAxeViolationsSoftly(page, { pointer: "untouched" });

    // Publish, through the review of what changes.
    await keys.tabTo(at(controls.publish), { backwards: true });
    await keys.press("Enter");
    const review = at(controls.publishDialog);
    await review.waitFor();
    const confirm = at(controls.publishConfirm, review);
    await confirm.waitFor();
    await settled(page);
    await seeNoAxeViolationsSoftly(page, { pointer: "untouched" });
    await keys.tabTo(confirm);
    await keys.press("Enter");
    await toastSaying(page, words.published);
    await page.waitForURL("**/formulare");

    const created = (await apiForms(token)).find((form) => form.code === code);
    expect(created).toMatchObject({ description: "Desfășurarea votării", draft: false, diaspora: false });
    expect(outline(await apiForm(token, created!.id))).toEqual([
      {
        code: "B1",
        questions: [
          { code: "B1.1", type: 1, options: ["Da", "Nu (flagged)"] },
          { code: "B1.2", type: 1, options: ["Nu", "Da (flagged)"] },
        ],
      },
      {
        code: "B2",
        questions: [
          { code: "B2.1", type: 1, options: ["Nu", "Da (flagged)"] },
          { code: "B2.2", type: 2, options: ["Nu", "Da (flagged)", "Altele (precizați) (free text)"] },
        ],
      },
    ]);

    // The list: the new form comes last; its handle moves it one place up, and the order is saved.
    await eventually(() => list.codes()).toEqual([...before, code]);
    await eventually(() => list.isBusy()).toBe(false);
    await seeNoAxeViolationsSoftly(page, { pointer: "untouched" });
    const handle = list.handle(code);
    await keys.tabTo(handle);
    const total = before.length + 1;
    await dragUpByKeys(page, handle, `form ${code}`, { from: `position ${total} of ${total}.`, to: `position ${total - 1} of ${total}.` });
    const reordered = [...before.slice(0, -1), code, last];
    await eventually(() => list.codes()).toEqual(reordered);
    await eventually(() => list.isBusy()).toBe(false);
    await expectFocusOn(handle, "dropping the form");
    await eventually(async () => (await apiForms(token)).map((form) => form.code)).toEqual(reordered);

    await page.reload();
    await list.loaded();
    await eventually(() => list.codes()).toEqual(reordered);
    expect(await list.row(code)).toEqual({ code, title: "Desfășurarea votării", draft: false, diaspora: false });
    await seeNoAxeViolationsSoftly(page, { pointer: "untouched" });

    expect(errors).toEqual([]);
    await context.close();
  });

  it("builds a form by mouse in Romanian, keeps an unsaved change across a reload, and publishes it", async () => {
    const { page, errors, context } = await openPage(browser, baseUrl);
    const words = formWordsIn("ro");
    const editor = formEditor(page, "ro");
    const list = formList(page, "ro");
    const code = `R${runTag}`;
    await signIn(page, organizer);
    await page.evaluate(() => localStorage.setItem("language", "ro"));
    await page.goto("/formulare");
    await list.loaded();
    // The steps find every control by the catalog's Romanian words; these are checked as written.
    expect(words).toMatchObject({
      addForm: "Adaugă formular",
      newForm: "Formular nou",
      formTitle: "Titlul formularului",
      saveDraft: "Salvează ciorna",
      restore: "Restaurează modificările mele",
      publishTitle: "Publicați formularul?",
    });
    await eventually(() => list.codes()).toContain("A");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Formulare");
    await seeNoAxeViolationsSoftly(page);

    await list.addForm();
    await page.waitForURL("**/formulare/nou");
    await eventually(() => editor.heading()).toBe(words.newForm);
    expect((await editor.details())?.title).toBe("Adaugă formular nou");
    await editor.setDetails({ title: "Numărarea voturilor (probă)", code });
    await editor.addSection("Închiderea secției", "R1");
    await editor.addQuestion(0, { code: "R1.1", text: "Secția s-a închis la ora 21:00?" });
    await editor.addOption("R1.1", "Da");
    await editor.addOption("R1.1", "Nu", { flagged: true });
    await editor.addQuestion(0, { code: "R1.2", text: "Ce ați observat la închidere?", type: words.questionTypes.multipleWithText });
    await editor.addOption("R1.2", "Nimic deosebit");
    await editor.addOption("R1.2", "Altele (precizați)", { freeText: true, flagged: true });
    expect(await editor.options("R1.2")).toEqual([
      { text: "Nimic deosebit", flagged: false, isFreeText: false },
      { text: "Altele (precizați)", flagged: true, isFreeText: true },
    ]);
    await eventually(() => editor.showsUnsaved()).toBe(true);
    expect(await page.getByText("Modificări nesalvate").count()).toBe(1);
    expect(await page.getByRole("tab").allTextContents()).toEqual(["Editare", "Previzualizare"]);
    await seeNoAxeViolationsSoftly(page);

    await editor.saveDraft();
    await toastSaying(page, words.draftSaved);
    await page.waitForURL(/\/formulare\/\d+$/);
    const formId = Number(new URL(page.url()).pathname.split("/").pop());
    await eventually(() => editor.showsUnsaved()).toBe(false);
    expect(await apiForm(token, formId)).toMatchObject({ code, draft: true, description: "Numărarea voturilor (probă)" });

    // An unsaved change, then a reload: the editor offers it back, and restoring brings it back.
    const changed = "Secția s-a închis exact la ora 21:00?";
    await editor.setQuestionText("R1.1", changed);
    await eventually(() => editor.showsUnsaved()).toBe(true);
    await eventually(() => page.evaluate((key) => localStorage.getItem(key) ?? "", `formEditor.workingCopy.${formId}`)).toContain(changed);
    await page.reload();
    await editor.loaded();
    await eventually(() => editor.offersRestore()).toBe(true);
    expect(await editor.at(editor.controls.questionText, editor.at(editor.controls.question("R1.1"))).inputValue()).toBe("Secția s-a închis la ora 21:00?");
    await seeNoAxeViolationsSoftly(page);
    await editor.restore();
    await eventually(() => editor.offersRestore()).toBe(false);
    await eventually(() => editor.at(editor.controls.questionText, editor.at(editor.controls.question("R1.1"))).inputValue()).toBe(changed);
    expect(await editor.showsUnsaved()).toBe(true);

    await editor.publish();
    await toastSaying(page, words.published);
    await page.waitForURL("**/formulare");
    await eventually(() => list.row(code)).toEqual({ code, title: "Numărarea voturilor (probă)", draft: false, diaspora: false });
    const published = await apiForm(token, formId);
    expect(published.draft).toBe(false);
    expect(published.formSections[0]?.questions[0]?.text).toBe(changed);
    expect(outline(published)[0]?.questions[1]).toEqual({ code: "R1.2", type: 3, options: ["Nimic deosebit", "Altele (precizați) (flagged) (free text)"] });
    // Published, the working copy is gone: opening the form again offers nothing.
    expect(await page.evaluate((key) => localStorage.getItem(key), `formEditor.workingCopy.${formId}`)).toBeNull();

    expect(errors).toEqual([]);
    await context.close();
  });

  it("refuses a save based on an older version and explains it; keeping one's changes then saves them", async () => {
    const code = `S${runTag}`;
    const form = await createForm(token, {
      code,
      description: "Formular de probă",
      diaspora: false,
      draft: true,
      currentVersion: 1,
      formSections: [
        {
          code: "S1",
          description: "Secțiunea unu",
          questions: [{ code: "S1.1", text: "Totul în regulă?", questionType: 1, optionsToQuestions: [{ text: "Da", isFreeText: false, flagged: false }] }],
        },
      ],
    });
    const words = formWordsIn("en");
    const first = await openPage(browser, baseUrl);
    const second = await openPage(browser, baseUrl);
    for (const side of [first, second]) {
      await signIn(side.page, organizer, `/formulare/${form.id}`);
      await formEditor(side.page).loaded();
      await eventually(async () => (await formEditor(side.page).details())?.code).toBe(code);
    }
    const firstEditor = formEditor(first.page);
    const secondEditor = formEditor(second.page);

    await firstEditor.setDetails({ title: "Titlul primului organizator" });
    await firstEditor.saveDraft();
    await toastSaying(first.page, words.draftSaved);
    await eventually(() => firstEditor.showsUnsaved()).toBe(false);

    await secondEditor.setDetails({ title: "Titlul celui de-al doilea" });
    await secondEditor.saveDraft();
    await eventually(() => secondEditor.showsConflict()).toBe(true);
    expect(await second.page.getByRole("alert").filter({ hasText: words.conflictTitle }).count()).toBe(1);
    expect((await apiForm(token, form.id)).description).toBe("Titlul primului organizator");
    await seeNoAxeViolationsSoftly(second.page);

    // Keeping one's changes adopts the newer version as the base; the next save knowingly replaces it.
    await secondEditor.keepMine();
    await eventually(() => secondEditor.showsConflict()).toBe(false);
    expect(await secondEditor.details()).toMatchObject({ title: "Titlul celui de-al doilea" });
    await secondEditor.saveDraft();
    await toastSaying(second.page, words.draftSaved);
    await eventually(() => secondEditor.showsUnsaved()).toBe(false);
    const stored = await apiForm(token, form.id);
    expect(stored).toMatchObject({ description: "Titlul celui de-al doilea", currentVersion: form.currentVersion + 2, draft: true });

    expect(first.errors).toEqual([]);
    // The refused save is a 409 the browser logs; nothing else went wrong.
    expect(withoutProvokedHttpErrors(second.errors, [409])).toEqual([]);
    await first.context.close();
    await second.context.close();
  });
});
