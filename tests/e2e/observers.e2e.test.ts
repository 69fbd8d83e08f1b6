import { readFile } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Locale } from "../../src/shared/i18n/locales";
import { confirmDialog } from "../pages/browser/common";
import { appHeader } from "../pages/browser/header";
import { observerList } from "../pages/browser/observer-list";
import { observerProfile } from "../pages/browser/observer-profile";
import { DELETE_DIALOG_WORDS } from "../pages/common";
import { eventually } from "../pages/locators";
import type { ObserverList } from "../pages/observer-list";
import { OBSERVER_PROFILE_WORDS } from "../pages/observer-profile";
import { observerImport } from "./support/observer-import.ts";
import { openList, signIn, toastSaying, waitForList } from "./support/session.ts";
import { productApi, type Account, type ApiObserver } from "./support/api.ts";
import { launchBrowser, openPage, seeNoAxeViolationsSoftly, withoutProvokedHttpErrors } from "./support/browser.ts";

const baseUrl = inject("baseUrl");
const organizer: Account = { user: "0700000001", password: "demo1234" };
const partnerAdmin: Account = { user: "0700000002", password: "demo1234" };

/** Unique per run (the seed's observers use 0721…): phone n of this run is 079<tag><n>. */
const runTag = String(Date.now()).slice(-6);
const phoneOf = (n: number) => `079${runTag}${n}`;

const api = productApi(baseUrl);
const tokenFor = api.tokenFor;

const apiCount = async (token: string, query: Record<string, string | number> = {}) =>
  (await api.get<{ count: number }>(token, "/api/v1/observer/count", query)).count;

const apiList = async (token: string, query: Record<string, string | number> = {}) =>
  (await api.get<{ data: ApiObserver[]; totalItems: number }>(token, "/api/v1/observer", query)).data;

/** The status of an observer's own sign-in (the mobile app's endpoint). */
async function observerSignInStatus(phone: string, pin: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/v2/access/observer`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ phone, pin }),
  });
  await response.body?.cancel();
  return response.status;
}

/** Searches the list and waits until the title counts `expected` and no load is pending. */
async function filterBy(observers: ObserverList, filter: { name?: string; phone?: string }, expected: number) {
  await observers.search(filter);
  await eventually(() => observers.total()).toBe(expected);
  await eventually(() => observers.loading()).toBeNull();
}

/** From the list to the add form, in the language shown. */
async function addObserver(page: Page, observers: ObserverList, locale: Locale = "en") {
  await observers.addObserver();
  await page.waitForURL("**/observatori/profil/new");
  await eventually(() => observerProfile(page, locale).heading()).toBe(OBSERVER_PROFILE_WORDS[locale].headings.creating);
}

describe("the observers area in Chromium", () => {
  let browser: Browser;
  let organizerToken: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    organizerToken = await tokenFor(organizer);
  });
  afterAll(() => browser.close());

  it("adds, filters, sorts and edits an observer, then resets its PIN", async () => {
    const { page, errors, context } = await openPage(browser, baseUrl);
    const observers = observerList(page);
    const form = observerProfile(page);
    await signIn(page, organizer);
    await openList(page, "observers");
    expect((await observers.rowNames()).length).toBeGreaterThan(0);
    const totalBefore = await apiCount(organizerToken);
    expect(await observers.total()).toBe(totalBefore);
    await seeNoAxeViolationsSoftly(page);
    // A light button under the pointer keeps its contrast on its darker hover background.
    await page.getByRole("link", { name: /^Edit/ }).first().hover();
    await seeNoAxeViolationsSoftly(page, { pointer: "untouched" });

    // Add: the name is sent trimmed, with its inner spaces collapsed.
    const phone = phoneOf(0);
    await addObserver(page, observers);
    await form.fill("name", "  Maria   Test  ");
    await form.fill("phone", phone);
    await form.fill("pin", "1234");
    await seeNoAxeViolationsSoftly(page);
    await form.save();
    await toastSaying(page, "Observer has been added");
    await page.waitForURL("**/observatori");
    await eventually(() => observers.total()).toBe(totalBefore + 1);
    const [created] = await apiList(organizerToken, { Number: phone });
    expect(created).toMatchObject({ name: "Maria Test", phone, ngoId: 1 });

    // Filter by name: only matching rows, and the title counts them.
    const matching = await apiCount(organizerToken, { Name: "Maria Test" });
    await filterBy(observers, { name: "Maria Test" }, matching);
    const filteredNames = await observers.rowNames();
    expect(filteredNames).toContain("Maria Test");
    expect(filteredNames).toHaveLength(Math.min(matching, 20));
    for (const name of filteredNames) expect(name.toLowerCase()).toContain("maria test");
    await observers.resetSearch();
    await eventually(() => observers.total()).toBe(totalBefore + 1);
    expect((await observers.searchValues()).name).toBe("");

    // Sort by name, A to Z then Z to A: the first row follows, as the server orders names.
    const [firstAscending] = await apiList(organizerToken, { SortBy: "name", SortDirection: "asc", PageSize: 1 });
    const [firstDescending] = await apiList(organizerToken, { SortBy: "name", SortDirection: "desc", PageSize: 1 });
    const firstName = async () => (await observers.rowNames())[0] ?? null;
    await observers.sortBy("Name");
    await eventually(() => observers.sortOf("Name")).toBe("ascending");
    await eventually(firstName).toBe(firstAscending.name);
    await eventually(() => observers.loading()).toBeNull();
    const ascendingNames = await observers.rowNames();
    await observers.sortBy("Name");
    await eventually(() => observers.sortOf("Name")).toBe("descending");
    await eventually(firstName).toBe(firstDescending.name);
    await eventually(() => observers.loading()).toBeNull();
    const descendingNames = await observers.rowNames();
    expect(descendingNames[0]).not.toBe(ascendingNames[0]);
    // Over 40 observers, the first page of each direction shares no one.
    expect(descendingNames.filter((name, index) => name === ascendingNames[index])).toEqual([]);

    // Edit from the row: the profile loads the observer, the new name is saved.
    await filterBy(observers, { phone }, 1);
    await observers.editRow("Maria Test");
    await page.waitForURL("**/observatori/profil/edit/*");
    await eventually(() => form.heading()).toBe("Edit observer");
    await eventually(async () => (await form.values()).name).toBe("Maria Test");
    expect((await form.values()).phone).toBe(phone);
    await seeNoAxeViolationsSoftly(page);
    await form.fill("name", "Maria Edited");
    await form.save();
    await toastSaying(page, "Changes have been saved");
    await expect.poll(async () => (await apiList(organizerToken, { Number: phone }))[0]?.name).toBe("Maria Edited");

    // Reset the PIN from the row's actions menu: Confirm waits for 4 to 6 digits.
    await openList(page, "observers");
    await filterBy(observers, { phone }, 1);
    await observers.chooseRowAction("Maria Edited", "Reset password");
    const modal = confirmDialog(page, { title: "Reset password", confirm: "Confirm", cancel: "Cancel" });
    await modal.settled();
    expect(await modal.text()).toContain(`Observer: Maria Edited (${phone})`);
    const newPin = page.getByRole("dialog").getByLabel("Enter new password");
    expect((await modal.buttons()).confirm).toBe("disabled");
    await newPin.fill("12");
    expect((await modal.buttons()).confirm).toBe("disabled");
    await newPin.fill("1234567");
    expect((await modal.buttons()).confirm).toBe("disabled");
    await newPin.fill("4321");
    await eventually(async () => (await modal.buttons()).confirm).toBe("enabled");
    await seeNoAxeViolationsSoftly(page);
    await modal.confirm();
    await toastSaying(page, "Password has been reset for the observer.");
    await eventually(() => modal.text()).toBeNull();
    expect(await observerSignInStatus(phone, "4321")).toBe(200);
    expect(await observerSignInStatus(phone, "1234")).toBe(401);

    expect(errors).toEqual([]);
    await context.close();
  });

  it("imports a CSV with bad rows (reported, nothing saved), then a good one, exports it and deletes both", async () => {
    const { page, errors, context } = await openPage(browser, baseUrl);
    const observers = observerList(page);
    const csvImport = observerImport(page);
    await signIn(page, organizer);
    await openList(page, "observers");
    const existingPhone = (await observers.rowPhones())[0];
    expect(existingPhone).toMatch(/^\+?[0-9]{6,15}$/);
    const totalBefore = await apiCount(organizerToken);
    const namePrefix = `Import ${runTag}`;
    const good = [
      { phone: phoneOf(1), pin: "2468", name: `${namePrefix} One` },
      { phone: phoneOf(2), pin: "1357", name: `${namePrefix} Two` },
    ];

    await observers.openImport();
    await page.getByRole("heading", { name: "Import observers" }).waitFor();
    // The organizer's own NGO is chosen by name to begin with (server/src/demo/content/ngos.ts).
    await expect.poll(() => page.getByRole("combobox", { name: "NGO" }).inputValue()).toBe("Code for Romania");
    await seeNoAxeViolationsSoftly(page);

    // Line 3 has a 2-digit PIN, line 5 the phone of an observer listed on the first page.
    await csvImport.chooseCsv("bad-observers.csv", [
      "Phone,Pin,Name",
      `${good[0].phone},${good[0].pin},${good[0].name}`,
      `${phoneOf(3)},12,${namePrefix} Short Pin`,
      `${good[1].phone},${good[1].pin},${good[1].name}`,
      `${existingPhone},4321,${namePrefix} Taken Phone`,
    ]);
    const expectedReport = [
      ["3", "Password", "The password must be 4 to 6 digits"],
      ["5", "Phone", "This phone number is already used by another observer"],
    ];
    await page.getByRole("button", { name: "Check file" }).click();
    await csvImport.report.waitFor();
    expect(await csvImport.reportRows()).toEqual(expectedReport);
    await seeNoAxeViolationsSoftly(page);

    await page.getByRole("button", { name: "Import", exact: true }).click();
    await toastSaying(page, "Encountered error while uploading csv");
    expect(await csvImport.reportRows()).toEqual(expectedReport);
    expect(await apiCount(organizerToken, { Name: namePrefix })).toBe(0);
    expect(await apiCount(organizerToken)).toBe(totalBefore);

    // The corrected file: checked, then imported.
    await csvImport.chooseCsv("good-observers.csv", ["Phone,Pin,Name", ...good.map((row) => `${row.phone},${row.pin},${row.name}`)]);
    await csvImport.report.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Check file" }).click();
    await page.getByText("The file is valid: 2 observers can be added.").waitFor();
    expect(await apiCount(organizerToken, { Name: namePrefix })).toBe(0);
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await toastSaying(page, "2 observers have been added successfully");
    expect(await apiCount(organizerToken)).toBe(totalBefore + 2);
    expect(await observerSignInStatus(good[0].phone, good[0].pin)).toBe(200);

    await page.getByRole("link", { name: "Back" }).click();
    await waitForList(page, "observers");
    await filterBy(observers, { name: namePrefix }, 2);
    expect((await observers.rowNames()).sort()).toEqual(good.map((row) => row.name).sort());

    // Export: the CSV of the filtered rows.
    const [download] = await Promise.all([page.waitForEvent("download"), observers.exportList()]);
    expect(download.suggestedFilename()).toBe("observers.csv");
    const csv = (await readFile(await download.path(), "utf8")).replace(/^\uFEFF/, "");
    const [header, ...lines] = csv.split(/\r?\n/).filter((line) => line !== "");
    expect(header).toBe("Id,Name,Phone,NgoId,Ngo,DeviceRegisterDate,LastSeen,NumberOfPollingStations,NumberOfNotes");
    expect(lines).toHaveLength(2);
    for (const row of good) expect(lines.some((line) => line.includes(`,${row.name},${row.phone},1,`))).toBe(true);

    // Bulk delete the two.
    for (const row of good) await observers.toggleRow(row.name);
    await eventually(() => observers.selection()).toContain("2 observers selected");
    await observers.deleteSelected();
    const dialog = confirmDialog(page, { confirm: DELETE_DIALOG_WORDS.en.confirm, cancel: DELETE_DIALOG_WORDS.en.cancel });
    await dialog.settled();
    expect(await dialog.text()).toContain("Are you sure you want to delete 2 observers?");
    await seeNoAxeViolationsSoftly(page);
    await dialog.confirm();
    await toastSaying(page, "2 observers have been removed");
    await eventually(() => observers.showsNoResults()).toBe(true);
    await eventually(() => observers.total()).toBe(0);
    expect(await observers.selection()).toBeNull();
    expect(await apiCount(organizerToken)).toBe(totalBefore);
    expect(await apiCount(organizerToken, { Name: namePrefix })).toBe(0);

    // The 422s of the bad file are the only failed requests.
    expect(withoutProvokedHttpErrors(errors, [422])).toEqual([]);
    await context.close();
  });

  it("works in Romanian: title, filter, and the duplicate-phone error on the phone field", async () => {
    const { page, errors, context } = await openPage(browser, baseUrl);
    const observers = observerList(page, "ro");
    const form = observerProfile(page, "ro");
    await signIn(page, organizer);
    await appHeader(page).chooseLanguage("Română");
    await page.getByRole("heading", { name: "Răspunsuri urgente" }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("ro");
    await openList(page, "observers", "ro");
    await eventually(() => observers.columns()).toContain("Nume");
    await seeNoAxeViolationsSoftly(page);

    const existing = (await observers.rowNames())[0];
    const existingPhone = (await observers.rowPhones())[0];
    const firstWord = existing.split(" ")[0];
    await filterBy(observers, { name: firstWord }, await apiCount(organizerToken, { Name: firstWord }));
    for (const name of await observers.rowNames()) expect(name.toLowerCase()).toContain(firstWord.toLowerCase());

    await addObserver(page, observers, "ro");
    await form.fill("name", "Ion Duplicat");
    await form.fill("phone", existingPhone);
    await form.fill("pin", "1234");
    await form.save();
    const message = "Acest număr de telefon este deja folosit de alt observator";
    await eventually(async () => (await form.fieldError("phone")).invalid).toBe(true);
    expect((await form.fieldError("phone")).description).toContain(message);
    expect(await form.values()).toMatchObject({ name: "Ion Duplicat", phone: existingPhone });
    expect(new URL(page.url()).pathname).toBe("/observatori/profil/new");
    expect((await form.fieldError("name")).invalid).toBe(false);
    await seeNoAxeViolationsSoftly(page);

    // The 409 of the duplicate phone is the only failed request.
    expect(withoutProvokedHttpErrors(errors, [409])).toEqual([]);
    await context.close();
  });

  it("shows an NGO admin only its NGO's observers and nothing of another NGO's observer", async () => {
    const { page, errors, context } = await openPage(browser, baseUrl);
    const observers = observerList(page);
    await signIn(page, partnerAdmin);
    await openList(page, "observers");
    expect(await observers.columns()).not.toContain("NGO");
    const ngo2Count = await apiCount(organizerToken, { NgoId: 2 });
    expect(ngo2Count).toBeGreaterThan(0);
    expect(ngo2Count).toBeLessThan(await apiCount(organizerToken));
    expect(await observers.total()).toBe(ngo2Count);
    expect(await apiCount(await tokenFor(partnerAdmin))).toBe(ngo2Count);
    // The list's default order: latest activity first.
    const ngo2FirstPage = await apiList(organizerToken, { NgoId: 2, PageSize: 20, SortBy: "lastSeen", SortDirection: "desc" });
    expect(await observers.rowNames()).toEqual(ngo2FirstPage.map((observer) => observer.name));
    await seeNoAxeViolationsSoftly(page);

    const [foreign] = await apiList(organizerToken, { NgoId: 1, PageSize: 1 });
    await page.goto(`/observatori/profil/edit/${foreign.id}`);
    const profile = observerProfile(page);
    await eventually(() => profile.loadFailure()).toContain("Could not load the observer");
    expect(await profile.loadFailure()).toContain("This observer does not exist or was deleted.");
    expect(await profile.fieldStates()).toEqual({ name: "absent", phone: "absent", pin: "absent" });
    expect(await page.getByRole("textbox").count()).toBe(0);
    expect(await page.getByText(foreign.phone).count()).toBe(0);
    expect(await page.getByText(foreign.name).count()).toBe(0);
    await seeNoAxeViolationsSoftly(page);

    expect(errors).toEqual([]);
    await context.close();
  });
});
