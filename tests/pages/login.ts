/** The login screen (/login). */
import { requiredLabel, type ControlState, type Target, type Words } from "./locators";

export interface LoginPage {
  fillCredentials(account: string, password: string): Promise<void>;
  submit(): Promise<void>;
  /** Whether the login form is on screen. */
  isShown(): Promise<boolean>;
  accountRequired(): Promise<boolean>;
  /** "busy" while signing in. */
  submitState(): Promise<ControlState>;
  /** Whether the submit button shows its loader. */
  showsLoader(): Promise<boolean>;
  /** The refusal or failure shown under the form, null without one. */
  error(): Promise<string | null>;
}

export const LOGIN_WORDS: Words<{ heading: string; account: string; password: string; submit: string }> = {
  en: { heading: "Login", account: "Phone number", password: "Password", submit: "Login" },
  ro: { heading: "Autentificare", account: "Număr de telefon", password: "Parolă", submit: "Autentificare" },
};

export const loginControls = (words = LOGIN_WORDS.en) => ({
  heading: { role: "heading", level: 2, name: words.heading } satisfies Target,
  account: { role: "textbox", name: requiredLabel(words.account) } satisfies Target,
  // A password box has no role.
  password: { label: requiredLabel(words.password) } satisfies Target,
  submit: { role: "button", name: words.submit } satisfies Target,
  loader: { testId: "login-loader" } satisfies Target,
  error: { role: "alert" } satisfies Target,
});
