import { readFile } from "node:fs/promises";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ENGLISH, ObserversPage, ROMANIAN } from "./pages/observers.page.ts";
import { signIn } from "./support/session.ts";
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
    const observers = new ObserversPage(page);
    await signIn(page, organizer);
    await observers.clickObserversLink();
    expect(await observers.rows.count()).toBeGreaterThan(0);
    const totalBefore = await apiCount(organizerToken);
    expect(await observers.seeTotal()).toBe(totalBefore);
    await seeNoAxeViolationsSoftly(page);

    // Add: the name is sent trimmed, with its inner spaces collapsed.
    const phone = phoneOf(0);
    await observers.clickAddObserver();
    await page.getByRole("heading", { level: 1, name: "Add observer" }).waitFor();
    await observers.fillProfile({ name: "  Maria   Test  ", phone, pin: "1234" });
    await seeNoAxeViolationsSoftly(page);
    await observers.clickSave();
    await observers.seeToast("Observer has been added");
    await page.waitForURL("**/observatori");
    await expect.poll(() => observers.seeTotal()).toBe(totalBefore + 1);
    const [created] = await apiList(organizerToken, { Number: phone });
    expect(created).toMatchObject({ name: "Maria Test", phone, ngoId: 1 });

    // Filter by name: only matching rows, and the title counts them.
    const matching = await apiCount(organizerToken, { Name: "Maria Test" });
    await observers.filterBy({ name: "Maria Test" }, matching);
    const filteredNames = await observers.seeNames();
    expect(filteredNames).toContain("Maria Test");
    expect(filteredNames).toHaveLength(Math.min(matching, 20));
    for (const name of filteredNames) expect(name.toLowerCase()).toContain("maria test");
    await observers.clickResetFilter();
    await expect.poll(() => observers.seeTotal()).toBe(totalBefore + 1);
    expect(await observers.searchForm.getByLabel("Name").inputValue()).toBe("");

    // Sort by name, A to Z then Z to A: the first row follows, as the server orders names.
    const [firstAscending] = await apiList(organizerToken, { SortBy: "name", SortDirection: "asc", PageSize: 1 });
    const [firstDescending] = await apiList(organizerToken, { SortBy: "name", SortDirection: "desc", PageSize: 1 });
    await observers.clickSortByName();
    await expect.poll(() => observers.seeNameSort()).toBe("ascending");
    await expect.poll(() => observers.seeFirstName()).toBe(firstAscending.name);
    await observers.seeListSettled();
    const ascendingNames = await observers.seeNames();
    await observers.clickSortByName();
    await expect.poll(() => observers.seeNameSort()).toBe("descending");
    await expect.poll(() => observers.seeFirstName()).toBe(firstDescending.name);
    await observers.seeListSettled();
    const descendingNames = await observers.seeNames();
    expect(descendingNames[0]).not.toBe(ascendingNames[0]);
    // Over 40 observers, the first page of each direction shares no one.
    expect(descendingNames.filter((name, index) => name === ascendingNames[index])).toEqual([]);

    // Edit from the row: the profile loads the observer, the new name is saved.
    await observers.filterBy({ phone }, 1);
    await observers.clickEdit("Maria Test");
    await page.getByRole("heading", { level: 1, name: "Edit observer" }).waitFor();
    await expect.poll(() => observers.form.name.inputValue()).toBe("Maria Test");
    expect(await observers.form.phone.inputValue()).toBe(phone);
    await seeNoAxeViolationsSoftly(page);
    await observers.fillProfile({ name: "Maria Edited" });
    await observers.clickSave();
    await observers.seeToast("Changes have been saved");
    await expect.poll(async () => (await apiList(organizerToken, { Number: phone }))[0]?.name).toBe("Maria Edited");

    // Reset the PIN from the row's actions menu: Confirm waits for 4 to 6 digits.
    await observers.clickObserversLink();
    await observers.filterBy({ phone }, 1);
    await observers.clickRowAction("Maria Edited", "Reset password");
    const modal = await observers.seeModalOpen();
    await modal.getByRole("heading", { name: "Reset password" }).waitFor();
    await modal.getByText(`Observer: Maria Edited (${phone})`).waitFor();
    const confirm = modal.getByRole("button", { name: "Confirm" });
    const newPin = modal.getByLabel("Enter new password");
    expect(await confirm.isDisabled()).toBe(true);
    await newPin.fill("12");
    expect(await confirm.isDisabled()).toBe(true);
    await newPin.fill("1234567");
    expect(await confirm.isDisabled()).toBe(true);
    await newPin.fill("4321");
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    await seeNoAxeViolationsSoftly(page);
    await confirm.click();
    await observers.seeToast("Password has been reset for the observer.");
    await modal.waitFor({ state: "detached" });
    expect(await observerSignInStatus(phone, "4321")).toBe(200);
    expect(await observerSignInStatus(phone, "1234")).toBe(401);

    expect(errors).toEqual([]);
    await context.close();
  });

  it("imports a CSV with bad rows (reported, nothing saved), then a good one, exports it and deletes both", async () => {
    const { page, errors, context } = await openPage(browser, baseUrl);
    const observers = new ObserversPage(page);
    await signIn(page, organizer);
    await observers.clickObserversLink();
    const existingPhone = await observers.seeFirstPhone();
    expect(existingPhone).toMatch(/^\+?[0-9]{6,15}$/);
    const totalBefore = await apiCount(organizerToken);
    const namePrefix = `Import ${runTag}`;
    const good = [
      { phone: phoneOf(1), pin: "2468", name: `${namePrefix} One` },
      { phone: phoneOf(2), pin: "1357", name: `${namePrefix} Two` },
    ];

    await observers.clickImport();
    await expect.poll(() => page.getByLabel("ID Ngo").inputValue()).toBe("1");
    await seeNoAxeViolationsSoftly(page);

    // Line 3 has a 2-digit PIN, line 5 the phone of an observer listed on the first page.
    await observers.chooseCsv("bad-observers.csv", [
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
    await observers.importReport.waitFor();
    expect(await observers.seeImportReport()).toEqual(expectedReport);
    await seeNoAxeViolationsSoftly(page);

    await page.getByRole("button", { name: "Import", exact: true }).click();
    await observers.seeToast("Encountered error while uploading csv");
    expect(await observers.seeImportReport()).toEqual(expectedReport);
    expect(await apiCount(organizerToken, { Name: namePrefix })).toBe(0);
    expect(await apiCount(organizerToken)).toBe(totalBefore);

    // The corrected file: checked, then imported.
    await observers.chooseCsv("good-observers.csv", ["Phone,Pin,Name", ...good.map((row) => `${row.phone},${row.pin},${row.name}`)]);
    await observers.importReport.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Check file" }).click();
    await page.getByText("The file is valid: 2 observers can be added.").waitFor();
    expect(await apiCount(organizerToken, { Name: namePrefix })).toBe(0);
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await observers.seeToast("2 observers have been added successfully");
    expect(await apiCount(organizerToken)).toBe(totalBefore + 2);
    expect(await observerSignInStatus(good[0].phone, good[0].pin)).toBe(200);

    await page.getByRole("link", { name: "Back" }).click();
    await observers.seeListLoaded();
    await observers.filterBy({ name: namePrefix }, 2);
    expect((await observers.seeNames()).sort()).toEqual(good.map((row) => row.name).sort());

    // Export: the CSV of the filtered rows.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export" }).click()]);
    expect(download.suggestedFilename()).toBe("observers.csv");
    const csv = (await readFile(await download.path(), "utf8")).replace(/^\uFEFF/, "");
    const [header, ...lines] = csv.split(/\r?\n/).filter((line) => line !== "");
    expect(header).toBe("Id,Name,Phone,NgoId,Ngo,DeviceRegisterDate,LastSeen,NumberOfPollingStations,NumberOfNotes");
    expect(lines).toHaveLength(2);
    for (const row of good) expect(lines.some((line) => line.includes(`,${row.name},${row.phone},1,`))).toBe(true);

    // Bulk delete the two.
    for (const row of good) await observers.clickSelect(row.name);
    await observers.selectionBar.getByText("2 observers selected").waitFor();
    await observers.selectionBar.getByRole("button", { name: "Delete" }).click();
    await (await observers.seeModalOpen()).getByText("Are you sure you want to delete 2 observers?").waitFor();
    await seeNoAxeViolationsSoftly(page);
    await observers.dialog.getByRole("button", { name: "Delete" }).click();
    await observers.seeToast("2 observers have been removed");
    await page.getByText("No observers found.").waitFor();
    await expect.poll(() => observers.seeTotal()).toBe(0);
    expect(await observers.selectionBar.count()).toBe(0);
    expect(await apiCount(organizerToken)).toBe(totalBefore);
    expect(await apiCount(organizerToken, { Name: namePrefix })).toBe(0);

    // The 422s of the bad file are the only failed requests.
    expect(withoutProvokedHttpErrors(errors, [422])).toEqual([]);
    await context.close();
  });

  it("works in Romanian: title, filter, and the duplicate-phone error on the phone field", async () => {
    const { page, errors, context } = await openPage(browser, baseUrl);
    const observers = new ObserversPage(page, ROMANIAN);
    await signIn(page, organizer);
    await page.getByText("RO", { exact: true }).click();
    await page.getByRole("heading", { name: "Răspunsuri urgente" }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("ro");
    await observers.clickObserversLink();
    await observers.table.getByRole("columnheader", { name: "Nume" }).waitFor();
    await seeNoAxeViolationsSoftly(page);

    const existing = (await observers.seeFirstName())!;
    const existingPhone = await observers.seeFirstPhone();
    const firstWord = existing.split(" ")[0];
    await observers.filterBy({ name: firstWord }, await apiCount(organizerToken, { Name: firstWord }));
    for (const name of await observers.seeNames()) expect(name.toLowerCase()).toContain(firstWord.toLowerCase());

    await observers.clickAddObserver();
    await page.getByRole("heading", { level: 1, name: "Adaugă observator" }).waitFor();
    await observers.fillProfile({ name: "Ion Duplicat", phone: existingPhone, pin: "1234" });
    await observers.clickSave();
    const message = "Acest număr de telefon este deja folosit de alt observator";
    await expect.poll(() => observers.form.phone.getAttribute("aria-invalid")).toBe("true");
    const describedBy = (await observers.form.phone.getAttribute("aria-describedby")) ?? "";
    const descriptions = await Promise.all(describedBy.split(" ").filter(Boolean).map((id) => page.locator(`[id="${id}"]`).textContent()));
    expect(descriptions).toContain(message);
    expect(await observers.form.name.inputValue()).toBe("Ion Duplicat");
    expect(await observers.form.phone.inputValue()).toBe(existingPhone);
    expect(new URL(page.url()).pathname).toBe("/observatori/profil/new");
    expect(await observers.form.name.getAttribute("aria-invalid")).not.toBe("true");
    await seeNoAxeViolationsSoftly(page);

    // The 409 of the duplicate phone is the only failed request.
    expect(withoutProvokedHttpErrors(errors, [409])).toEqual([]);
    await context.close();
  });

  it("shows an NGO admin only its NGO's observers and nothing of another NGO's observer", async () => {
    const { page, errors, context } = await openPage(browser, baseUrl);
    const observers = new ObserversPage(page, ENGLISH);
    await signIn(page, partnerAdmin);
    await observers.clickObserversLink();
    expect(await observers.table.getByRole("columnheader", { name: "NGO" }).count()).toBe(0);
    const ngo2Count = await apiCount(organizerToken, { NgoId: 2 });
    expect(ngo2Count).toBeGreaterThan(0);
    expect(ngo2Count).toBeLessThan(await apiCount(organizerToken));
    expect(await observers.seeTotal()).toBe(ngo2Count);
    expect(await apiCount(await tokenFor(partnerAdmin))).toBe(ngo2Count);
    // The list's default order: latest activity first.
    const ngo2FirstPage = await apiList(organizerToken, { NgoId: 2, PageSize: 20, SortBy: "lastSeen", SortDirection: "desc" });
    expect(await observers.seeNames()).toEqual(ngo2FirstPage.map((observer) => observer.name));
    await seeNoAxeViolationsSoftly(page);

    const [foreign] = await apiList(organizerToken, { NgoId: 1, PageSize: 1 });
    await page.goto(`/observatori/profil/edit/${foreign.id}`);
    const alert = page.getByRole("alert").filter({ hasText: "Could not load the observer" });
    await alert.waitFor();
    await alert.getByText("This observer does not exist or was deleted.").waitFor();
    expect(await page.getByRole("textbox").count()).toBe(0);
    expect(await page.getByText(foreign.phone).count()).toBe(0);
    expect(await page.getByText(foreign.name).count()).toBe(0);
    await seeNoAxeViolationsSoftly(page);

    expect(errors).toEqual([]);
    await context.close();
  });
});
