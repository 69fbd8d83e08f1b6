import type { Page } from "playwright-core";
import { OBSERVER_PROFILE_WORDS, observerFields, observerProfileControls, type ObserverProfile } from "../observer-profile";
import { OBSERVER_STATIONS_WORDS, observerStationsControls } from "../observer-stations";
import { PROFILE_WORDS } from "../profile";
import type { Locale } from "../../../src/shared/i18n/locales";
import { isThere, locate, stateOf } from "./locate";
import { profilePage } from "./profile";

export function observerProfile(page: Page, locale: Locale = "en"): ObserverProfile {
  const words = OBSERVER_PROFILE_WORDS[locale];
  const profile = profilePage(page, observerFields(words), PROFILE_WORDS[locale]);
  return {
    ...profile,
    async fieldError(field) {
      const [error] = await profile.field(field).evaluateAll((controls) =>
        controls.map((control) => ({
          invalid: control.getAttribute("aria-invalid") === "true",
          description: (control.getAttribute("aria-describedby") ?? "")
            .split(" ")
            .filter(Boolean)
            .map((id) => document.getElementById(id)?.textContent ?? "")
            .join(" "),
        })),
      );
      if (!error) throw new Error(`no field ${field} on screen`);
      return error;
    },
    resetPasswordState: () => stateOf(locate(page, observerProfileControls(words).resetPassword)),
    showsStations: () => isThere(locate(page, observerStationsControls(OBSERVER_STATIONS_WORDS[locale]).section)),
  };
}
