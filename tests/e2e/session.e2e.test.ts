import { SignJWT } from "jose";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectNoAxeViolations, launchBrowser, openPage } from "./support/browser.ts";
import { E2E_TOKEN_SECRET } from "./support/server-process.ts";
import { productApi } from "./support/api.ts";

const baseUrl = inject("baseUrl");
const organizer = { user: "0700000001", password: "demo1234" };
const partnerAdmin = { user: "0700000002", password: "demo1234" };

async function signIn(page: Page, { user, password }: { user: string; password: string }, labels = { user: "Phone number", password: "Password", submit: "Login" }) {
  await page.getByLabel(labels.user).fill(user);
  await page.getByLabel(labels.password, { exact: true }).fill(password);
  await page.getByRole("button", { name: labels.submit }).click();
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
    await expect.poll(() => page.getByRole("heading", { name: "Login" }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);

    await signIn(page, organizer);
    await page.waitForURL("**/urgents");
    await page.getByRole("heading", { name: "Urgent answers" }).waitFor();
    await expect.poll(() => page.getByTestId("user-name").textContent()).toBe("0700000001");
    await expect.poll(() => page.getByRole("link", { name: "NGOs" }).count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page);

    await page.getByText("RO", { exact: true }).click();
    await page.getByRole("heading", { name: "Răspunsuri urgente" }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("ro");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("ro");
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Deconectare" }).click();
    await page.waitForURL("**/login");
    await page.getByRole("heading", { name: "Autentificare" }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("token-id"))).toBeNull();
    await expectNoAxeViolations(page);

    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the translated error for a wrong password, in English and in Romanian", async () => {
    const { page, errors, context } = await openPage(browser, baseUrl);
    await page.goto("/login");
    await signIn(page, { ...partnerAdmin, password: "wrong-password" });
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Invalid credentials");
    expect(new URL(page.url()).pathname).toBe("/login");

    await page.evaluate(() => localStorage.setItem("language", "ro"));
    await page.reload();
    await signIn(page, { ...partnerAdmin, password: "wrong-password" }, { user: "Număr de telefon", password: "Parolă", submit: "Autentificare" });
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Date de autentificare incorecte");
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
    await other.getByRole("button", { name: "Logout" }).waitFor();

    await page.getByRole("button", { name: "Logout" }).click();
    await other.waitForURL("**/login");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a non-organizer an explanation on /ong and no NGO link", async () => {
    const { page, context, errors } = await openPage(browser, baseUrl);
    await page.goto("/login");
    await signIn(page, partnerAdmin);
    await page.waitForURL("**/urgents");
    expect(await page.getByRole("link", { name: "NGOs" }).count()).toBe(0);
    await page.goto(`${baseUrl}/ong`);
    await page.getByRole("heading", { name: "Organizers only" }).waitFor();
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
