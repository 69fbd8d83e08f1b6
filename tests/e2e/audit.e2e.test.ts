import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { auditLog } from "../pages/browser/audit";
import { appHeader } from "../pages/browser/header";
import { ngoProfile } from "../pages/browser/ngo-profile";
import { observerProfile } from "../pages/browser/observer-profile";
import { eventually } from "../pages/locators";
import { productApi, type Account } from "./support/api.ts";
import { launchBrowser, openPage, seeNoAxeViolationsSoftly } from "./support/browser.ts";
import { signIn, toastSaying } from "./support/session.ts";

const baseUrl = inject("baseUrl");
const organizer: Account = { user: "0700000001", password: "demo1234" };
const partnerAdmin: Account = { user: "0700000002", password: "demo1234" };
const api = productApi(baseUrl);

/** Unique per run: the observer, its phone and the NGO carry it, and the log is searched by it. */
const runTag = String(Date.now()).slice(-6);

async function post<T>(token: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(new URL(path, baseUrl), {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as T;
}

/** The profile in edit mode with its record loaded. */
async function openEdit(page: Page, path: string, heading: string, name: string) {
  await page.goto(path);
  const profile = path.startsWith("/ong") ? ngoProfile(page) : observerProfile(page);
  await eventually(() => profile.heading()).toBe(heading);
  await eventually(async () => (await profile.values()).name).toBe(name);
}

const pageScrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe("the activity log in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it("shows an organizer who changed an observer and an NGO, the deleted observer unlinked, in English, Romanian and on a phone", async () => {
    const token = await api.tokenFor(organizer);
    const me = await api.get<{ ngoName: string }>(token, "/api/v2/access/me");
    const who = `${organizer.user} · ${me.ngoName}`;
    const phone = `079${runTag}1`;
    const observer = await post<{ id: number }>(token, "/api/v1/observer", { name: `Audit Observer ${runTag}`, phone, pin: "1234" });
    const ngo = await post<{ id: number }>(token, "/api/v1/ngo", { name: `Audit Watch ${runTag}`, shortName: `AW${runTag}`, organizer: false, isActive: true });

    const { page, errors, context } = await openPage(browser, baseUrl, { timezoneId: "Europe/Bucharest" });
    await signIn(page, organizer);

    // The organizer renames the observer, changes the NGO's short name, then deletes the observer.
    await openEdit(page, `/observatori/profil/edit/${observer.id}`, "Edit observer", `Audit Observer ${runTag}`);
    const observerForm = observerProfile(page);
    await observerForm.fill("name", `Audit Observer ${runTag} Renamed`);
    await observerForm.save();
    await toastSaying(page, "Changes have been saved");
    await openEdit(page, `/ong/edit/${ngo.id}`, "Edit NGO", `Audit Watch ${runTag}`);
    const ngoForm = ngoProfile(page);
    await ngoForm.fill("shortName", `AX${runTag}`);
    await ngoForm.save();
    await toastSaying(page, "Changes have been saved");
    await openEdit(page, `/observatori/profil/edit/${observer.id}`, "Edit observer", `Audit Observer ${runTag} Renamed`);
    await observerForm.delete();
    await observerForm.deleteDialog.confirm();
    await page.waitForURL("**/observatori");

    // The log, from the header, searched by this run's tag.
    await appHeader(page).openSection("Activity log");
    await page.waitForURL("**/audit");
    const log = auditLog(page);
    await eventually(() => log.range()).not.toBeNull();
    await log.filter({ search: runTag });
    await page.waitForURL(`**/audit?search=${runTag}`);
    const renamed = `Audit Observer ${runTag} Renamed (${phone})`;
    const entries = [
      { what: "Deleted observer", subject: renamed, link: null, deleted: true, changes: [] },
      { what: "Changed NGO", subject: `Audit Watch ${runTag}`, link: `/ong/view/${ngo.id}`, deleted: false, changes: [`Short name: AW${runTag} → AX${runTag}`] },
      { what: "Changed observer", subject: renamed, link: null, deleted: true, changes: [`Name: Audit Observer ${runTag} → Audit Observer ${runTag} Renamed`] },
      {
        what: "Added NGO",
        subject: `Audit Watch ${runTag}`,
        link: `/ong/view/${ngo.id}`,
        deleted: false,
        changes: [`Name: Audit Watch ${runTag}`, `Short name: AW${runTag}`, "Organizer: No", "Active: Yes"],
      },
      { what: "Added observer", subject: `Audit Observer ${runTag} (${phone})`, link: null, deleted: true, changes: [`Name: Audit Observer ${runTag}`, `Phone: ${phone}`] },
    ];
    await eventually(() => log.entries().then((shown) => shown.map(({ at: _at, who: _who, ...entry }) => entry))).toEqual(entries);
    expect(new Set((await log.entries()).map((entry) => entry.who))).toEqual(new Set([who]));
    // Local time in Bucharest, to the second, and how long ago.
    const [newest] = await log.shownTimes();
    expect(newest?.when).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}:\d{2}\s[AP]M$/);
    expect(newest?.ago).toMatch(/^(this minute|1 minute ago)$/);
    await seeNoAxeViolationsSoftly(page);

    // In Romanian, the same entries in Romanian words.
    await appHeader(page).chooseLanguage("Română");
    const roLog = auditLog(page, "ro");
    await eventually(() => roLog.title()).toBe("Jurnal de activitate");
    await eventually(() => roLog.entries().then((shown) => shown.map((entry) => entry.what))).toEqual([
      "A șters observatorul",
      "A modificat ONG-ul",
      "A modificat observatorul",
      "A adăugat ONG-ul",
      "A adăugat observatorul",
    ]);
    expect((await roLog.entries())[1]?.changes).toEqual([`Denumire scurtă: AW${runTag} → AX${runTag}`]);
    expect((await roLog.entries())[0]?.deleted).toBe(true);
    await seeNoAxeViolationsSoftly(page);

    // On a phone: cards, nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await eventually(() => page.getByRole("table").count()).toBe(0);
    await eventually(() => roLog.entries().then((shown) => shown.length)).toBe(5);
    expect(await pageScrollsSideways(page)).toBe(false);
    await seeNoAxeViolationsSoftly(page);

    // The NGO's entry opens the NGO.
    await roLog.openSubject(`Audit Watch ${runTag}`);
    await page.waitForURL(`**/ong/view/${ngo.id}`);

    expect(errors).toEqual([]);
    await context.close();
  });

  it("offers an NGO admin no activity log, and tells them /audit is for organizers", async () => {
    const { page, errors, context } = await openPage(browser, baseUrl);
    await signIn(page, partnerAdmin);
    const sections = await appHeader(page).sections();
    expect(sections).toContain("Observers");
    expect(sections).not.toContain("Activity log");

    await page.goto("/audit");
    const log = auditLog(page);
    await eventually(() => log.refusal()).toBe(
      "Organizers only This screen is reserved for staff of the organizing NGOs. Ask an organizer if you need a change here.",
    );
    expect(await log.range()).toBeNull();
    await seeNoAxeViolationsSoftly(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
