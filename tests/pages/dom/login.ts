import type { UserEvent } from "@testing-library/user-event";
import type { Locale } from "../../../src/shared/i18n/locales";
import { LOGIN_WORDS, loginControls, type LoginPage } from "../login";
import { control, find, read, stateOf, textOf, typeInto } from "./find";

export function loginPage(user: UserEvent, locale: Locale = "en"): LoginPage {
  const controls = loginControls(LOGIN_WORDS[locale]);
  return {
    async fillCredentials(account, password) {
      await typeInto(user, await control(controls.account), account);
      await typeInto(user, await control(controls.password), password);
    },
    submit: async () => user.click(await control(controls.submit)),
    isShown: read(() => find(controls.heading) !== null),
    accountRequired: read(() => (find(controls.account) as HTMLInputElement | null)?.required === true),
    submitState: read(() => stateOf(find(controls.submit))),
    showsLoader: read(() => find(controls.loader, find(controls.submit)) !== null),
    error: read(() => textOf(find(controls.error))),
  };
}
