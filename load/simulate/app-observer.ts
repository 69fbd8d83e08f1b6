// Observers who play in the real observers' app (/observer/) in headless Chromium, beside the API observers of
// npm run simulate: sign in through the app, arrive at a station of their county, answer the published forms (some
// answers flagged), keep a note, lose the network for a while and get it back, and wait until the outbox is sent.
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "../../tests/e2e/support/browser.ts";
import type { Credentials } from "./credentials.ts";

export interface AppTally {
  signedIn: number;
  arrivals: number;
  answers: number;
  notes: number;
  offlineSpells: number;
  itemsSent: number;
}

const PHONE_VIEWPORT = { width: 390, height: 844 };
const WAIT_MS = 60_000;
/** How long an app observer is offline in the middle of a visit, as in a basement polling station. */
const OFFLINE_MS = 5_000;

export const emptyAppTally = (): AppTally => ({ signedIn: 0, arrivals: 0, answers: 0, notes: 0, offlineSpells: 0, itemsSent: 0 });

/** Starts one browser for all app observers; `play` runs one of them through a visit. */
export async function startAppObservers(baseUrl: string, tally: AppTally) {
  const browser: Browser = await launchBrowser();
  return {
    play: (credentials: Credentials, county: { code: string; name: string; limit: number }, index: number) => playInApp(browser, baseUrl, credentials, county, index, tally),
    close: () => browser.close(),
  };
}

async function playInApp(browser: Browser, baseUrl: string, credentials: Credentials, county: { code: string; limit: number }, index: number, tally: AppTally) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true, locale: "en-US" });
  const page = await context.newPage();
  try {
    await page.goto("/observer/");
    await page.getByLabel("Phone number").fill(credentials.phone);
    await page.getByLabel("PIN").fill(credentials.pin);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.locator("[data-sync-phase]").waitFor({ timeout: WAIT_MS });
    tally.signedIn++;
    await arrive(page, county, index);
    tally.arrivals++;
    await context.setOffline(true);
    tally.offlineSpells++;
    const offlineUntil = Date.now() + OFFLINE_MS;
    const forms = await answerForms(page, index);
    tally.answers += forms;
    await keepNote(page, `Observator din aplicație ${index + 1}: totul în regulă la ora ${new Date().toLocaleTimeString("ro-RO")}.`);
    tally.notes++;
    await page.waitForTimeout(Math.max(0, offlineUntil - Date.now()));
    await context.setOffline(false);
    await page.locator('[data-sync-phase="allSent"]').waitFor({ timeout: WAIT_MS });
    tally.itemsSent += forms + 2; // the arrival, the forms' answers and the note
  } finally {
    await context.close();
  }
}

/** The first assigned station, else a station of the county picked by number (from the registry on the phone). */
async function arrive(page: Page, county: { code: string; limit: number }, index: number) {
  await page.getByRole("heading", { name: "Choose your polling station" }).waitFor({ timeout: WAIT_MS });
  await page.getByLabel("County").waitFor({ timeout: WAIT_MS });
  const assigned = page.getByRole("button", { name: /^I have arrived at / }).first();
  if (await assigned.isVisible()) {
    await assigned.click();
  } else {
    await page.getByLabel("County").selectOption(county.code);
    await page.getByLabel("Station number").fill(String(1 + (index % Math.max(1, county.limit))));
    await page.getByRole("button", { name: "I have arrived here" }).click();
  }
  await page.locator('a[href^="/observer/forms/"]').first().waitFor({ timeout: WAIT_MS });
}

/** Answers the first question of each form on the station page: the first option, or the last now and then. */
async function answerForms(page: Page, index: number): Promise<number> {
  const forms = await page.locator('a[href^="/observer/forms/"]').count();
  for (let form = 0; form < forms; form++) {
    await page.locator('a[href^="/observer/forms/"]').nth(form).click();
    const options = page.locator('main [role="radiogroup"]').first().locator('input[type="radio"]');
    await options.first().waitFor({ timeout: WAIT_MS });
    await options.nth((index + form) % 5 === 0 ? (await options.count()) - 1 : 0).check();
    await page.goBack();
  }
  return forms;
}

async function keepNote(page: Page, text: string) {
  await page.getByRole("link", { name: "Add a note", exact: true }).click();
  await page.getByLabel("What you saw").fill(text);
  await page.getByRole("button", { name: "Keep the note" }).click();
  await page.getByLabel("What you saw").waitFor({ state: "detached", timeout: WAIT_MS });
}
