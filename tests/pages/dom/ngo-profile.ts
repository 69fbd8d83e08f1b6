import type { UserEvent } from "@testing-library/user-event";
import type { Locale } from "../../../src/shared/i18n/locales";
import { NGO_PROFILE_WORDS, ngoAdminControls as admins, ngoFields, type NgoProfile } from "../ngo-profile";
import { PROFILE_WORDS } from "../profile";
import { control, find, findAll, read, textOf, typeInto } from "./find";
import { profilePage } from "./profile";

export function ngoProfile(user: UserEvent, locale: Locale = "en"): NgoProfile {
  const form = () => find(admins.form);
  const value = (field: HTMLElement | null) => (field as HTMLInputElement | null)?.value ?? "";
  return {
    ...profilePage(user, ngoFields(NGO_PROFILE_WORDS[locale]), PROFILE_WORDS[locale]),
    showsAdmins: read(() => find(admins.region) !== null),
    adminAccounts: read(() => findAll(admins.account, find(admins.table, find(admins.region))).map((cell) => textOf(cell) ?? "")),
    adminDraft: read(() => ({ account: value(find(admins.accountField, form())), password: value(find(admins.passwordField, form())) })),
    async addAdmin(account, password) {
      await typeInto(user, await control(admins.accountField, form), account);
      await typeInto(user, await control(admins.passwordField, form), password);
      await user.click(await control(admins.add, form));
    },
  };
}
