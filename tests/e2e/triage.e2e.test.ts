import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { productApi, type Account } from "./support/api.ts";
import { expectNoAxeViolations, launchBrowser, openPage } from "./support/browser.ts";
import { signIn } from "./support/session.ts";
import { appHeader } from "../pages/browser/header.ts";
import { eventually } from "../pages/locators";

const baseUrl = inject("baseUrl");
const organizer: Account = { user: "0700000001", password: "demo1234" };
const ngoAdmin: Account = { user: "0700000002", password: "demo1234" };
/** Unique per run: every observer of this file has a phone that starts with it, and the lists filter by it. */
const stem = `0796${String(Date.now()).slice(-5)}`;
let observerCount = 0;

interface Form {
  formSections: { questions: { id: number; optionsToQuestions: { idOption: number; flagged: boolean }[] }[] }[];
}
interface Thread {
  idObserver: number;
  idPollingStation: number;
  state: string;
  claim: { holder: string } | null;
}

async function call(path: string, token: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(new URL(path, baseUrl), { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });
  expect(response.status, `${init.method ?? "GET"} ${path}`).toBeLessThan(300);
  return response;
}
const post = (body: unknown): RequestInit => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

/** An observer of `ngoId`, signed in as the phone app would; its reports flag the first flagged option it finds. */
async function observer(staffToken: string, ngoId: number) {
  observerCount += 1;
  const phone = `${stem}${observerCount}`;
  await call("/api/v1/observer", staffToken, post({ name: `Observator Triaj ${observerCount}`, phone, pin: "4321", sendSMS: false, ngoId }));
  const signedIn = await fetch(new URL("/api/v2/access/observer", baseUrl), post({ phone, pin: "4321" }));
  const token = ((await signedIn.json()) as { access_token: string }).access_token;
  const forms = (await (await call("/api/v1/form?draft=false", token)).json()) as { formVersions: { id: number }[] };
  const form = (await (await call(`/api/v1/form/${forms.formVersions[0].id}`, token)).json()) as Form;
  const question = form.formSections.flatMap((section) => section.questions).find((candidate) => candidate.optionsToQuestions.some((option) => option.flagged))!;
  const flagged = question.optionsToQuestions.find((option) => option.flagged)!;
  /** Flags an answer at each of these stations of Sibiu, in one batch. */
  const report = (stations: number[]) =>
    call("/api/v1/answers", token, post({ answers: stations.map((pollingStationNumber) => ({ questionId: question.id, countyCode: "SB", pollingStationNumber, options: [{ optionId: flagged.idOption }] })) }));
  return { phone, report };
}

const threads = (page: Page) => page.getByTestId("answer-thread");
const focusedThread = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("data-thread-key") ?? null);

async function openUrgents(page: Page) {
  await page.goto(`/urgents?observerPhoneNumber=${stem}`);
  await expect.poll(() => threads(page).count(), { timeout: 10_000 }).toBeGreaterThan(0);
  await expect.poll(() => page.getByText("Live", { exact: true }).count()).toBeGreaterThan(0);
}

describe("the live triage room in Chromium", () => {
  let browser: Browser;
  let staffToken = "";
  beforeAll(async () => {
    browser = await launchBrowser();
    staffToken = await productApi(baseUrl).tokenFor(organizer);
  });
  afterAll(() => browser.close());

  it("shows a new urgent report within 2 s without a reload, behind a bar, while the focused row stays put", async () => {
    const first = await observer(staffToken, 1);
    await first.report([1]);
    const { page, errors } = await openPage(browser, baseUrl);
    await signIn(page, organizer);
    await openUrgents(page);
    await page.keyboard.press("j");
    const focused = await focusedThread(page);
    expect(focused).not.toBeNull();
    const place = await threads(page).first().boundingBox();
    const loadsBefore = await page.evaluate(() => performance.getEntriesByType("navigation").length);

    const second = await observer(staffToken, 1);
    await second.report([2]);
    const bar = page.getByTestId("arrivals-bar");
    await expect.poll(() => bar.textContent(), { timeout: 2_000 }).toContain("1 new thread");
    expect(await focusedThread(page)).toBe(focused);
    expect(await threads(page).first().boundingBox()).toEqual(place);
    expect(await threads(page).count()).toBe(1);
    expect(await page.evaluate(() => performance.getEntriesByType("navigation").length)).toBe(loadsBefore);
    await expectNoAxeViolations(page);

    await bar.click();
    await expect.poll(() => threads(page).count()).toBe(2);
    await expect.poll(() => threads(page).first().textContent()).toContain("Observator Triaj 2");
    expect(errors).toEqual([]);
  });

  it("lets two staff in two browsers see each other's claim and hand a thread over", async () => {
    const shared = await observer(staffToken, 2);
    await shared.report([3]);
    const ana = await openPage(browser, baseUrl);
    const ion = await openPage(browser, baseUrl);
    await signIn(ana.page, organizer, `/urgents?observerPhoneNumber=${shared.phone}`);
    await signIn(ion.page, ngoAdmin, `/urgents?observerPhoneNumber=${shared.phone}`);
    for (const { page } of [ana, ion]) await expect.poll(() => threads(page).count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => ion.page.getByText("Live", { exact: true }).count()).toBeGreaterThan(0);

    await threads(ana.page).first().click();
    await ana.page.getByRole("button", { name: "Claim", exact: true }).click();
    await expect.poll(() => ana.page.getByText(/You hold this thread/).count()).toBeGreaterThan(0);
    // Ion's list shows Ana's claim without a reload.
    await expect.poll(() => threads(ion.page).first().textContent(), { timeout: 2_000 }).toContain(`${organizer.user} · 0 min`);

    await threads(ion.page).first().click();
    await expect.poll(() => ion.page.getByText(/Held by 0700000001/).count()).toBeGreaterThan(0);
    await ion.page.getByRole("button", { name: "Take over", exact: true }).click();
    await ion.page.getByRole("dialog").getByRole("button", { name: "Take over" }).click();
    await expect.poll(() => ion.page.getByText(/You hold this thread/).count()).toBeGreaterThan(0);
    // Ana's screen learns it at once: her list and her panel name Ion.
    await expect.poll(() => threads(ana.page).first().textContent(), { timeout: 2_000 }).toContain(`${ngoAdmin.user} · 0 min`);
    await expect.poll(() => ana.page.getByText(/0700000002/).count()).toBeGreaterThan(1);
    await expect.poll(() => ana.page.getByText(/took over from/).count()).toBeGreaterThan(0);

    await appHeader(ion.page).chooseLanguage("Română");
    await ion.page.getByRole("heading", { level: 1, name: "Răspunsuri urgente" }).waitFor();
    await expectNoAxeViolations(ion.page);
    expect([...ana.errors, ...ion.errors]).toEqual([]);
  });

  it("triages 20 urgent threads with the keyboard alone: next, open, claim, resolve", async () => {
    const busy = await observer(staffToken, 1);
    const stations = Array.from({ length: 20 }, (_, index) => 101 + index);
    await busy.report(stations);
    const { page, errors } = await openPage(browser, baseUrl);
    await signIn(page, organizer, `/urgents?observerPhoneNumber=${busy.phone}`);
    await expect.poll(() => threads(page).count(), { timeout: 10_000 }).toBe(10);

    const started = performance.now();
    let previous: string | null = null;
    for (let done = 0; done < 20; done += 1) {
      await page.keyboard.press("j");
      // Past the tenth row, j turns the page: the focus lands on the next page's first row once it is loaded.
      const moved = async () => {
        const focused = await focusedThread(page);
        return focused !== null && focused !== previous;
      };
      await expect.poll(moved, { message: `thread ${done + 1} has the focus` }).toBe(true);
      const key = await focusedThread(page);
      previous = key;
      await page.keyboard.press("Enter");
      const claim = page.getByRole("button", { name: "Claim", exact: true });
      await claim.waitFor();
      await page.keyboard.press("c");
      await page.getByText(/You hold this thread/).waitFor();
      await page.keyboard.press("3");
      await expect.poll(() => page.getByRole("radio", { name: "Resolved" }).isChecked()).toBe(true);
      // The focus never left the row: the next j starts from here.
      expect(await focusedThread(page)).toBe(key);
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(`20 urgent threads triaged by keyboard in ${seconds.toFixed(1)} s`);

    // The radio shows the choice at once; the last one may still be on its way to the server.
    const states = async () => {
      const listed = await productApi(baseUrl).get<{ data: Thread[] }>(staffToken, "/api/v1/answers", { urgent: "true", observerPhoneNumber: busy.phone, pageSize: 50 });
      return listed.data.map((thread) => thread.state);
    };
    await eventually(states).toEqual(Array(20).fill("resolved"));
    expect(errors).toEqual([]);
  });
});
