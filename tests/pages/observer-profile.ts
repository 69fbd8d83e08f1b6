/** The observer profile (/observatori/profil/new, view/:id, edit/:id): the profile form and its own extras. */
import { requiredLabel, type ControlState, type Target, type Words } from "./locators";
import type { ProfileFields, ProfilePage } from "./profile";

export type ObserverField = "name" | "phone" | "pin";

export interface ObserverProfile extends ProfilePage<ObserverField> {
  /** A field's error as a screen reader hears it: its description, and whether it is marked invalid. */
  fieldError(field: ObserverField): Promise<{ invalid: boolean; description: string }>;
  resetPasswordState(): Promise<ControlState>;
  /** Whether the "Assigned polling stations" section is on the page (tests/pages/observer-stations.ts reads it). */
  showsStations(): Promise<boolean>;
}

interface ObserverProfileWords {
  headings: { creating: string; viewing: string; editing: string };
  loadFailed: string;
  name: string;
  phone: string;
  password: string;
  resetPassword: string;
}

const ENGLISH: ObserverProfileWords = {
  headings: { creating: "Add observer", viewing: "Observer profile", editing: "Edit observer" },
  loadFailed: "Could not load the observer",
  name: "Name",
  phone: "Phone",
  password: "Password",
  resetPassword: "Reset password",
};

/** From src/locales/ro/messages.po; the Romanian journey adds an observer. */
export const OBSERVER_PROFILE_WORDS: Words<ObserverProfileWords> = {
  en: ENGLISH,
  ro: { ...ENGLISH, headings: { ...ENGLISH.headings, creating: "Adaugă observator" }, name: "Nume", phone: "Telefon", password: "Parolă" },
};

export const observerFields = (words = OBSERVER_PROFILE_WORDS.en): ProfileFields<ObserverField> => ({
  name: { role: "textbox", name: requiredLabel(words.name) },
  phone: { role: "textbox", name: requiredLabel(words.phone) },
  // A password box has no role.
  pin: { label: requiredLabel(words.password) },
});

export const observerProfileControls = (words = OBSERVER_PROFILE_WORDS.en) => ({
  resetPassword: { role: "button", name: words.resetPassword } satisfies Target,
});
