import ExcelJS from "exceljs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { demoPng } from "../../server/src/demo/images.ts";
import { productApi, type Account } from "./support/api.ts";
import { expectNoAxeViolations, launchBrowser, openPage } from "./support/browser.ts";
import { signIn } from "./support/session.ts";
import { appHeader } from "../pages/browser/header.ts";

const baseUrl = inject("baseUrl");
const organizer: Account = { user: "0700000001", password: "demo1234" };
/** Unique per run: the observer this journey creates reports from its own phone. */
const phone = `0798${String(Date.now()).slice(-6)}`;

interface Form {
  id: number;
  formSections: { questions: { id: number; code: string; optionsToQuestions: { idOption: number; text: string; flagged: boolean }[] }[] }[];
}

async function call(path: string, token: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(new URL(path, baseUrl), { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });
  expect(response.status, `${init.method ?? "GET"} ${path}`).toBeLessThan(300);
  return response;
}
const json = (body: unknown): RequestInit => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

/**
 * What an observer's phone does, through the public API: an organizer adds the observer, who signs in, arrives
 * at a station, answers a question with a flagged option and writes a note with a photo about it.
 */
async function observerReports(staffToken: string) {
  await call("/api/v1/observer", staffToken, json({ name: "Observatoare Jurnal", phone, pin: "4321", sendSMS: false }));
  const signedIn = await fetch(new URL("/api/v2/access/observer", baseUrl), json({ phone, pin: "4321" }));
  expect(signedIn.status).toBe(200);
  const token = ((await signedIn.json()) as { access_token: string }).access_token;
  const station = { countyCode: "CJ", pollingStationNumber: 7 };
  await call("/api/v1/polling-station", token, json({ ...station, observerArrivalTime: new Date().toISOString(), urbanArea: true, isPollingStationPresidentFemale: false }));
  const forms = (await (await call("/api/v1/form?draft=false", token)).json()) as { formVersions: { id: number }[] };
  const form = (await (await call(`/api/v1/form/${forms.formVersions[0].id}`, token)).json()) as Form;
  const question = form.formSections.flatMap((section) => section.questions).find((candidate) => candidate.optionsToQuestions.some((option) => option.flagged))!;
  const flagged = question.optionsToQuestions.find((option) => option.flagged)!;
  await call("/api/v1/answers", token, json({ answers: [{ questionId: question.id, ...station, options: [{ optionId: flagged.idOption }] }] }));
  const note = new FormData();
  note.set("countyCode", station.countyCode);
  note.set("pollingStationNumber", String(station.pollingStationNumber));
  note.set("questionId", String(question.id));
  note.set("text", "Urna nu era sigilată.");
  note.append("files", new File([new Uint8Array(demoPng(7, 320, 240))], "urna.png", { type: "image/png" }));
  await call("/api/v2/note", token, { method: "POST", body: note });
  return { question, flagged };
}

describe("answers and urgents in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it("shows an observer's flagged answer and photo on /urgents, in its details, and in the download of that filter", async () => {
    const { question, flagged } = await observerReports(await productApi(baseUrl).tokenFor(organizer));
    const { page, errors } = await openPage(browser, baseUrl, { acceptDownloads: true });
    await signIn(page, organizer);

    // Staff narrow the urgent list to the observer's phone: the filter is in the address.
    await page.getByRole("textbox", { name: "Observer phone" }).fill(phone);
    await page.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL(`**/urgents?*observerPhoneNumber=${phone}*`);
    const thread = page.getByTestId("answer-thread");
    await expect.poll(() => thread.count()).toBe(1);
    await expect.poll(() => thread.textContent()).toContain("Observatoare Jurnal");
    await expectNoAxeViolations(page);

    // The details: the flagged answer in red and named so, the note's photo opening large.
    await thread.click();
    await page.waitForURL("**/urgents/details/**");
    // The details mark the answer "Flagged" in words as well as in red (the list says "1 flagged").
    await expect.poll(() => page.getByText("Flagged", { exact: true }).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText(flagged.text, { exact: true }).count()).toBeGreaterThan(0);
    await page.getByRole("button", { name: /Show notes \(1\)/ }).click();
    await page.getByRole("button", { name: /Open photo 1 of the note/ }).click();
    const photo = page.getByRole("dialog").getByRole("img", { name: /Photo 1 of the note/ });
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(320);
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    // A subtle button under the pointer keeps its contrast on its hover background (axe checks what is drawn now).
    await page.getByRole("button", { name: /Hide notes \(1\)/ }).hover();
    await expectNoAxeViolations(page);

    // The download holds what the filter shows: this observer's one flagged answer.
    await page.getByRole("button", { name: "Download answers" }).click();
    const downloading = page.waitForEvent("download");
    await page.getByRole("dialog").getByRole("button", { name: "Download" }).click();
    const download = await downloading;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path()));
    const rows: unknown[][] = [];
    workbook.getWorksheet("answers")!.eachRow((row) => void rows.push((row.values as unknown[]).slice(1)));
    expect(rows.slice(1).map((row) => [row[1], row[8], row[10], row[12]])).toEqual([[phone, question.code, flagged.text, true]]);

    // The same screen in Romanian passes the scan too.
    await appHeader(page).chooseLanguage("Română");
    await page.getByRole("heading", { level: 1, name: "Răspunsuri urgente" }).waitFor();
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });
});
