import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { LOCALE_STORAGE_KEY } from "../../src/shared/i18n/locales";
import { appHeader } from "../pages/browser/header";
import { stationImport } from "../pages/browser/polling-stations";
import { eventually } from "../pages/locators";
import { STATION_WORDS } from "../pages/polling-stations";
import { hasPostgres, postgresBinDir } from "../support/postgres-cluster.ts";
import { productApi, type Account } from "./support/api.ts";
import { launchBrowser, openPage, seeNoAxeViolationsSoftly, withoutProvokedHttpErrors } from "./support/browser.ts";
import { demoDatabaseEnv } from "./support/e2e-database.ts";
import { startServer, type RunningServer } from "./support/server-process.ts";
import { signIn } from "./support/session.ts";

/*
 * The done-when journey of the polling stations, as an organisation meets it following the README's "Production on
 * PostgreSQL": a new database without demo data, the first organizer from `admin:create`, then in Chromium the
 * official list imported (its diff first), an observer's arrival at an imported station, and a corrected list whose
 * columns the product does not know, mapped by hand, in Romanian on a phone-sized screen.
 */

const clusterUrl = inject("e2ePostgresUrl");
// Locally a missing PostgreSQL skips this file; CI installs it (.ci/run), so there its absence is a failure.
const skipped = !clusterUrl && !process.env.CI && !process.env.REQUIRE_POSTGRES;
if (skipped) console.warn(`production-start journey skipped: PostgreSQL (${postgresBinDir}/initdb) not installed (CI installs it).`);

const organizer: Account = { user: "coordonator", password: "a long secret for the journey" };
const observerPhone = `0796${String(Date.now()).slice(-6)}`;

/** Cluj's first 40 stations from the demo's official-format list: `;`, a BOM, Romanian headers, "CLUJ". */
const [HEADER, ...DEMO_LINES] = readFileSync(new URL("../../server/src/demo/content/polling-stations.csv", import.meta.url), "utf8")
  .replace(/^\uFEFF/, "")
  .split(/\r?\n/);
const OFFICIAL_LINES = [HEADER, ...DEMO_LINES.filter((line) => line.startsWith("CLUJ;")).slice(0, 40)];
const officialFile = () => new File(["\uFEFF" + OFFICIAL_LINES.join("\r\n") + "\r\n"], "sectii-oficial.csv", { type: "text/csv" });

const [, ...stationRows] = OFFICIAL_LINES.map((line) => line.split(";"));
const [, firstNumber, firstLocality] = stationRows[0];
const [, movedNumber] = stationRows[1];
const [, retiredNumber] = stationRows[2];

/**
 * The corrected list in a spreadsheet of the organisation's own (`,`, headers of its own): the second station moved
 * to another locality, the third left out, a new one at the end, the rest as they were.
 */
function correctedFile() {
  const rows = stationRows
    .filter(([, number]) => number !== retiredNumber)
    .map(([county, number, locality, institution]) => [county, number, number === movedNumber ? "Apahida" : locality, institution]);
  rows.push(["CJ", "900", "Florești", "Școala Gimnazială nr. 900"]);
  const quote = (cell = "") => `"${cell.replaceAll('"', '""')}"`;
  const text = ["Cod județ,Nr,Oraș,Clădire", ...rows.map((row) => row.map(quote).join(","))].join("\n");
  return new File([text], "lista-corectata.csv", { type: "text/csv" });
}

/** `npm run admin:create` as the README gives it: the password from ADMIN_PASSWORD. */
function adminCreate(databaseUrl: string): Promise<string> {
  const args = ["--import", "tsx", "server/src/cli/admin-create.ts", "--ngo", "Asociația Observatorul", "--short-name", "AO", "--account", organizer.user];
  const child = spawn(process.execPath, args, { env: { ...process.env, DATABASE_URL: databaseUrl, ADMIN_PASSWORD: organizer.password }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => child.once("exit", (code) => (code === 0 ? resolve(output) : reject(new Error(`admin:create exited with ${code}:\n${output}`)))));
}

describe.skipIf(skipped)("a production start in Chromium", () => {
  let server: RunningServer;
  let browser: Browser;
  let api: ReturnType<typeof productApi>;
  let organizerToken: string;

  beforeAll(async () => {
    if (!clusterUrl || !hasPostgres()) throw new Error("CI needs PostgreSQL 15 for the production-start journey");
    const { DATABASE_URL } = await demoDatabaseEnv(clusterUrl, `production_start_${Date.now()}`);
    await adminCreate(DATABASE_URL);
    [server, browser] = await Promise.all([startServer({ DATABASE_URL: DATABASE_URL, SEED: "false" }), launchBrowser()]);
    api = productApi(server.url);
    organizerToken = await api.tokenFor(organizer);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const registry = (query: Record<string, string | number> = {}) =>
    api.get<{ totalItems: number; data: { id: number; number: number; locality: string | null; status: string }[] }>(organizerToken, "/api/v1/polling-stations", query);

  /** Until the import's diff is on screen: its counts, whose step headings differ by language. */
  const diffShown = (page: Page, locale: "en" | "ro") => eventually(() => stationImport(page, locale).counts()).not.toBeNull();

  it("holds the 43 counties and no station; the organizer imports the official list after its diff, and an observer arrives at an imported station", async () => {
    const counties = await api.get<{ code: string; limit: number }[]>(organizerToken, "/api/v1/polling-station");
    expect(counties).toHaveLength(43);
    expect((await registry()).totalItems).toBe(0);

    const { page, errors, context } = await openPage(browser, server.url);
    const importing = stationImport(page);
    await signIn(page, organizer);
    await appHeader(page).openSection("Polling stations");
    await page.getByRole("heading", { level: 1, name: STATION_WORDS.en.title }).waitFor();
    await page.getByRole("link", { name: STATION_WORDS.en.import, exact: true }).click();
    await page.waitForURL("**/sectii/import");
    await seeNoAxeViolationsSoftly(page);

    await importing.chooseFile(officialFile());
    await diffShown(page, "en");
    // Nothing is saved by the dry run: the diff is all the organizer has seen so far.
    expect(await importing.counts()).toEqual({ added: "40", changed: "0", retired: "0", unchanged: "0" });
    expect(await importing.tabs()).toEqual(["Added (40)"]);
    expect((await importing.diffRows("added"))[0]).toEqual(expect.arrayContaining([firstNumber, firstLocality]));
    expect((await registry()).totalItems).toBe(0);
    await seeNoAxeViolationsSoftly(page);

    expect(await importing.commitButton()).toEqual({ text: "Import 40 changes", state: "enabled" });
    await importing.commit();
    await eventually(() => importing.done()).toContain("Added: 40. Changed: 0. Retired: 0. Unchanged: 0.");
    await seeNoAxeViolationsSoftly(page);
    expect((await registry()).totalItems).toBe(40);

    await page.getByRole("link", { name: "See the polling stations" }).click();
    await eventually(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Polling stations (40)");

    // An observer of the organizer's NGO arrives at the first imported station through the phones' API.
    const created = await fetch(`${server.url}/api/v1/observer`, {
      method: "POST",
      headers: { authorization: `Bearer ${organizerToken}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Ana Pop", phone: observerPhone, pin: "1234" }),
    });
    expect(created.status).toBe(201);
    const signedIn = await fetch(`${server.url}/api/v2/access/observer`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ phone: observerPhone, pin: "1234" }),
    });
    const { access_token: observerToken } = (await signedIn.json()) as { access_token: string };
    const arrival = await fetch(`${server.url}/api/v1/polling-station`, {
      method: "POST",
      headers: { authorization: `Bearer ${observerToken}`, "content-type": "application/json" },
      body: JSON.stringify({ countyCode: "CJ", pollingStationNumber: Number(retiredNumber), observerArrivalTime: new Date().toISOString() }),
    });
    expect(arrival.status).toBe(200);

    expect(errors).toEqual([]);
    await context.close();
  });

  it("in Romanian at 390 px: maps a corrected list's own columns, shows what changes, and retires without deleting the station with a report", async () => {
    const { page, errors, context } = await openPage(browser, server.url, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const importing = stationImport(page, "ro");
    // A returning Romanian user: the language an earlier visit chose is kept in the browser.
    await page.addInitScript(([key]) => localStorage.setItem(key, "ro"), [LOCALE_STORAGE_KEY]);
    await signIn(page, organizer, "/sectii/import");
    await page.getByRole("button", { name: STATION_WORDS.ro.selectFile }).waitFor();

    await importing.chooseFile(correctedFile());
    await eventually(() => importing.stepHeading()).toBe("Potriviți coloanele");
    await seeNoAxeViolationsSoftly(page);
    await importing.chooseColumn("county", "Cod județ");
    await importing.chooseColumn("number", "Nr");
    await importing.chooseColumn("locality", "Oraș");
    await importing.chooseColumn("institution", "Clădire");
    await page.getByRole("button", { name: STATION_WORDS.ro.checkMapping }).click();

    await diffShown(page, "ro");
    expect(await importing.counts()).toEqual({ added: "1", changed: "1", retired: "1", unchanged: "38" });
    expect(await importing.retireMissing()).toBe(true);
    await importing.openTab("changed");
    expect((await importing.diffRows("changed")).flat().join(" ")).toContain("Apahida");
    await importing.openTab("retired");
    expect((await importing.diffRows("retired")).map((row) => row.includes(retiredNumber))).toContain(true);
    await seeNoAxeViolationsSoftly(page);

    // Keeping the missing station is one switch away, and the counts say so before anything is saved.
    await importing.toggleRetireMissing();
    await eventually(() => importing.counts()).toEqual({ added: "1", changed: "1", retired: "0", unchanged: "38" });
    await importing.toggleRetireMissing();
    await eventually(() => importing.counts()).toEqual({ added: "1", changed: "1", retired: "1", unchanged: "38" });

    await importing.commit();
    await eventually(() => importing.done()).toContain("Adăugate: 1. Modificate: 1. Retrase: 1. Neschimbate: 38.");
    await seeNoAxeViolationsSoftly(page);

    // The retired station is kept, with the observer's arrival at it.
    const retired = (await registry({ status: "retired" })).data;
    expect(retired.map((station) => station.number)).toEqual([Number(retiredNumber)]);
    expect((await registry({ status: "active" })).totalItems).toBe(40);
    const coverage = await api.get<{ totals: { observed: number } }>(organizerToken, "/api/v1/coverage");
    expect(coverage.totals.observed).toBe(1);

    expect(withoutProvokedHttpErrors(errors, [422])).toEqual([]);
    await context.close();
  });
});
