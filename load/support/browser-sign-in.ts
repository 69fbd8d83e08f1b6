import type { Browser } from "playwright-core";

/** The demo's organizer, whom the browser benches sign in as. */
export const BENCH_ORGANIZER = { user: "0700000001", password: "demo1234" };

/** Signs in on /login once; every measured tab starts from that session (the token the SPA keeps). */
export async function signedInState(browser: Browser, url: string) {
  const context = await browser.newContext({ baseURL: url, locale: "en-US" });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByRole("textbox", { name: /Phone number/ }).fill(BENCH_ORGANIZER.user);
  await page.getByLabel(/^Password/).fill(BENCH_ORGANIZER.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL("**/urgents");
  const state = await context.storageState();
  await context.close();
  return state;
}

export type BenchSession = Awaited<ReturnType<typeof signedInState>>;
