import pg from "pg";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../server/src/demo/accounts.ts";
import { observerApp } from "../pages/browser/observer-app";
import { startPushService } from "../support/push-service.ts";
import { productApi } from "./support/api.ts";
import { launchBrowser, openPage, seeNoAxeViolationsSoftly, WCAG_22_AA } from "./support/browser.ts";
import { demoDatabaseEnv } from "./support/e2e-database.ts";
import { startServer, type RunningServer } from "./support/server-process.ts";
import { signIn } from "./support/session.ts";

/*
 * The observers' app's done-when journey, at 390 px in Chromium: an observer signs in, the network goes, they arrive,
 * answer three forms (one with a flagged option), close the app and open it again offline (the service worker serves
 * it), and when the network is back every item reaches the server exactly once (counted in PostgreSQL), while the
 * urgent thread appears in the staff's live room. A server of its own on a database of its own, counted with SQL.
 */

const clusterUrl = inject("e2ePostgresUrl");
const mustRun = Boolean(process.env.CI || process.env.REQUIRE_POSTGRES);
if (!clusterUrl && !mustRun) console.warn("observers' app journey skipped: PostgreSQL is not installed (CI installs it).");

const organizer = { user: DEMO_ACCOUNTS[0].user, password: DEMO_ACCOUNTS[0].password };
const PHONE = "0799100001";
const PIN = "2468";
const PHONE_SIZE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

describe.skipIf(!clusterUrl && !mustRun)("the observers' app in Chromium", () => {
  let server: RunningServer;
  let browser: Browser;
  let db: pg.Client;
  let observerId = 0;

  beforeAll(async () => {
    if (!clusterUrl) throw new Error("CI needs PostgreSQL for the observers' app journey");
    const env = await demoDatabaseEnv(clusterUrl, "observer_app");
    [server, browser] = await Promise.all([startServer(env), launchBrowser()]);
    db = new pg.Client({ connectionString: env.DATABASE_URL });
    await db.connect();
    const token = await productApi(server.url).tokenFor(organizer);
    const call = (method: string, path: string, body: unknown) =>
      fetch(new URL(path, server.url), { method, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify(body) });
    const created = await call("POST", "/api/v1/observer", { name: "Observatoare Aplicație", phone: PHONE, pin: PIN, sendSMS: false, ngoId: 1 });
    expect(created.status).toBe(201);
    observerId = ((await created.json()) as { id: number }).id;
    const assigned = await call("PUT", `/api/v1/observer/${observerId}/stations`, { stations: [{ countyCode: "CJ", pollingStationNumber: 15 }] });
    expect(assigned.status).toBeLessThan(300);
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    await browser?.close();
    await server?.stop();
  });

  const count = async (sql: string) => Number((await db.query<{ n: string }>(sql, [observerId])).rows[0].n);

  async function openStaffUrgents(): Promise<Page> {
    const { page } = await openPage(browser, server.url);
    await signIn(page, organizer, `/urgents?observerPhoneNumber=${PHONE}`);
    return page;
  }

  it("keeps every report on the phone offline, across a closed app, and delivers each exactly once when the network is back", async () => {
    const { context, page, errors } = await openPage(browser, server.url, PHONE_SIZE);
    const app = observerApp(page);
    await app.signIn(PHONE, PIN);
    await app.seeReady();
    await page.evaluate(() => navigator.serviceWorker.ready);
    await seeNoAxeViolationsSoftly(page, { tags: WCAG_22_AA });

    await context.setOffline(true);
    await app.arriveAtAssigned("Cluj", 15);
    await app.openForm("A");
    await app.choose("A1.1", "Nu");
    await app.seeUrgentNotice();
    await seeNoAxeViolationsSoftly(page, { tags: WCAG_22_AA });
    await app.addNoteTo("A1.1", "Ușa secției era încuiată la 7:05.", await photosFrom(page, 2));
    await app.backToStation();
    await app.openForm("B");
    await app.choose("B1.1", "Da");
    await app.backToStation();
    await app.openForm("C");
    await app.choose("C1.1", "Da");
    await app.backToStation();
    expect(await app.syncPhase()).toBe("offline");

    // The app closed and opened again with no network: the service worker serves it, IndexedDB kept everything.
    // It opens on the station's screen as it was left, painted from the page itself, until the app has started.
    await expect.poll(async () => (await app.keptScreen())?.path, { timeout: 10_000 }).toBe("/observer/");
    await page.close();
    const reopened = await context.newPage();
    const served = await reopened.goto("/observer/");
    const servedHtml = (await served?.text()) ?? "";
    expect(servedHtml).toContain("data-screen-snapshot inert");
    expect(servedHtml).toContain("Station Cluj 15");
    const again = observerApp(reopened);
    await expect.poll(() => reopened.locator("[data-screen-snapshot]").count(), { timeout: 10_000 }).toBe(0);
    expect(await reopened.getByRole("heading", { name: "Station Cluj 15" }).count()).toBe(1);
    await again.openOutbox();
    expect(await again.outboxStates()).toEqual(["queued", "queued", "queued", "queued", "queued"]);
    await seeNoAxeViolationsSoftly(reopened, { tags: WCAG_22_AA });
    expect(await count("SELECT count(*) AS n FROM observer_idempotency_key WHERE observer_id = $1")).toBe(0);

    const staff = await openStaffUrgents();
    await context.setOffline(false);
    await again.seeEverythingSent();
    expect(await again.outboxStates()).toEqual(["sent", "sent", "sent", "sent", "sent"]);

    // Each of the five items once: one key each, one visit, one answer per question, one note with its two photos.
    expect(await count("SELECT count(*) AS n FROM observer_idempotency_key WHERE observer_id = $1")).toBe(5);
    expect(await count("SELECT count(*) AS n FROM note WHERE observer_id = $1 AND text = 'Ușa secției era încuiată la 7:05.'")).toBe(1);
    expect(await count("SELECT count(*) AS n FROM note_attachment a JOIN note n ON n.id = a.note_id WHERE n.observer_id = $1 AND a.mime_type = 'image/jpeg'")).toBe(2);
    expect(await count("SELECT count(*) AS n FROM polling_station_info WHERE observer_id = $1")).toBe(1);
    expect(await count("SELECT count(*) AS n FROM answer WHERE observer_id = $1")).toBe(3);
    const bar = staff.getByTestId("arrivals-bar");
    const threads = staff.getByTestId("answer-thread");
    await expect.poll(async () => (await threads.count()) + (await bar.count()), { timeout: 10_000 }).toBeGreaterThan(0);
    if ((await threads.count()) === 0) await bar.click();
    await expect.poll(() => threads.count()).toBe(1);
    await expect.poll(() => threads.first().textContent()).toContain("Observatoare Aplicație");

    // Everything is on the server: signing out is allowed, and leaves nothing of the observer on the phone.
    await again.openAccount();
    await again.clickSignOut();
    await again.seeSignedOut();
    expect(await again.outboxStates()).toEqual([]);
    expect(await outboxSize(reopened)).toBe(0);
    await expect.poll(() => again.keptScreen()).toBeNull();
    expect(errors.filter((error) => !error.includes("ERR_INTERNET_DISCONNECTED"))).toEqual([]);
    await closeAll(context);
  });

  it("pushes a staff message through the push protocol to the service worker, which shows it, and the inbox gets it", async () => {
    const push = await startPushService();
    try {
      const { context, page, errors } = await openPage(browser, server.url, PHONE_SIZE);
      await context.grantPermissions(["notifications"]);
      const app = observerApp(page);
      await app.signIn(PHONE, PIN);
      await page.getByRole("heading", { name: /^Station|Choose your polling station/ }).first().waitFor();
      await page.evaluate(() => navigator.serviceWorker.ready);
      // The subscription the phone's browser would make with its push service (none is reachable here): the local
      // push service's, saved through the API as the app saves its own.
      const observerToken = await page.evaluate(() => (JSON.parse(localStorage.getItem("observer-session") ?? "{}") as { token: string }).token);
      const subscription = push.subscribe();
      const saved = await fetch(new URL("/api/v1/my/push-subscription", server.url), {
        method: "PUT",
        headers: { authorization: `Bearer ${observerToken}`, "content-type": "application/json" },
        body: JSON.stringify(subscription),
      });
      expect(saved.status).toBe(204);

      const staffToken = await productApi(server.url).tokenFor(organizer);
      const sent = await fetch(new URL("/api/v1/notification/send", server.url), {
        method: "POST",
        headers: { authorization: `Bearer ${staffToken}`, "content-type": "application/json" },
        body: JSON.stringify({ channel: "Firebase", from: "Coordonare", title: "Închiderea secțiilor", message: "Trimiteți formularul C după numărare.", recipients: [observerId] }),
      });
      expect(sent.status).toBeLessThan(300);
      await expect.poll(() => push.received().length, { timeout: 20_000 }).toBe(1);
      const [message] = push.received();
      expect(message.payload).toMatchObject({ title: "Închiderea secțiilor", body: "Trimiteți formularul C după numărare." });
      expect(message.vapid.valid).toBe(true);

      // The decrypted payload delivered to the app's service worker as the browser's push service would.
      const cdp = await context.newCDPSession(page);
      const registered = new Promise<string>((resolve) =>
        cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
          const ours = registrations.find((registration) => registration.scopeURL.endsWith("/observer/") && !registration.isDeleted);
          if (ours) resolve(ours.registrationId);
        }),
      );
      await cdp.send("ServiceWorker.enable");
      await cdp.send("ServiceWorker.deliverPushMessage", { origin: server.url, registrationId: await registered, data: JSON.stringify(message.payload) });
      const shown = () =>
        page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map(({ title, body }) => ({ title, body })));
      await expect.poll(shown, { timeout: 10_000 }).toEqual([{ title: "Închiderea secțiilor", body: "Trimiteți formularul C după numărare." }]);

      // The push woke the app's sync: the message is in its inbox too.
      await page.getByRole("link", { name: "Messages" }).click();
      await page.getByText("Trimiteți formularul C după numărare.").waitFor({ timeout: 20_000 });
      await seeNoAxeViolationsSoftly(page, { tags: WCAG_22_AA });
      expect(errors).toEqual([]);
      await closeAll(context);
    } finally {
      await push.stop();
    }
  });

  it("reads in Romanian and passes axe there", async () => {
    const { context, page } = await openPage(browser, server.url, { ...PHONE_SIZE, locale: "ro-RO" });
    await page.goto("/observer/");
    await page.getByRole("heading", { name: "Vote Monitor: observatori" }).waitFor();
    await seeNoAxeViolationsSoftly(page, { tags: WCAG_22_AA });
    await page.getByLabel("Număr de telefon").fill(PHONE);
    await page.getByLabel("PIN").fill(PIN);
    await page.getByRole("button", { name: "Intră în cont" }).click();
    await page.getByRole("heading", { name: "Alegeți secția de votare" }).waitFor();
    await seeNoAxeViolationsSoftly(page, { tags: WCAG_22_AA });
    // The header's language buttons: the chosen one pressed, the other switches the app and stays chosen.
    const language = page.getByRole("group", { name: "Limba" });
    expect(await language.getByRole("button", { name: "RO" }).getAttribute("aria-pressed")).toBe("true");
    await language.getByRole("button", { name: "EN" }).click();
    await page.getByRole("heading", { name: "Choose your polling station" }).waitFor();
    expect(await page.getByRole("group", { name: "Language" }).getByRole("button", { name: "EN" }).getAttribute("aria-pressed")).toBe("true");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    await closeAll(context);
  });
});

/** Photos as a phone camera makes them (3,000 × 2,000 px JPEG of noisy content), drawn in the page's own canvas. */
async function photosFrom(page: Page, count: number) {
  const encoded = await page.evaluate(async (howMany) => {
    const photos: string[] = [];
    for (let photo = 0; photo < howMany; photo++) {
      const canvas = new OffscreenCanvas(3000, 2000);
      const context = canvas.getContext("2d")!;
      for (let band = 0; band < 200; band++) {
        context.fillStyle = `hsl(${(band * 37 + photo * 90) % 360} 60% 50%)`;
        context.fillRect((band * 97) % 3000, (band * 53) % 2000, 400, 300);
      }
      const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: "image/jpeg", quality: 0.95 })).arrayBuffer());
      let binary = "";
      for (const byte of bytes) binary += String.fromCharCode(byte);
      photos.push(btoa(binary));
    }
    return photos;
  }, count);
  return encoded.map((base64, index) => ({ name: `IMG_00${index + 1}.jpg`, mimeType: "image/jpeg", buffer: Buffer.from(base64, "base64") }));
}

/** How many items the app's IndexedDB outbox holds (src/observer-app/storage/observer-db.ts). */
function outboxSize(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const opening = indexedDB.open("observer-app");
        opening.onerror = () => reject(new Error("the app's database does not open"));
        opening.onsuccess = () => {
          const counting = opening.result.transaction("outbox").objectStore("outbox").count();
          counting.onsuccess = () => resolve(counting.result);
        };
      }),
  );
}

async function closeAll(context: BrowserContext) {
  await context.close();
}
