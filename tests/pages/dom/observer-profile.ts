import type { UserEvent } from "@testing-library/user-event";
import type { Locale } from "../../../src/shared/i18n/locales";
import { OBSERVER_PROFILE_WORDS, observerFields, observerProfileControls, type ObserverField, type ObserverProfile } from "../observer-profile";
import { OBSERVER_STATIONS_WORDS, observerStationsControls } from "../observer-stations";
import { PROFILE_WORDS } from "../profile";
import { find, need, read, stateOf } from "./find";
import { profilePage } from "./profile";

export function observerProfile(user: UserEvent, locale: Locale = "en"): ObserverProfile {
  const words = OBSERVER_PROFILE_WORDS[locale];
  const fields = observerFields(words);
  return {
    ...profilePage(user, fields, PROFILE_WORDS[locale]),
    fieldError: read((field: ObserverField) => {
      const control = need(fields[field]);
      const description = (control.getAttribute("aria-describedby") ?? "")
        .split(" ")
        .filter(Boolean)
        .map((id) => document.getElementById(id)?.textContent ?? "")
        .join(" ");
      return { invalid: control.getAttribute("aria-invalid") === "true", description };
    }),
    resetPasswordState: read(() => stateOf(find(observerProfileControls(words).resetPassword))),
    showsStations: read(() => find(observerStationsControls(OBSERVER_STATIONS_WORDS[locale]).section) !== null),
  };
}
