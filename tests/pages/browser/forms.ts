import type { Locator, Page } from "playwright-core";
import type { Locale } from "../../../src/shared/i18n/locales";
import { formEditorControls, formListControls, formWords, type FormEditor, type FormList } from "../forms";
import type { Target } from "../locators";
import { catalogSay } from "./forms-catalog";
import { isThere, locate, textOf, textsOf } from "./locate";

export const formWordsIn = (locale: Locale) => formWords(catalogSay(locale));

export function formList(page: Page, locale: Locale = "en"): FormList & { handle(code: string): Locator; loaded(): Promise<void> } {
  const controls = formListControls(formWordsIn(locale));
  const at = (target: Target, scope: Page | Locator = page) => locate(scope, target);
  const table = () => at(controls.table);
  const rowOf = (code: string) => table().locator("tbody tr").filter({ has: at(controls.rowHeader(code)) });

  return {
    handle: (code) => at(controls.handle(code)),
    /** Waits (up to Playwright's 30 s, for a busy machine) until the table is on screen. */
    loaded: () => table().waitFor(),
    codes: () => textsOf(at(controls.rowHeader(), table())),
    async row(code) {
      const row = rowOf(code);
      if (!(await isThere(row))) return null;
      return {
        code,
        // The cells after the row header: title, then the diaspora and draft icons.
        title: (await textOf(row.locator("td").nth(2))) ?? "",
        draft: await isThere(at(controls.draftIcon, row)),
        diaspora: await isThere(at(controls.diasporaIcon, row)),
      };
    },
    isBusy: async () =>
      (await isThere(at(controls.loading))) ||
      (await isThere(at(controls.savingOrder))) ||
      ((await isThere(table())) && (await table().getAttribute("aria-busy")) === "true"),

    addForm: () => at(controls.addForm).click(),
    editRow: (code) => at(controls.edit, rowOf(code)).click(),
    async chooseRowAction(code, action) {
      await at(controls.rowMenu(code)).click();
      await at(controls.menuItem(action)).click();
      await at({ role: "menu" }).waitFor({ state: "detached" });
    },
  };
}

export interface QuestionDraftInput {
  code: string;
  text: string;
  /** The type's words, as the select shows them; single choice when left out. */
  type?: string;
}

/** The editor driven by pointer (the gestures) and read as anyone would (the readings). */
export function formEditor(page: Page, locale: Locale = "en") {
  const controls = formEditorControls(formWordsIn(locale));
  const at = (target: Target, scope: Page | Locator = page) => locate(scope, target);
  const sections = () => at(controls.section());
  const questionOf = (code: string) => at(controls.question(code));
  const values = (locator: Locator) => locator.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));

  const reading: FormEditor = {
    heading: () => textOf(at(controls.heading)),
    details: async () =>
      !(await isThere(at(controls.formCode)))
        ? null
        : {
            title: await at(controls.formTitle).inputValue(),
            code: await at(controls.formCode).inputValue(),
            diaspora: await at(controls.onlyDiaspora).isChecked(),
          },
    sectionTitles: () => values(at(controls.sectionTitle, sections())),
    questionCodes: (section) => values(at(controls.questionCode, sections().nth(section))),
    async options(question) {
      const rows = at(controls.option(), questionOf(question));
      const result = [];
      for (let index = 0; index < (await rows.count()); index++) {
        const row = rows.nth(index);
        result.push({
          text: await at(controls.optionText, row).inputValue(),
          flagged: await at(controls.flagged, row).isChecked(),
          isFreeText: await at(controls.freeText, row).isChecked(),
        });
      }
      return result;
    },
    offersRestore: () => isThere(at(controls.restoreOffer)),
    showsConflict: () => isThere(at(controls.conflict)),
    showsUnsaved: () => isThere(at(controls.unsaved)),
  };

  return {
    ...reading,
    controls,
    at,
    /** Waits (up to Playwright's 30 s, for a busy machine) until the form is loaded and its fields are on screen. */
    loaded: () => at(controls.formCode).waitFor(),
    async setDetails({ title, code }: { title?: string; code?: string }) {
      if (title !== undefined) await at(controls.formTitle).fill(title);
      if (code !== undefined) await at(controls.formCode).fill(code);
    },
    /** Adds a section at the end and names it. */
    async addSection(title: string, code: string) {
      await at(controls.addSection).click();
      const section = sections().last();
      await at(controls.sectionTitle, section).fill(title);
      await at(controls.sectionCode, section).fill(code);
    },
    /** Adds a question at the end of the section at `section` (0-based). */
    async addQuestion(section: number, { code, text, type }: QuestionDraftInput) {
      const card = sections().nth(section);
      await at(controls.addQuestion, card).click();
      const question = at(controls.question(), card).last();
      await at(controls.questionCode, question).fill(code);
      await at(controls.questionText, questionOf(code)).fill(text);
      if (type !== undefined) {
        await at(controls.questionType, questionOf(code)).click();
        await at(controls.typeOption(type)).click();
      }
    },
    async addOption(question: string, text: string, { flagged = false, freeText = false } = {}) {
      const card = questionOf(question);
      await at(controls.addOption, card).click();
      const row = at(controls.option(), card).last();
      await at(controls.optionText, row).fill(text);
      if (flagged) await at(controls.flagged, row).check();
      if (freeText) await at(controls.freeText, row).check();
    },
    setQuestionText: (question: string, text: string) => at(controls.questionText, questionOf(question)).fill(text),
    saveDraft: () => at(controls.saveDraft).click(),
    /** Publish, then the review dialog's own Publish. */
    async publish() {
      await at(controls.publish).click();
      const dialog = at(controls.publishDialog);
      await at(controls.publishConfirm, dialog).click();
    },
    restore: () => at(controls.restore).click(),
    keepMine: () => at(controls.keepMine).click(),
  };
}

/** A keyboard-only user: focus moves by Tab and Shift+Tab only, never by a programmatic focus or a click. */
export function keyboardUser(page: Page) {
  const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement).catch(() => false);
  return {
    isFocused,
    /** What has the focus, as a screen reader would name it (for failure messages). */
    focused: () =>
      page.evaluate(() => {
        const element = document.activeElement;
        if (!element) return "nothing";
        const label = element.getAttribute("aria-label") ?? (element as HTMLInputElement).labels?.[0]?.textContent ?? element.textContent;
        return `${element.tagName.toLowerCase()} "${(label ?? "").trim().slice(0, 60)}"`;
      }),
    /** Tabs (forward, or back) until `locator` has the focus; fails after `limit` presses. */
    async tabTo(locator: Locator, { backwards = false, limit = 80 } = {}) {
      for (let presses = 0; presses < limit; presses++) {
        if (await isFocused(locator)) return;
        await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
      }
      if (!(await isFocused(locator))) throw new Error(`${limit} presses of ${backwards ? "Shift+Tab" : "Tab"} never reached ${locator.toString()}`);
    },
    press: (key: string) => page.keyboard.press(key),
    type: (text: string) => page.keyboard.type(text),
  };
}
