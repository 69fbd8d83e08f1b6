import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { Locale } from "../../../src/shared/i18n/locales";
import { NGO_PROFILE_WORDS, ngoAdminControls as admins, ngoFields, type NgoProfile } from "../ngo-profile";
import { PROFILE_WORDS } from "../profile";
import { isThere, locate, textsOf, valueOf } from "./locate";
import { profilePage } from "./profile";

export function ngoProfile(page: Page, locale: Locale = "en"): NgoProfile {
  const form = () => locate(page, admins.form);
  const region = () => locate(page, admins.region);
  return {
    ...profilePage(page, ngoFields(NGO_PROFILE_WORDS[locale]), PROFILE_WORDS[locale]),
    showsAdmins: () => isThere(region()),
    adminAccounts: () => textsOf(locate(locate(region(), admins.table), admins.account)),
    adminDraft: async () => ({
      account: String((await valueOf(locate(form(), admins.accountField))) ?? ""),
      password: String((await valueOf(locate(form(), admins.passwordField))) ?? ""),
    }),
    async addAdmin(account, password) {
      await locate(form(), admins.accountField).fill(account);
      await locate(form(), admins.passwordField).fill(password);
      const add = locate(form(), admins.add);
      // Add is enabled once both fields are valid: a click before would be lost.
      await expect.poll(() => add.isEnabled()).toBe(true);
      await add.click();
    },
  };
}
