import type { UserEvent } from "@testing-library/user-event";
import type { Locale } from "../../../src/shared/i18n/locales";
import { HEADER_WORDS, headerControls, type AppHeader } from "../header";
import { control, find, findAll, read, stateOf, textOf } from "./find";

export function appHeader(user: UserEvent, locale: Locale = "en"): AppHeader {
  const controls = headerControls(HEADER_WORDS[locale]);
  const navigation = () => find(controls.navigation, find(controls.banner));
  return {
    signedInAs: read(() => textOf(find(controls.userName))),
    logoutState: read(() => stateOf(find(controls.logout))),
    sections: read(() => findAll(controls.link, navigation()).map((link) => textOf(link) ?? "")),
    openSection: async (name) => user.click(await control(controls.section(name), navigation)),
    logOut: async () => user.click(await control(controls.logout)),
    chooseLanguage: async (language) => user.click(await control(controls.language(language))),
  };
}
