import { SignJWT } from "jose";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Locale } from "../../src/shared/i18n/locales";
import { appHeader } from "../pages/browser/header";
import { loginPage } from "../pages/browser/login";
import { eventually } from "../pages/locators";
import { expectNoAxeViolations, launchBrowser, openPage } from "./support/browser.ts";
import { E2E_TOKEN_SECRET } from "./support/server-process.ts";
import { productApi } from "./support/api.ts";

const baseUrl = inject("baseUrl");
const organizer = { user: "0700000001", password: "demo1234" };
const partnerAdmin = { user: "0700000002", password: "demo1234" };

/** Types the credentials on the login screen shown, in its language, and submits them. */
async function signIn(page: Page, { user, password }: { user: string; password: string }, locale: Locale = "en") {
  const login = loginPage(page, locale);
  await login.fillCredentials(user, password);
  await login.submit();
}

const tokenFor = productApi(baseUrl).tokenFor;

describe("the session in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it("signs the organizer in to /urgents, switches to Romanian and signs out", async () => {
    const { page, errors, context } = await openPage(browser, baseUrl);
    await page.goto("/");
    await expect.poll(() => new URL(page.url()).pathname).toBe("/login");
    await eventually(() => loginPage(page).isShown()).toBe(true);
    await expectNoAxeViolations(page);

    await signIn(page, organizer);
    await page.waitForURL("**/urgents");
    await page.getByRole("heading", { name: "Urgent answers" }).waitFor();
    const header = appHeader(page);
    await eventually(() => header.signedInAs()).toBe("0700000001");
    await eventually(() => header.sections()).toContain("NGOs");
    await expectNoAxeViolations(page);

    await header.chooseLanguage("Română");
    await page.getByRole("heading", { name: "Răspunsuri urgente" }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("ro");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("ro");
    await expectNoAxeViolations(page);

    await appHeader(page, "ro").logOut();
    await page.waitForURL("**/login");
    await eventually(() => loginPage(page, "ro").isShown()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem("token-id"))).toBeNull();
    await expectNoAxeViolations(page);

    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the translated error for a wrong password, in English and in Romanian", async () => {
    const { page, errors, context } = await openPage(browser, baseUrl);
    await page.goto("/login");
    await signIn(page, { ...partnerAdmin, password: "wrong-password" });
    await eventually(() => loginPage(page).error()).toBe("Invalid credentials");
    expect(new URL(page.url()).pathname).toBe("/login");

    await page.evaluate(() => localStorage.setItem("language", "ro"));
    await page.reload();
    await signIn(page, { ...partnerAdmin, password: "wrong-password" }, "ro");
    await eventually(() => loginPage(page, "ro").error()).toBe("Date de autentificare incorecte");
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("returns to /login when the stored token is tampered with or expired", async () => {
    const genuine = await tokenFor(organizer);
    const [header, payload, signature] = genuine.split(".");
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as Record<string, unknown>;
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, ngoId: 2 })).toString("base64url")}.${signature}`;
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .sign(new TextEncoder().encode(E2E_TOKEN_SECRET));

    for (const token of [tampered, expired]) {
      const { page, errors, context } = await openPage(browser, baseUrl);
      await page.addInitScript((value) => {
        if (!sessionStorage.getItem("planted")) {
          localStorage.setItem("token-id", value);
          sessionStorage.setItem("planted", "yes");
        }
      }, token);
      await page.goto("/urgents");
      await page.waitForURL("**/login");
      expect(await page.evaluate(() => localStorage.getItem("token-id"))).toBeNull();
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it("signs every tab out when one tab signs out", async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await page.goto("/login");
    await signIn(page, organizer);
    await page.waitForURL("**/urgents");
    const other = await context.newPage();
    await other.goto(`${baseUrl}/observatori`);
    await eventually(() => appHeader(other).logoutState()).toBe("enabled");

    await appHeader(page).logOut();
    await other.waitForURL("**/login");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a non-organizer an explanation on /ong and no NGO link", async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await page.goto("/login");
    await signIn(page, partnerAdmin);
    await page.waitForURL("**/urgents");
    await eventually(() => appHeader(page).signedInAs()).toBe(partnerAdmin.user);
    expect(await appHeader(page).sections()).not.toContain("NGOs");
    await page.goto(`${baseUrl}/ong`);
    await page.getByRole("heading", { name: "Organizers only" }).waitFor();
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
