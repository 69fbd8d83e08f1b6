import type { Page } from "playwright-core";
import { expect } from "vitest";

/** The observers' app (/observer/) as an observer uses it on a phone, in English. */
export function observerApp(page: Page) {
  const syncLine = page.locator("[data-sync-phase]");
  return {
    async signIn(phone: string, pin: string) {
      await page.goto("/observer/");
      await page.getByLabel("Phone number").fill(phone);
      await page.getByLabel("PIN").fill(pin);
      await page.getByRole("button", { name: "Sign in" }).click();
    },
    /** Waits until the first sync has brought the observer's stations, forms and registry. */
    async seeReady() {
      await page.getByRole("heading", { name: "Choose your polling station" }).waitFor();
      await page.getByRole("region", { name: "Your assigned stations" }).waitFor();
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
  };
}
