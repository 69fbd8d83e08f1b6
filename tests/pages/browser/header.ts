import type { Page } from "playwright-core";
import type { Locale } from "../../../src/shared/i18n/locales";
import { HEADER_WORDS, headerControls, type AppHeader } from "../header";
import { locate, stateOf, textOf, textsOf } from "./locate";

export function appHeader(page: Page, locale: Locale = "en"): AppHeader {
  const controls = headerControls(HEADER_WORDS[locale]);
  const navigation = () => locate(locate(page, controls.banner), controls.navigation);
  return {
    signedInAs: () => textOf(locate(page, controls.userName)),
    logoutState: () => stateOf(locate(page, controls.logout)),
    sections: () => textsOf(locate(navigation(), controls.link)),
    // Below 84em (1,344 px: the journeys' 1,280 px) the header's links are collapsed behind the burger.
    async openSection(name) {
      await locate(page, controls.banner).waitFor();
      const inHeader = locate(navigation(), controls.section(name));
      if (await inHeader.isVisible()) return inHeader.click();
      await locate(page, controls.openMenu).click();
      await page.getByRole("navigation").getByRole("link", { name, exact: true }).click();
    },
    logOut: () => locate(page, controls.logout).click(),
    // The radio itself is hidden under its label: the user clicks the label.
    async chooseLanguage(language) {
      const id = await locate(page, controls.language(language)).getAttribute("id");
      await page.locator(`label[for="${id}"]`).click();
    },
  };
}
