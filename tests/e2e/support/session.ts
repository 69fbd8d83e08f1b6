import type { Page } from "playwright-core";
import { expect } from "vitest";
import { TOKEN_STORAGE_KEY } from "../../../src/features/session/token";
import type { Locale } from "../../../src/shared/i18n/locales";
import { appHeader } from "../../pages/browser/header";
import { ngoList } from "../../pages/browser/ngo-list";
import { observerList } from "../../pages/browser/observer-list";
import { eventually } from "../../pages/locators";
import { NGO_LIST_WORDS } from "../../pages/ngo-list";
import { OBSERVER_LIST_WORDS } from "../../pages/observer-list";
import { toasts } from "../../pages/browser/common";
import type { Account } from "./api.ts";

/**
 * Signs in as someone who signed in before: a token from the API, kept where the session machine keeps it, then the
 * page `at` (the landing page unless told). The sign-in form itself is driven in session.e2e.test.ts and the keyboard
 * journey of forms.e2e.test.ts; through it, every other journey spent 2 s on /login and /urgents before its first step.
 */
export async function signIn(page: Page, account: Account, at = "/urgents") {
  const response = await page.request.post("/api/v2/access/authorize", { data: account });
  expect(response.status()).toBe(200);
  const { access_token: token } = (await response.json()) as { access_token: string };
  // Stored by the first document the page loads, before the app reads it, and by no later one (a reload after a
  // sign-out stays signed out): the tab's session storage remembers that it was done.
  const once = `signed-in-by-test-${Math.random()}`;
  await page.addInitScript(
    ([key, value, done]) => {
      if (location.origin === "null" || sessionStorage.getItem(done)) return;
      sessionStorage.setItem(done, "yes");
      localStorage.setItem(key, value);
    },
    [TOKEN_STORAGE_KEY, token, once] as const,
  );
  await page.goto(at);
  await page.getByTestId("user-name").waitFor({ state: "attached" });
}

/** Opens a list from the header and waits until its first page is on screen, with no load pending. */
export async function openList(page: Page, section: "ngos" | "observers", locale: Locale = "en") {
  const words = section === "ngos" ? NGO_LIST_WORDS[locale].ngos : OBSERVER_LIST_WORDS[locale].observers;
  await appHeader(page, locale).openSection(words);
  await page.waitForURL(section === "ngos" ? "**/ong" : "**/observatori");
  await waitForList(page, section, locale);
}

/** The list's title is on screen, and no load is pending. */
export async function waitForList(page: Page, section: "ngos" | "observers", locale: Locale = "en") {
  const list = section === "ngos" ? ngoList(page, locale) : observerList(page, locale);
  const busy = section === "ngos" ? () => ngoList(page, locale).isBusy() : async () => (await observerList(page, locale).loading()) !== null;
  await eventually(() => list.total()).not.toBeNull();
  await eventually(busy).toBe(false);
}

/** Waits for a toast that says `message`. */
export function toastSaying(page: Page, message: string) {
  return eventually(() => toasts(page).saying(message)).not.toEqual([]);
}
