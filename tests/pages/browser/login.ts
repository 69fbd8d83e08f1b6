import type { Page } from "playwright-core";
import type { Locale } from "../../../src/shared/i18n/locales";
import { LOGIN_WORDS, loginControls, type LoginPage } from "../login";
import { isThere, locate, stateOf, textOf } from "./locate";

export function loginPage(page: Page, locale: Locale = "en"): LoginPage {
  const controls = loginControls(LOGIN_WORDS[locale]);
  const at = (target: (typeof controls)[keyof typeof controls]) => locate(page, target);
  return {
    async fillCredentials(account, password) {
      await at(controls.account).fill(account);
      await at(controls.password).fill(password);
    },
    submit: () => at(controls.submit).click(),
    isShown: () => isThere(at(controls.heading)),
    accountRequired: async () => (await at(controls.account).evaluateAll((fields) => fields.map((field) => (field as HTMLInputElement).required))).includes(true),
    submitState: () => stateOf(at(controls.submit)),
    showsLoader: () => isThere(locate(at(controls.submit), controls.loader)),
    error: () => textOf(at(controls.error)),
  };
}
