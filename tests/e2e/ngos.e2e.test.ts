import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { NGO_ROMANIAN, NgosPage } from "./pages/ngos.page.ts";
import { ObserversPage } from "./pages/observers.page.ts";
import { signIn } from "./support/session.ts";
import { productApi, type Account, type ApiNgo } from "./support/api.ts";
import { launchBrowser, openPage, seeNoAxeViolationsSoftly, withoutProvokedHttpErrors } from "./support/browser.ts";

const baseUrl = inject("baseUrl");
const organizer: Account = { user: "0700000001", password: "demo1234" };

/** Unique per run: the NGOs, the admin account and the observer phone carry it. */
const runTag = String(Date.now()).slice(-6);

const api = productApi(baseUrl);
const tokenFor = api.tokenFor;
const apiNgos = (token: string) => api.get<ApiNgo[]>(token, "/api/v1/ngo");

/** Types the credentials on /login without expecting to get in. */
async function trySignIn(page: Page, { user, password }: Account) {
  await page.getByLabel("Phone number").fill(user);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

/** Set by the English journey: an NGO that has an admin and an observer, so it cannot be deleted. */
let nonEmptyNgoName: string | undefined;

describe("the NGOs area in Chromium", () => {
  let browser: Browser;
  let organizerToken: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    organizerToken = await tokenFor(organizer);
  });
  afterAll(() => browser.close());

  it("onboards an NGO and its admin, who sees only its own observers until the NGO is deactivated", async () => {
    const ngoName = `E2E Watch ${runTag}`;
    const shortName = `EW${runTag}`;
    const admin: Account = { user: `admin.${runTag}`, password: "secret-pass-42" };
    const observerName = `Observer ${runTag}`;
    const observerPhone = `078${runTag}9`;

    // The organizer adds the NGO.
    const organizerSide = await openPage(browser, baseUrl);
    const ngos = new NgosPage(organizerSide.page);
    await signIn(organizerSide.page, organizer);
    await ngos.clickNgosLink();
    const totalBefore = (await apiNgos(organizerToken)).length;
    await expect.poll(() => ngos.seeTotal()).toBe(totalBefore);
    await seeNoAxeViolationsSoftly(organizerSide.page);

    await ngos.clickAddNgo();
    expect(await ngos.form.active.isChecked()).toBe(true);
    expect(await ngos.form.organizer.isChecked()).toBe(false);
    expect(await ngos.form.save.isDisabled()).toBe(true);
    await ngos.fillProfile({ name: `  ${ngoName} `, shortName });
    await seeNoAxeViolationsSoftly(organizerSide.page);
    await ngos.form.save.click();
    await new ObserversPage(organizerSide.page).seeToast("The NGO has been added");
    await organizerSide.page.waitForURL("**/ong");
    await ngos.seeListLoaded();
    await expect.poll(() => ngos.seeTotal()).toBe(totalBefore + 1);
    await ngos.row(ngoName).waitFor();
    expect((await ngos.row(ngoName).locator("td").first().textContent())?.trim()).toBe(shortName);
    expect(await ngos.activeCheckbox(ngoName).isChecked()).toBe(true);
    expect(await ngos.organizerCheckbox(ngoName).isChecked()).toBe(false);
    const created = (await apiNgos(organizerToken)).find((ngo) => ngo.name === ngoName);
    expect(created).toMatchObject({ shortName, organizer: false, isActive: true });

    // Its profile, in edit mode: add the admin account.
    const ngoId = await ngos.clickEdit(ngoName);
    expect(ngoId).toBe(created!.id);
    expect(await ngos.form.shortName.inputValue()).toBe(shortName);
    await organizerSide.page.getByText("This NGO has no admin accounts yet.").waitFor();
    await ngos.addAdmin(admin.user, admin.password);
    await new ObserversPage(organizerSide.page).seeToast("The admin account has been added");
    await expect.poll(() => ngos.seeAdminAccounts()).toEqual([admin.user]);
    expect(await ngos.adminForm.getByRole("textbox", { name: "Account" }).inputValue()).toBe("");
    await seeNoAxeViolationsSoftly(organizerSide.page);

    // The new admin, in a second browser context: its NGO has no observers yet, and there is no NGOs link.
    const adminSide = await openPage(browser, baseUrl);
    const adminObservers = new ObserversPage(adminSide.page);
    await signIn(adminSide.page, admin);
    await adminObservers.clickObserversLink();
    await expect.poll(() => adminObservers.seeTotal()).toBe(0);
    await adminSide.page.getByText("No observers found.").waitFor();
    expect(await new NgosPage(adminSide.page).navigationLink.count()).toBe(0);
    expect(await ngos.navigationLink.count()).toBe(1);
    await seeNoAxeViolationsSoftly(adminSide.page);

    // It adds one observer: the list shows it alone, and the server files it under the new NGO.
    await adminObservers.clickAddObserver();
    await adminSide.page.getByRole("heading", { level: 1, name: "Add observer" }).waitFor();
    await adminObservers.fillProfile({ name: observerName, phone: observerPhone, pin: "1234" });
    await expect.poll(() => adminSide.page.getByRole("button", { name: "Save" }).isEnabled()).toBe(true);
    await adminObservers.clickSave();
    await adminObservers.seeToast("Observer has been added");
    await adminSide.page.waitForURL("**/observatori");
    await expect.poll(() => adminObservers.seeTotal()).toBe(1);
    await adminObservers.seeListSettled();
    expect(await adminObservers.seeNames()).toEqual([observerName]);
    const filed = await api.get<{ data: { name: string; ngoId: number }[] }>(organizerToken, "/api/v1/observer", { Number: observerPhone });
    expect(filed.data).toEqual([expect.objectContaining({ name: observerName, ngoId })]);
    nonEmptyNgoName = ngoName;

    // The organizer deactivates the NGO from the list's row menu.
    await ngos.clickNgosLink();
    await ngos.clickRowAction(ngoName, "Make inactive");
    await new ObserversPage(organizerSide.page).seeToast("The NGO is now inactive");
    await expect.poll(() => ngos.activeCheckbox(ngoName).isChecked()).toBe(false);
    expect((await apiNgos(organizerToken)).find((ngo) => ngo.id === ngoId)?.isActive).toBe(false);
    await seeNoAxeViolationsSoftly(organizerSide.page);

    // The admin's next action sends it back to /login, and it cannot sign in again.
    // (Filter stays disabled while the search form is empty.)
    await adminObservers.fillFilter({ name: observerName });
    await adminObservers.clickFilter();
    await adminSide.page.waitForURL("**/login");
    expect(await adminSide.page.evaluate(() => localStorage.getItem("token-id"))).toBeNull();
    await trySignIn(adminSide.page, admin);
    await expect.poll(() => adminSide.page.getByRole("alert").filter({ hasText: "Invalid credentials" }).count()).toBe(1);
    expect(new URL(adminSide.page.url()).pathname).toBe("/login");
    await seeNoAxeViolationsSoftly(adminSide.page);

    expect(adminSide.errors).toEqual([]);
    await adminSide.context.close();
    expect(organizerSide.errors).toEqual([]);
    await organizerSide.context.close();
  });

  it("works in Romanian: adds an NGO, refuses to delete a non-empty one and deletes an empty one", async () => {
    const { page, errors, context } = await openPage(browser, baseUrl);
    const ngos = new NgosPage(page, NGO_ROMANIAN);
    const toasts = new ObserversPage(page);
    await signIn(page, organizer);
    await page.getByText("RO", { exact: true }).click();
    await page.getByRole("heading", { name: "Răspunsuri urgente" }).waitFor();
    await ngos.clickNgosLink();
    await ngos.table.getByRole("columnheader", { name: "Denumire scurtă" }).waitFor();
    const totalBefore = (await apiNgos(organizerToken)).length;
    await expect.poll(() => ngos.seeTotal()).toBe(totalBefore);
    await seeNoAxeViolationsSoftly(page);

    // Add an NGO with the Romanian form.
    const ngoName = `ONG Gol ${runTag}`;
    await ngos.clickAddNgo();
    for (const field of [ngos.form.name, ngos.form.shortName, ngos.form.organizer, ngos.form.active]) await field.waitFor();
    await ngos.fillProfile({ name: ngoName, shortName: `OG${runTag}` });
    await seeNoAxeViolationsSoftly(page);
    await ngos.form.save.click();
    await toasts.seeToast("ONG-ul a fost adăugat");
    await page.waitForURL("**/ong");
    await ngos.seeListLoaded();
    await expect.poll(() => ngos.seeTotal()).toBe(totalBefore + 1);
    expect(await ngos.activeCheckbox(ngoName).isChecked()).toBe(true);
    await seeNoAxeViolationsSoftly(page);

    // A non-empty NGO: the confirmation, then the explanation; it stays.
    const nonEmpty = nonEmptyNgoName ?? (await apiNgos(organizerToken)).find((ngo) => ngo.id === 2)!.name;
    await ngos.clickRowAction(nonEmpty, "Șterge");
    const dialog = await ngos.seeModalSettled();
    await dialog.getByText(`Sigur doriți să ștergeți ONG-ul ${nonEmpty}?`).waitFor();
    await seeNoAxeViolationsSoftly(page);
    await dialog.getByRole("button", { name: "Șterge" }).click();
    await toasts.seeToast("Acest ONG mai are observatori, administratori sau răspunsuri: dezactivați-l în schimb.");
    await dialog.waitFor({ state: "detached" });
    await ngos.seeListLoaded();
    await ngos.row(nonEmpty).waitFor();
    expect((await apiNgos(organizerToken)).some((ngo) => ngo.name === nonEmpty)).toBe(true);

    // The empty new NGO goes after its confirmation.
    await ngos.clickRowAction(ngoName, "Șterge");
    await (await ngos.seeModalSettled()).getByText(`Sigur doriți să ștergeți ONG-ul ${ngoName}?`).waitFor();
    await toasts.dialog.getByRole("button", { name: "Șterge" }).click();
    await toasts.seeToast("ONG-ul a fost șters");
    await ngos.row(ngoName).waitFor({ state: "detached" });
    await expect.poll(() => ngos.seeTotal()).toBe(totalBefore);
    expect((await apiNgos(organizerToken)).some((ngo) => ngo.name === ngoName)).toBe(false);
    await seeNoAxeViolationsSoftly(page);

    // The 409 of the non-empty NGO is the only failed request.
    expect(withoutProvokedHttpErrors(errors, [409])).toEqual([]);
    await context.close();
  });
});
