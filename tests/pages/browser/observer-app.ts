import type { Page } from "playwright-core";
import { expect } from "vitest";
import { SNAPSHOT_CACHE, SNAPSHOT_URL } from "../../../src/observer-app/app/screen-snapshot";

/** The observers' app (/observer/) as an observer uses it on a phone, in English. */
export function observerApp(page: Page) {
  const syncLine = page.locator("[data-sync-phase]");
  const outboxItem = (title: string) => page.locator("[data-outbox-state]").filter({ has: page.getByText(title, { exact: true }) });
  return {
    async signIn(phone: string, pin: string) {
      await page.goto("/observer/");
      await page.getByLabel("Phone number").fill(phone);
      await page.getByLabel("PIN").fill(pin);
      await page.getByRole("button", { name: "Sign in" }).click();
    },
    /** Waits until the first sync has brought the observer's stations, forms and registry: the app says it is ready offline. */
    async seeReady() {
      await page.getByRole("heading", { name: "Choose your polling station" }).waitFor();
      await page.getByRole("region", { name: "Your assigned stations" }).waitFor();
      await page.locator('[data-offline-ready="true"]').waitFor({ timeout: 30_000 });
    },
    async arriveAtAssigned(countyName: string, number: number) {
      await page.getByRole("button", { name: `I have arrived at ${countyName} ${number}` }).click();
      await page.getByRole("heading", { name: `Station ${countyName} ${number}` }).waitFor();
    },
    async openForm(code: string) {
      await page.getByRole("link", { name: new RegExp(`^${code}:`) }).click();
      await page.getByRole("heading", { level: 1, name: new RegExp(`^${code}:`) }).waitFor();
    },
    /** Chooses an option of a single-choice question, named by its code. */
    async choose(questionCode: string, option: string) {
      const group = page.getByRole("radiogroup", { name: new RegExp(`^${questionCode.replace(/\./g, "\\.")}\\.`) });
      await group.getByRole("radio", { name: option, exact: true }).check();
    },
    /** Writes a note on a question with photos (files as Playwright takes them) and keeps it; back on the form. */
    async addNoteTo(questionCode: string, text: string, photos: { name: string; mimeType: string; buffer: Buffer }[]) {
      await page.getByRole("link", { name: `Add a note or photos to ${questionCode}` }).click();
      await page.getByRole("heading", { name: `Note on ${questionCode}` }).waitFor();
      await page.getByLabel("What you saw").fill(text);
      await page.getByTestId("note-photos").setInputFiles(photos);
      await expect.poll(() => page.getByRole("img", { name: /^Photo \d$/ }).count(), { timeout: 20_000 }).toBe(photos.length);
      await page.getByRole("button", { name: "Keep the note" }).click();
      await page.getByRole("heading", { name: `Note on ${questionCode}` }).waitFor({ state: "detached" });
    },
    async seeUrgentNotice() {
      await page.getByText("it goes out as urgent").first().waitFor();
    },
    async backToStation() {
      await page.getByRole("link", { name: "Back to the station" }).click();
    },
    async openOutbox() {
      await page.getByRole("link", { name: /^Outbox/ }).click();
      await page.getByRole("heading", { name: "Outbox" }).waitFor();
    },
    /** The state of every outbox item, newest first. */
    outboxStates: () => page.locator("[data-outbox-state]").evaluateAll((items) => items.map((item) => item.getAttribute("data-outbox-state"))),
    syncPhase: () => syncLine.getAttribute("data-sync-phase"),
    async seeEverythingSent(timeout = 20_000) {
      await expect.poll(() => syncLine.getAttribute("data-sync-phase"), { timeout }).toBe("allSent");
    },
    /** Waits until the status line shows `phase` (e.g. "waiting" while the server is down). */
    async seeSyncPhase(phase: string, timeout = 20_000) {
      await expect.poll(() => syncLine.getAttribute("data-sync-phase"), { timeout }).toBe(phase);
    },
    /** What the status line says. */
    syncLineText: () => syncLine.innerText(),
    /** Every outbox item as "<title>: <state>", newest first. */
    outboxEntries: () =>
      page
        .locator("[data-outbox-state]")
        .evaluateAll((items) => items.map((item) => `${item.querySelector("p")?.textContent ?? ""}: ${item.getAttribute("data-outbox-state")}`)),
    /** The advice shown under a refused outbox item, named by its title. */
    refusalAdviceOf: (title: string) => outboxItem(title).locator("p").last().textContent(),
    async clickGiveUp(title: string) {
      await outboxItem(title).getByRole("button", { name: "Give it up" }).click();
      await outboxItem(title).waitFor({ state: "detached" });
    },
    async clickSendNow() {
      await page.getByRole("button", { name: "Send now" }).click();
    },
    async openStation() {
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Station", exact: true }).click();
      await page.getByRole("heading", { level: 1, name: /^Station / }).waitFor();
    },
    async clickChangeStation() {
      await page.getByRole("link", { name: "Change station" }).click();
      await page.getByRole("heading", { name: "Choose your polling station" }).waitFor();
    },
    /** Whether an option of a single-choice question, named by its code, is chosen (as the phone kept it). */
    isChosen: (questionCode: string, option: string) =>
      page
        .getByRole("radiogroup", { name: new RegExp(`^${questionCode.replace(/\./g, "\\.")}\\.`) })
        .getByRole("radio", { name: option, exact: true })
        .isChecked(),
    async openAccount() {
      await page.getByRole("link", { name: "Account" }).click();
      await page.getByRole("heading", { name: "Account" }).waitFor();
    },
    async clickSignOut() {
      await page.getByRole("button", { name: "Sign out" }).click();
    },
    /** The alert that refuses signing out while items are not on the server: its title and its words. */
    async seeSignOutRefused() {
      const alert = page.getByRole("alert").filter({ hasText: "You cannot sign out yet" });
      await alert.waitFor();
      return alert.innerText();
    },
    /** The screen kept for the app's next opening (src/observer-app/app/screen-snapshot.ts), or null. */
    keptScreen: () =>
      page.evaluate(
        async ([url, cacheName]) => {
          const kept = await caches.match(url, { cacheName });
          return kept ? ((await kept.json()) as { path: string; html: string }) : null;
        },
        [SNAPSHOT_URL, SNAPSHOT_CACHE] as const,
      ),
    async seeSignedOut() {
      await page.getByRole("heading", { name: "Vote Monitor: observers" }).waitFor();
    },
  };
}
