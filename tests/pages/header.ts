/** The signed-in shell's header: who is signed in, the sections, the language and Logout. */
import type { ControlState, Target, Words } from "./locators";

export interface AppHeader {
  signedInAs(): Promise<string | null>;
  logoutState(): Promise<ControlState>;
  /** The sections the header links to, in order, as they read. */
  sections(): Promise<string[]>;
  openSection(name: string): Promise<void>;
  logOut(): Promise<void>;
  /** Languages are named in themselves. */
  chooseLanguage(language: "English" | "Română"): Promise<void>;
}

export const HEADER_WORDS: Words<{ logout: string; openMenu: string }> = {
  en: { logout: "Logout", openMenu: "Open the menu" },
  ro: { logout: "Deconectare", openMenu: "Deschide meniul" },
};

/**
 * Below 84em (jsdom's window is 1,024 px) the header's own links are display:none, where they have no
 * accessible name: the navigation is found by role alone, its links by their text.
 */
export const headerControls = (words = HEADER_WORDS.en) => ({
  banner: { role: "banner" } satisfies Target,
  navigation: { role: "navigation", hidden: true } satisfies Target,
  link: { role: "link", hidden: true } satisfies Target,
  section: (name: string) => ({ role: "link", name, hidden: true }) satisfies Target,
  logout: { role: "button", name: words.logout } satisfies Target,
  openMenu: { role: "button", name: words.openMenu } satisfies Target,
  userName: { testId: "user-name" } satisfies Target,
  language: (name: string) => ({ role: "radio", name }) satisfies Target,
});
