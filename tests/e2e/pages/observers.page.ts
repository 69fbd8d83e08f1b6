import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

/** The visible words the helpers look for, in the language the page is shown in. */
export interface ObserverLabels {
  observers: string;
  name: string;
  phone: string;
  password: string;
  filter: string;
  reset: string;
  search: string;
  addObserver: string;
  save: string;
}

export const ENGLISH: ObserverLabels = {
  observers: "Observers",
  name: "Name",
  phone: "Phone",
  password: "Password",
  filter: "Filter",
  reset: "Reset",
  search: "Search observers",
  addObserver: "Add observer",
  save: "Save",
};

/** From src/locales/ro/messages.po. */
export const ROMANIAN: ObserverLabels = {
  observers: "Observatori",
  name: "Nume",
  phone: "Telefon",
  password: "Parolă",
  filter: "Filtrează",
  reset: "Resetează",
  search: "Caută observatori",
  addObserver: "Adaugă observator",
  save: "Salvează",
};

/** Page-object helpers for /observatori, its profile pages, its modals and /observatori/import. */
export class ObserversPage {
  constructor(
    readonly page: Page,
    readonly labels: ObserverLabels = ENGLISH,
  ) {}

  // ---- the list

  get table(): Locator {
    return this.page.getByRole("table", { name: this.labels.observers });
  }

  get rows(): Locator {
    return this.table.locator("tbody tr");
  }

  get searchForm(): Locator {
    return this.page.getByRole("search", { name: this.labels.search });
  }

  row(name: string): Locator {
    return this.rows.filter({ has: this.page.getByRole("rowheader", { name, exact: true }) });
  }

  async clickObserversLink() {
    await this.page.getByRole("navigation").getByRole("link", { name: this.labels.observers, exact: true }).click();
    await this.page.waitForURL("**/observatori");
    await this.seeListLoaded();
  }

  /** The title, and the first page of rows with no load pending. */
  async seeListLoaded() {
    await this.page.getByRole("heading", { level: 1, name: new RegExp(`^${this.labels.observers}`) }).waitFor();
    await this.seeListSettled();
  }

  /** No load pending (callers first wait for what the load changes: the count, the first row...). */
  async seeListSettled() {
    await this.page.getByTestId("list-loading").waitFor({ state: "detached" });
  }

  /** The number in the title: "(N)". */
  async seeTotal(): Promise<number> {
    const text = (await this.page.getByTestId("observer-total").textContent()) ?? "";
    return Number(/\((\d+)\)/.exec(text)?.[1] ?? Number.NaN);
  }

  async seeNames(): Promise<string[]> {
    return (await this.table.getByRole("rowheader").allTextContents()).map((name) => name.trim());
  }

  async seeFirstName(): Promise<string | null> {
    const names = await this.seeNames();
    return names[0] ?? null;
  }

  async seeFirstPhone(): Promise<string> {
    return ((await this.rows.first().locator("td").nth(1).textContent()) ?? "").trim();
  }

  async fillFilter({ name = "", phone = "" }: { name?: string; phone?: string }) {
    await this.searchForm.getByLabel(this.labels.name).fill(name);
    await this.searchForm.getByLabel(this.labels.phone).fill(phone);
  }

  async clickFilter() {
    await this.searchForm.getByRole("button", { name: this.labels.filter }).click();
  }

  async clickResetFilter() {
    await this.searchForm.getByRole("button", { name: this.labels.reset }).click();
  }

  /** Filters and waits until the title's count is `expected`. */
  async filterBy(filter: { name?: string; phone?: string }, expected: number) {
    await this.fillFilter(filter);
    await this.clickFilter();
    await expect.poll(() => this.seeTotal()).toBe(expected);
    await this.seeListSettled();
  }

  async clickSortByName() {
    await this.table.getByRole("columnheader", { name: this.labels.name }).getByRole("button").click();
  }

  async seeNameSort(): Promise<string | null> {
    return this.table.getByRole("columnheader", { name: this.labels.name }).getAttribute("aria-sort");
  }

  async clickAddObserver() {
    await this.page.getByRole("link", { name: this.labels.addObserver }).click();
    await this.page.waitForURL("**/observatori/profil/new");
  }

  async clickEdit(name: string) {
    await this.row(name).getByRole("link", { name: "Edit" }).click();
    await this.page.waitForURL("**/observatori/profil/edit/*");
  }

  async clickRowAction(name: string, action: string) {
    await this.row(name).getByRole("button", { name: `More actions for ${name}` }).click();
    await this.page.getByRole("menuitem", { name: action }).click();
  }

  async clickSelect(name: string) {
    await this.page.getByRole("checkbox", { name: `Select ${name}` }).check();
  }

  get selectionBar(): Locator {
    return this.page.getByTestId("selection-bar");
  }

  // ---- the profile form

  get form() {
    return {
      name: this.page.getByRole("textbox", { name: this.labels.name }),
      phone: this.page.getByRole("textbox", { name: this.labels.phone }),
      // The label reads "Password *" when required.
      pin: this.page.getByLabel(new RegExp(`^${this.labels.password}( \\*)?$`)),
    };
  }

  async fillProfile({ name, phone, pin }: { name?: string; phone?: string; pin?: string }) {
    if (name !== undefined) await this.form.name.fill(name);
    if (phone !== undefined) await this.form.phone.fill(phone);
    if (pin !== undefined) await this.form.pin.fill(pin);
  }

  async clickSave() {
    await this.page.getByRole("button", { name: this.labels.save }).click();
  }

  // ---- modals, toasts, import

  get dialog(): Locator {
    return this.page.getByRole("dialog");
  }

  /** The modal has finished its opening transition (axe misjudges colours while it fades in). */
  async seeModalOpen(): Promise<Locator> {
    await this.dialog.waitFor();
    await expect.poll(() => this.dialog.evaluate((dialog) => dialog.getAnimations().length + Number(getComputedStyle(dialog).opacity !== "1"))).toBe(0);
    return this.dialog;
  }

  async seeToast(text: string) {
    await this.page.getByRole("alert").filter({ hasText: text }).first().waitFor();
  }

  async clickImport() {
    await this.page.getByRole("link", { name: "Import" }).click();
    await this.page.getByRole("heading", { name: "Import observers" }).waitFor();
  }

  /** Hands a CSV to the dropzone's hidden file input and waits for its preview. */
  async chooseCsv(name: string, lines: string[]) {
    await this.page.setInputFiles("input[type=file]", { name, mimeType: "text/csv", buffer: Buffer.from(lines.join("\n") + "\n") });
    await this.page.getByText(`Chosen file: ${name}`).waitFor();
    await this.page.getByRole("heading", { name: "Preview of the first rows" }).waitFor();
  }

  get importReport(): Locator {
    return this.page.getByRole("table", { name: "Rows to correct" });
  }

  /** The report's rows as [line, column, problem]. */
  async seeImportReport(): Promise<string[][]> {
    const rows = await this.importReport.locator("tbody tr").all();
    return Promise.all(rows.map(async (row) => (await row.locator("td").allTextContents()).map((cell) => cell.trim())));
  }
}
