import type { Page } from "playwright-core";
import type { Locale } from "../../../src/shared/i18n/locales";
import { appHeader } from "../../pages/browser/header";
import { ngoList } from "../../pages/browser/ngo-list";
import { observerList } from "../../pages/browser/observer-list";
import { eventually } from "../../pages/locators";
import { NGO_LIST_WORDS } from "../../pages/ngo-list";
import { OBSERVER_LIST_WORDS } from "../../pages/observer-list";
import { loginPage } from "../../pages/browser/login";
import { toasts } from "../../pages/browser/common";
import type { Account } from "./api.ts";

/** Signs in on /login and waits for the landing page and its header (a lazy chunk, drawn after the URL changes). */
export async function signIn(page: Page, { user, password }: Account) {
  await page.goto("/login");
  const login = loginPage(page);
  await login.fillCredentials(user, password);
  await login.submit();
  await page.waitForURL("**/urgents");
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
