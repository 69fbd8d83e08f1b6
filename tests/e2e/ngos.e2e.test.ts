import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Locale } from "../../src/shared/i18n/locales";
import { DELETE_DIALOG_WORDS } from "../pages/common";
import { confirmDialog } from "../pages/browser/common";
import { appHeader } from "../pages/browser/header";
import { loginPage } from "../pages/browser/login";
import { ngoList } from "../pages/browser/ngo-list";
import { ngoProfile } from "../pages/browser/ngo-profile";
import { observerList } from "../pages/browser/observer-list";
import { observerProfile } from "../pages/browser/observer-profile";
import { eventually } from "../pages/locators";
import { openList, signIn, toastSaying, waitForList } from "./support/session.ts";
import { productApi, type Account, type ApiNgo } from "./support/api.ts";
import { launchBrowser, openPage, seeNoAxeViolationsSoftly, withoutProvokedHttpErrors } from "./support/browser.ts";

const baseUrl = inject("baseUrl");
const organizer: Account = { user: "0700000001", password: "demo1234" };

/** Unique per run: the NGOs, the admin account and the observer phone carry it. */
const runTag = String(Date.now()).slice(-6);

const api = productApi(baseUrl);
const tokenFor = api.tokenFor;
const apiNgos = (token: string) => api.get<ApiNgo[]>(token, "/api/v1/ngo");

/** From the list to the empty add form, headed `heading` in the language shown. */
async function addNgo(page: Page, heading: string, locale: Locale = "en") {
  await ngoList(page, locale).addNgo();
  await page.waitForURL("**/ong/new");
  await eventually(() => ngoProfile(page, locale).heading()).toBe(heading);
}

/** Opens the NGO's profile in edit mode from its row; answers its id. */
async function editNgo(page: Page, name: string): Promise<number> {
  await ngoList(page).editRow(name);
  await page.waitForURL("**/ong/edit/*");
  const profile = ngoProfile(page);
  await eventually(() => profile.heading()).toBe("Edit NGO");
  await eventually(async () => (await profile.values()).name).toBe(name);
  return Number(new URL(page.url()).pathname.split("/").pop());
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
    const ngos = ngoList(organizerSide.page);
    const ngoForm = ngoProfile(organizerSide.page);
    await signIn(organizerSide.page, organizer);
    await openList(organizerSide.page, "ngos");
    const totalBefore = (await apiNgos(organizerToken)).length;
    await eventually(() => ngos.total()).toBe(totalBefore);
    await seeNoAxeViolationsSoftly(organizerSide.page);

    await addNgo(organizerSide.page, "Add NGO");
    expect(await ngoForm.values()).toMatchObject({ organizer: false, isActive: true });
    expect((await ngoForm.buttons()).save).toBe("disabled");
    await ngoForm.fill("name", `  ${ngoName} `);
    await ngoForm.fill("shortName", shortName);
    await seeNoAxeViolationsSoftly(organizerSide.page);
    await ngoForm.save();
    await toastSaying(organizerSide.page, "The NGO has been added");
    await organizerSide.page.waitForURL("**/ong");
    await waitForList(organizerSide.page, "ngos");
    await eventually(() => ngos.total()).toBe(totalBefore + 1);
    await eventually(() => ngos.row(ngoName)).toEqual({ shortName, organizer: false, active: true });
    const created = (await apiNgos(organizerToken)).find((ngo) => ngo.name === ngoName);
    expect(created).toMatchObject({ shortName, organizer: false, isActive: true });

    // Its profile, in edit mode: add the admin account.
    const ngoId = await editNgo(organizerSide.page, ngoName);
    expect(ngoId).toBe(created!.id);
    expect((await ngoForm.values()).shortName).toBe(shortName);
    await organizerSide.page.getByText("This NGO has no admin accounts yet.").waitFor();
    await ngoForm.addAdmin(admin.user, admin.password);
    await toastSaying(organizerSide.page, "The admin account has been added");
    await eventually(() => ngoForm.adminAccounts()).toEqual([admin.user]);
    expect((await ngoForm.adminDraft()).account).toBe("");
    await seeNoAxeViolationsSoftly(organizerSide.page);

    // The new admin, in a second browser context: its NGO has no observers yet, and there is no NGOs link.
    const adminSide = await openPage(browser, baseUrl);
    const adminObservers = observerList(adminSide.page);
    await signIn(adminSide.page, admin);
    await openList(adminSide.page, "observers");
    await eventually(() => adminObservers.total()).toBe(0);
    await eventually(() => adminObservers.showsNoResults()).toBe(true);
    expect(await appHeader(adminSide.page).sections()).not.toContain("NGOs");
    expect(await appHeader(organizerSide.page).sections()).toContain("NGOs");
    await seeNoAxeViolationsSoftly(adminSide.page);

    // It adds one observer: the list shows it alone, and the server files it under the new NGO.
    const observerForm = observerProfile(adminSide.page);
    await adminObservers.addObserver();
    await adminSide.page.waitForURL("**/observatori/profil/new");
    await eventually(() => observerForm.heading()).toBe("Add observer");
    await observerForm.fill("name", observerName);
    await observerForm.fill("phone", observerPhone);
    await observerForm.fill("pin", "1234");
    await eventually(async () => (await observerForm.buttons()).save).toBe("enabled");
    await observerForm.save();
    await toastSaying(adminSide.page, "Observer has been added");
    await adminSide.page.waitForURL("**/observatori");
    await eventually(() => adminObservers.total()).toBe(1);
    await eventually(() => adminObservers.loading()).toBeNull();
    expect(await adminObservers.rowNames()).toEqual([observerName]);
    const filed = await api.get<{ data: { name: string; ngoId: number }[] }>(organizerToken, "/api/v1/observer", { Number: observerPhone });
    expect(filed.data).toEqual([expect.objectContaining({ name: observerName, ngoId })]);
    nonEmptyNgoName = ngoName;

    // The organizer deactivates the NGO from the list's row menu.
    await openList(organizerSide.page, "ngos");
    await ngos.chooseRowAction(ngoName, "Make inactive");
    await toastSaying(organizerSide.page, "The NGO is now inactive");
    await eventually(async () => (await ngos.row(ngoName))?.active).toBe(false);
    expect((await apiNgos(organizerToken)).find((ngo) => ngo.id === ngoId)?.isActive).toBe(false);
    await seeNoAxeViolationsSoftly(organizerSide.page);

    // The admin is sent back to /login without an action of its own (its live stream ends at the change and
    // reconnecting is refused), and it cannot sign in again.
    await adminSide.page.waitForURL("**/login");
    expect(await adminSide.page.evaluate(() => localStorage.getItem("token-id"))).toBeNull();
    const login = loginPage(adminSide.page);
    await login.fillCredentials(admin.user, admin.password);
    await login.submit();
    await eventually(() => login.error()).toBe("Invalid credentials");
    expect(new URL(adminSide.page.url()).pathname).toBe("/login");
    await seeNoAxeViolationsSoftly(adminSide.page);

    expect(adminSide.errors).toEqual([]);
    await adminSide.context.close();
    expect(organizerSide.errors).toEqual([]);
    await organizerSide.context.close();
  });

  it("works in Romanian: adds an NGO, refuses to delete a non-empty one and deletes an empty one", async () => {
    const { page, errors, context } = await openPage(browser, baseUrl);
    const ngos = ngoList(page, "ro");
    const ngoForm = ngoProfile(page, "ro");
    const dialog = confirmDialog(page, DELETE_DIALOG_WORDS.ro);
    await signIn(page, organizer);
    await appHeader(page).chooseLanguage("Română");
    await page.getByRole("heading", { name: "Răspunsuri urgente" }).waitFor();
    await openList(page, "ngos", "ro");
    await eventually(() => ngos.columns()).toContain("Denumire scurtă");
    const totalBefore = (await apiNgos(organizerToken)).length;
    await eventually(() => ngos.total()).toBe(totalBefore);
    await seeNoAxeViolationsSoftly(page);

    // Add an NGO with the Romanian form.
    const ngoName = `ONG Gol ${runTag}`;
    await addNgo(page, "Adaugă ONG", "ro");
    await eventually(() => ngoForm.fieldStates()).toEqual({ name: "enabled", shortName: "enabled", organizer: "enabled", isActive: "enabled" });
    await ngoForm.fill("name", ngoName);
    await ngoForm.fill("shortName", `OG${runTag}`);
    await seeNoAxeViolationsSoftly(page);
    await ngoForm.save();
    await toastSaying(page, "ONG-ul a fost adăugat");
    await page.waitForURL("**/ong");
    await waitForList(page, "ngos", "ro");
    await eventually(() => ngos.total()).toBe(totalBefore + 1);
    expect((await ngos.row(ngoName))?.active).toBe(true);
    await seeNoAxeViolationsSoftly(page);

    // A non-empty NGO: the confirmation, then the explanation; it stays.
    const nonEmpty = nonEmptyNgoName ?? (await apiNgos(organizerToken)).find((ngo) => ngo.id === 2)!.name;
    await ngos.chooseRowAction(nonEmpty, "Șterge");
    await dialog.settled();
    expect(await dialog.text()).toContain(`Sigur doriți să ștergeți ONG-ul ${nonEmpty}?`);
    await seeNoAxeViolationsSoftly(page);
    await dialog.confirm();
    await toastSaying(page, "Acest ONG mai are observatori, administratori sau răspunsuri: dezactivați-l în schimb.");
    await eventually(() => dialog.text()).toBeNull();
    await waitForList(page, "ngos", "ro");
    await eventually(async () => (await ngos.row(nonEmpty)) !== null).toBe(true);
    expect((await apiNgos(organizerToken)).some((ngo) => ngo.name === nonEmpty)).toBe(true);

    // The empty new NGO goes after its confirmation.
    await ngos.chooseRowAction(ngoName, "Șterge");
    await dialog.settled();
    expect(await dialog.text()).toContain(`Sigur doriți să ștergeți ONG-ul ${ngoName}?`);
    await dialog.confirm();
    await toastSaying(page, "ONG-ul a fost șters");
    await eventually(() => ngos.row(ngoName)).toBeNull();
    await eventually(() => ngos.total()).toBe(totalBefore);
    expect((await apiNgos(organizerToken)).some((ngo) => ngo.name === ngoName)).toBe(false);
    await seeNoAxeViolationsSoftly(page);

    // The 409 of the non-empty NGO is the only failed request.
    expect(withoutProvokedHttpErrors(errors, [409])).toEqual([]);
    await context.close();
  });
});
