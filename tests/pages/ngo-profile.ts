/** The NGO profile (/ong/new, /ong/view/:id, /ong/edit/:id): the profile form, and the admins of a saved NGO. */
import { requiredLabel, type Target, type Words } from "./locators";
import type { ProfileFields, ProfilePage } from "./profile";

export type NgoField = "name" | "shortName" | "organizer" | "isActive";

export interface NgoProfile extends ProfilePage<NgoField> {
  /** Whether the admin accounts are shown (a saved NGO's). */
  showsAdmins(): Promise<boolean>;
  /** The admin accounts listed, in order. */
  adminAccounts(): Promise<string[]>;
  /** What the add-an-admin form holds. */
  adminDraft(): Promise<{ account: string; password: string }>;
  addAdmin(account: string, password: string): Promise<void>;
}

interface NgoProfileWords {
  headings: { creating: string; viewing: string; editing: string };
  loadFailed: string;
  name: string;
  shortName: string;
  organizer: string;
  active: string;
}

/** Romanian from src/locales/ro/messages.po. */
export const NGO_PROFILE_WORDS: Words<NgoProfileWords> = {
  en: {
    headings: { creating: "Add NGO", viewing: "NGO profile", editing: "Edit NGO" },
    loadFailed: "Could not load the NGO",
    name: "Name",
    shortName: "Short name",
    organizer: "Organizer",
    active: "Active",
  },
  ro: {
    headings: { creating: "Adaugă ONG", viewing: "Profilul ONG-ului", editing: "Editează ONG" },
    loadFailed: "ONG-ul nu a putut fi încărcat",
    name: "Nume",
    shortName: "Denumire scurtă",
    organizer: "Organizator",
    active: "Activ",
  },
};

export const ngoFields = (words = NGO_PROFILE_WORDS.en): ProfileFields<NgoField> => ({
  name: { role: "textbox", name: requiredLabel(words.name) },
  shortName: { role: "textbox", name: requiredLabel(words.shortName) },
  organizer: { role: "checkbox", name: words.organizer },
  isActive: { role: "checkbox", name: words.active },
});

/** The admin accounts are English only: the journeys add them in English. */
export const ngoAdminControls = {
  region: { role: "region", name: "Admin accounts" } satisfies Target,
  table: { role: "table" } satisfies Target,
  account: { role: "rowheader" } satisfies Target,
  form: { role: "form", name: "Add an admin account" } satisfies Target,
  accountField: { role: "textbox", name: requiredLabel("Account") } satisfies Target,
  passwordField: { label: requiredLabel("Password") } satisfies Target,
  add: { role: "button", name: "Add" } satisfies Target,
};
