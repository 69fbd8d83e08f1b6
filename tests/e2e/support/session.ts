import type { Page } from "playwright-core";
import type { Account } from "./api.ts";

/** Signs in on /login (English labels) and waits for the landing page, as staff do. */
export async function signIn(page: Page, { user, password }: Account) {
  await page.goto("/login");
  await page.getByLabel("Phone number").fill(user);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL("**/urgents");
}
