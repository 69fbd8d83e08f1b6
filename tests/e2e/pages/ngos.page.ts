import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

/** The visible words the NGO helpers look for, in the language the page is shown in. */
export interface NgoLabels {
  ngos: string;
  addNgo: string;
  editNgo: string;
  name: string;
  shortName: string;
  organizer: string;
  active: string;
  save: string;
  edit: string;
  delete: string;
  makeInactive: string;
  moreActionsFor: (name: string) => string;
  isActive: (name: string) => string;
  isOrganizer: (name: string) => string;
}

export const NGO_ENGLISH: NgoLabels = {
  ngos: "NGOs",
  addNgo: "Add NGO",
  editNgo: "Edit NGO",
  name: "Name",
  shortName: "Short name",
  organizer: "Organizer",
  active: "Active",
  save: "Save",
  edit: "Edit",
  delete: "Delete",
  makeInactive: "Make inactive",
  moreActionsFor: (name) => `More actions for ${name}`,
  isActive: (name) => `${name} is active`,
  isOrganizer: (name) => `${name} is an organizer`,
};

/** From src/locales/ro/messages.po. */
export const NGO_ROMANIAN: NgoLabels = {
  ngos: "ONG-uri",
  addNgo: "Adaugă ONG",
  editNgo: "Editează ONG",
  name: "Nume",
  shortName: "Denumire scurtă",
  organizer: "Organizator",
  active: "Activ",
  save: "Salvează",
  edit: "Editează",
  delete: "Șterge",
  makeInactive: "Dezactivează",
  moreActionsFor: (name) => `Mai multe acțiuni pentru ${name}`,
  isActive: (name) => `${name} este activ`,
  isOrganizer: (name) => `${name} este organizator`,
};

/** Page-object helpers for /ong, the NGO profile (/ong/new, /ong/edit/:id) and its admin accounts. */
export class NgosPage {
  constructor(
    readonly page: Page,
    readonly labels: NgoLabels = NGO_ENGLISH,
  ) {}

  // ---- the list

  get navigationLink(): Locator {
    return this.page.getByRole("navigation").getByRole("link", { name: this.labels.ngos, exact: true });
  }

  get table(): Locator {
    return this.page.getByRole("table", { name: this.labels.ngos });
  }

  row(name: string): Locator {
    return this.table.locator("tbody tr").filter({ has: this.page.getByRole("rowheader", { name, exact: true }) });
  }

  async clickNgosLink() {
    await this.navigationLink.click();
    await this.page.waitForURL("**/ong");
    await this.seeListLoaded();
  }

  /** The title, and the table with no load pending. */
  async seeListLoaded() {
    await this.page.getByRole("heading", { level: 1, name: new RegExp(`^${this.labels.ngos}`) }).waitFor();
    await this.page.getByTestId("list-loading").waitFor({ state: "detached" });
    await expect.poll(() => this.table.getAttribute("aria-busy")).not.toBe("true");
  }

  /** The number in the title: "(N)". */
  async seeTotal(): Promise<number> {
    const text = (await this.page.getByTestId("ngo-total").textContent()) ?? "";
    return Number(/\((\d+)\)/.exec(text)?.[1] ?? Number.NaN);
  }

  activeCheckbox(name: string): Locator {
    return this.row(name).getByRole("checkbox", { name: this.labels.isActive(name), exact: true });
  }

  organizerCheckbox(name: string): Locator {
    return this.row(name).getByRole("checkbox", { name: this.labels.isOrganizer(name), exact: true });
  }

  async clickAddNgo() {
    await this.page.getByRole("link", { name: this.labels.addNgo }).click();
    await this.page.waitForURL("**/ong/new");
    await this.page.getByRole("heading", { level: 1, name: this.labels.addNgo }).waitFor();
  }

  /** Opens the NGO's profile in edit mode from its row; answers its id. */
  async clickEdit(name: string): Promise<number> {
    await this.row(name).getByRole("link", { name: this.labels.edit }).click();
    await this.page.waitForURL("**/ong/edit/*");
    await this.page.getByRole("heading", { level: 1, name: this.labels.editNgo }).waitFor();
    await expect.poll(() => this.form.name.inputValue()).toBe(name);
    return Number(new URL(this.page.url()).pathname.split("/").pop());
  }

  async clickRowAction(name: string, action: string) {
    await this.row(name).getByRole("button", { name: this.labels.moreActionsFor(name) }).click();
    await this.page.getByRole("menuitem", { name: action }).click();
    await this.page.getByRole("menu").waitFor({ state: "detached" });
  }

  /** The confirmation modal is open and every transition on the page has ended (axe misjudges fading colours). */
  async seeModalSettled(): Promise<Locator> {
    const dialog = this.page.getByRole("dialog");
    await dialog.waitFor();
    await expect.poll(() => this.page.evaluate(() => document.getAnimations().length)).toBe(0);
    return dialog;
  }

  // ---- the profile form

  get form() {
    return {
      name: this.page.getByRole("textbox", { name: this.labels.name, exact: true }),
      shortName: this.page.getByRole("textbox", { name: this.labels.shortName, exact: true }),
      organizer: this.page.getByRole("checkbox", { name: this.labels.organizer, exact: true }),
      active: this.page.getByRole("checkbox", { name: this.labels.active, exact: true }),
      save: this.page.getByRole("button", { name: this.labels.save, exact: true }),
    };
  }

  async fillProfile({ name, shortName }: { name: string; shortName: string }) {
    await this.form.name.fill(name);
    await this.form.shortName.fill(shortName);
  }

  // ---- the admin accounts (English only: the journey adds them in English)

  get adminForm(): Locator {
    return this.page.getByRole("form", { name: "Add an admin account" });
  }

  get adminTable(): Locator {
    return this.page.getByRole("region", { name: "Admin accounts" }).getByRole("table");
  }

  async addAdmin(account: string, password: string) {
    await this.adminForm.getByRole("textbox", { name: "Account" }).fill(account);
    // The label reads "Password *": the asterisk marks it required.
    await this.adminForm.getByLabel(/^Password( \*)?$/).fill(password);
    const add = this.adminForm.getByRole("button", { name: "Add", exact: true });
    await expect.poll(() => add.isEnabled()).toBe(true);
    await add.click();
  }

  async seeAdminAccounts(): Promise<string[]> {
    return (await this.adminTable.getByRole("rowheader").allTextContents()).map((account) => account.trim());
  }
}
