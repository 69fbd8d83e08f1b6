import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { Browser, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../server/src/demo/accounts.ts";
import { observerApp } from "../pages/browser/observer-app";
import { productApi } from "./support/api.ts";
import { launchBrowser, openPage, seeNoAxeViolationsSoftly, WCAG_22_AA, withoutProvokedHttpErrors } from "./support/browser.ts";
import { demoDatabaseEnv } from "./support/e2e-database.ts";
import { freePort, startServer, type RunningServer } from "./support/server-process.ts";

/*
 * The observers' app's fault journeys (issue 28), at 390 px in Chromium: a lost answer, a server killed mid-sync, two
 * tabs of one observer, an item the server refuses (and given up in one of two tabs). Each ends with nothing lost and
 * every item on the server exactly once, counted in PostgreSQL. One server on a database of its own; the killed one runs beside it on that database.
 */

const clusterUrl = inject("e2ePostgresUrl");
const mustRun = Boolean(process.env.CI || process.env.REQUIRE_POSTGRES);
if (!clusterUrl && !mustRun) console.warn("observers' app fault journeys skipped: PostgreSQL is not installed (CI installs it).");

const organizer = { user: DEMO_ACCOUNTS[0].user, password: DEMO_ACCOUNTS[0].password };
const PIN = "1357";
const PHONE_SIZE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const STATION_RETIRED_ADVICE = "This station was retired from the official list. Choose your station again, or ask your coordinator.";

/** The lines Chromium logs for the network failures these journeys provoke on purpose. */
const withoutProvokedNetworkErrors = (errors: string[]) =>
  errors.filter((error) => !/net::ERR_(INTERNET_DISCONNECTED|CONNECTION_RESET|CONNECTION_REFUSED|FAILED)/.test(error));

/** The observer writes the outbox sends, and the Idempotency-Key each carried. */
const isOutboxWrite = (route: Route) => {
  const request = route.request();
  const { pathname } = new URL(request.url());
  return request.method() !== "GET" && (pathname === "/api/v1/answers" || pathname === "/api/v1/polling-station");
};
const keyOf = (route: Route) => route.request().headers()["idempotency-key"] ?? null;

describe.skipIf(!clusterUrl && !mustRun)("the observers' app under faults, in Chromium", () => {
  let server: RunningServer;
  let browser: Browser;
  let db: pg.Client;
  let databaseUrl = "";
  let staffToken = "";

  beforeAll(async () => {
    if (!clusterUrl) throw new Error("CI needs PostgreSQL for the observers' app fault journeys");
    const env = await demoDatabaseEnv(clusterUrl, "observer_app_faults");
    databaseUrl = env.DATABASE_URL;
    [server, browser] = await Promise.all([startServer(env), launchBrowser()]);
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    staffToken = await productApi(server.url).tokenFor(organizer);
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    await browser?.close();
    await server?.stop();
  });

  const staffCall = (method: string, path: string, body?: unknown) =>
    fetch(new URL(path, server.url), {
      method,
      headers: { authorization: `Bearer ${staffToken}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  /** A new observer with a phone of its own, assigned to Cluj stations `numbers`; its id. */
  async function createObserver(phone: string, numbers: number[]): Promise<number> {
    const created = await staffCall("POST", "/api/v1/observer", { name: `Observatoare Avarii ${phone.slice(-2)}`, phone, pin: PIN, sendSMS: false, ngoId: 1 });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const stations = numbers.map((pollingStationNumber) => ({ countyCode: "CJ", pollingStationNumber }));
    const assigned = await staffCall("PUT", `/api/v1/observer/${id}/stations`, { stations });
    expect(assigned.status).toBeLessThan(300);
    return id;
  }

  /** What the server holds of one observer: its keys (one per item it took), visits and answers. */
  async function onServer(observerId: number) {
    const count = async (table: string) => Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table} WHERE observer_id = $1`, [observerId])).rows[0].n);
    return { keys: await count("observer_idempotency_key"), visits: await count("polling_station_info"), answers: await count("answer") };
  }

  /** Staff retire the Cluj station `number` (retirePollingStation). */
  async function retireStation(number: number) {
    const found = (await (await staffCall("GET", `/api/v1/polling-stations?county=CJ&number=${number}`)).json()) as { data: { id: number; number: number }[] };
    const [station] = found.data.filter((candidate) => candidate.number === number);
    const retired = await staffCall("POST", `/api/v1/polling-stations/${station.id}/retire`);
    expect(retired.status).toBe(200);
    expect(((await retired.json()) as { number: number; status: string })).toMatchObject({ number, status: "retired" });
  }

  async function signedInPhone(baseUrl: string, phone: string) {
    const opened = await openPage(browser, baseUrl, PHONE_SIZE);
    const app = observerApp(opened.page);
    await app.signIn(phone, PIN);
    await app.seeReady();
    // Controlled by the service worker (precache done, clients claimed): from here the app opens with no server.
    await opened.page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    return { ...opened, app };
  }

  it("sends an item again with the same key when its answer was lost, and the server answers the first result", async () => {
    const observerId = await createObserver("0799200001", [16]);
    const { context, page, app, errors } = await signedInPhone(server.url, "0799200001");
    // The server does the work, the phone never hears back; then every later send passes, its answer recorded.
    const sends: { key: string | null; status: number; replayed: string | null }[] = [];
    await page.route("**/api/v1/answers**", async (route) => {
      if (!isOutboxWrite(route)) return route.fallback();
      const response = await route.fetch();
      sends.push({ key: keyOf(route), status: response.status(), replayed: response.headers()["idempotent-replayed"] ?? null });
      if (sends.length === 1) return route.abort("connectionreset");
      return route.fulfill({ response });
    });

    await app.arriveAtAssigned("Cluj", 16);
    await app.openForm("B");
    await app.choose("B1.1", "Da");
    await app.backToStation();
    await app.openOutbox();
    await app.seeEverythingSent(30_000);

    expect(await app.outboxEntries()).toEqual(["Form B at CJ 16: sent", "Arrival at CJ 16: sent"]);
    const key = sends[0]?.key;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sends).toEqual([
      { key, status: 204, replayed: null },
      { key, status: 204, replayed: "true" },
    ]);
    expect(await onServer(observerId)).toEqual({ keys: 2, visits: 1, answers: 1 });
    expect(withoutProvokedNetworkErrors(errors)).toEqual([]);
    await context.close();
  });

  it("keeps the items on the phone while the server is killed mid-sync, works on, and delivers each once when it is back", async () => {
    const observerId = await createObserver("0799200002", [17]);
    // A server beside the shared one, on its database, that can be killed and started again at the same address.
    const place = { port: await freePort(), dataDir: mkdtempSync(join(tmpdir(), "vm-faults-")) };
    const sameDatabase = { DATABASE_URL: databaseUrl, SEED: "false" };
    let crashing: RunningServer | undefined = await startServer(sameDatabase, place);
    try {
      const { context, page, app, errors } = await signedInPhone(crashing.url, "0799200002");
      await context.setOffline(true);
      await app.arriveAtAssigned("Cluj", 17);
      for (const form of ["A", "B", "C"]) {
        await app.openForm(form);
        await app.choose(`${form}1.1`, "Da");
        await app.backToStation();
      }
      await app.openOutbox();
      expect(await app.outboxEntries()).toEqual(["Form C at CJ 17: queued", "Form B at CJ 17: queued", "Form A at CJ 17: queued", "Arrival at CJ 17: queued"]);

      // The arrival goes through; the first answers to reach the server are done there, and the server dies (SIGKILL)
      // before the phone hears back. The sender sends items of different keys together: the others sent meanwhile
      // wait for the death, so they meet no server at all.
      let killedKey: string | null | undefined;
      let killing: Promise<void> | undefined;
      // The arrival goes in the same pass as the answers: the server dies only once the phone has its answer.
      let arrivalAnswered!: () => void;
      const arrivalBack = new Promise<void>((resolve) => (arrivalAnswered = resolve));
      const afterRestart: { key: string | null; replayed: string | null }[] = [];
      await page.route("**/api/v1/**", async (route) => {
        if (!isOutboxWrite(route)) return route.fallback();
        const key = keyOf(route);
        if (killedKey === undefined && new URL(route.request().url()).pathname === "/api/v1/polling-station") {
          const response = await route.fetch();
          await route.fulfill({ response });
          arrivalAnswered();
          return;
        }
        if (killedKey === undefined) {
          killedKey = key;
          killing = (async () => {
            await route.fetch();
            await arrivalBack;
            await crashing!.kill();
          })();
          await killing;
          return route.abort("connectionreset");
        }
        await killing;
        // Until the server is back every send fails as it would without the route: no one listens at the address.
        const response = await route.fetch().catch(() => null);
        if (!response) return route.abort("connectionrefused");
        afterRestart.push({ key, replayed: response.headers()["idempotent-replayed"] ?? null });
        return route.fulfill({ response });
      });
      await context.setOffline(false);
      await app.seeSyncPhase("waiting", 30_000);
      await expect.poll(() => app.outboxEntries()).toEqual(["Form C at CJ 17: queued", "Form B at CJ 17: queued", "Form A at CJ 17: queued", "Arrival at CJ 17: sent"]);
      expect(await onServer(observerId)).toEqual({ keys: 2, visits: 1, answers: 1 });

      // The server is down: the service worker serves the app, which shows what it kept and goes on working.
      await page.reload();
      await page.getByRole("heading", { name: "Outbox" }).waitFor();
      await app.seeSyncPhase("waiting", 30_000);
      await expect.poll(() => app.outboxStates()).toEqual(["queued", "queued", "queued", "sent"]);
      await app.openStation();
      await app.openForm("B");
      expect(await app.isChosen("B1.1", "Da")).toBe(true);
      await app.backToStation();
      await app.openOutbox();

      crashing = await startServer(sameDatabase, place);
      await app.seeEverythingSent(90_000);
      expect(await app.outboxEntries()).toEqual(["Form C at CJ 17: sent", "Form B at CJ 17: sent", "Form A at CJ 17: sent", "Arrival at CJ 17: sent"]);
      // The item the server did before it died is answered from its key, not done again; the others are new.
      expect(killedKey).toMatch(/^[0-9a-f-]{36}$/);
      expect(afterRestart.filter((send) => send.key === killedKey)).toEqual([{ key: killedKey, replayed: "true" }]);
      expect(afterRestart.filter((send) => send.key !== killedKey).map((send) => send.replayed)).toEqual([null, null]);
      expect(new Set(afterRestart.map((send) => send.key)).size).toBe(3);
      expect(await onServer(observerId)).toEqual({ keys: 4, visits: 1, answers: 3 });
      expect(withoutProvokedNetworkErrors(errors)).toEqual([]);
      await context.close();
    } finally {
      await crashing.stop();
      rmSync(place.dataDir, { recursive: true, force: true });
    }
  }, 240_000);

  it("shows each tab the other's items and sends every item once when two tabs of one observer go online together", async () => {
    const observerId = await createObserver("0799200003", [18]);
    const { context, app, errors } = await signedInPhone(server.url, "0799200003");
    // The sends the server answered, by key; the tries made while offline never leave the phone.
    const answeredKeys: string[] = [];
    context.on("response", (response) => {
      const request = response.request();
      const { pathname } = new URL(request.url());
      const write = request.method() !== "GET" && (pathname === "/api/v1/answers" || pathname === "/api/v1/polling-station");
      if (write) answeredKeys.push(request.headers()["idempotency-key"] ?? "none");
    });

    await context.setOffline(true);
    await app.arriveAtAssigned("Cluj", 18);
    // The second tab opens with no network: the service worker serves it, IndexedDB has the station it is at.
    const secondPage = await context.newPage();
    const second = observerApp(secondPage);
    await secondPage.goto("/observer/");
    await secondPage.getByRole("heading", { level: 1, name: "Station Cluj 18" }).waitFor();

    await app.openOutbox();
    await second.openForm("A");
    await second.choose("A1.1", "Da");
    await expect.poll(() => app.outboxEntries()).toEqual(["Form A at CJ 18: queued", "Arrival at CJ 18: queued"]);

    await second.backToStation();
    await second.openOutbox();
    await app.openStation();
    await app.openForm("B");
    await app.choose("B1.1", "Da");
    await expect.poll(() => second.outboxEntries()).toEqual(["Form B at CJ 18: queued", "Form A at CJ 18: queued", "Arrival at CJ 18: queued"]);
    await app.backToStation();
    await app.openOutbox();
    expect(await app.outboxEntries()).toEqual(["Form B at CJ 18: queued", "Form A at CJ 18: queued", "Arrival at CJ 18: queued"]);

    await context.setOffline(false);
    await app.seeEverythingSent(30_000);
    await second.seeEverythingSent(30_000);
    const allSent = ["Form B at CJ 18: sent", "Form A at CJ 18: sent", "Arrival at CJ 18: sent"];
    await expect.poll(() => app.outboxEntries()).toEqual(allSent);
    await expect.poll(() => second.outboxEntries()).toEqual(allSent);
    // One send per item between both tabs (the Web Lock), and one key per item on the server.
    expect(answeredKeys).toHaveLength(3);
    expect(new Set(answeredKeys).size).toBe(3);
    expect(await onServer(observerId)).toEqual({ keys: 3, visits: 1, answers: 2 });
    expect(withoutProvokedNetworkErrors(errors)).toEqual([]);
    await context.close();
  });

  it("keeps an item refused for a station retired meanwhile, with its advice, sends the others, and refuses signing out while it is there", async () => {
    const observerId = await createObserver("0799200004", [19, 20]);
    const { context, page, app, errors } = await signedInPhone(server.url, "0799200004");
    await app.arriveAtAssigned("Cluj", 19);
    await app.seeEverythingSent();

    await context.setOffline(true);
    await app.openForm("A");
    await app.choose("A1.1", "Da");
    await app.backToStation();
    await app.clickChangeStation();
    await app.arriveAtAssigned("Cluj", 20);
    await app.openForm("B");
    await app.choose("B1.1", "Da");
    await app.backToStation();
    await retireStation(19);

    await app.openOutbox();
    await context.setOffline(false);
    await app.seeEverythingSent(30_000);
    const afterSync = [
      "Form B at CJ 20: sent",
      "Arrival at CJ 20: sent",
      "Departure from CJ 19: sent",
      "Form A at CJ 19: refused",
      "Arrival at CJ 19: sent",
    ];
    expect(await app.outboxEntries()).toEqual(afterSync);
    expect(await app.refusalAdviceOf("Form A at CJ 19")).toBe(STATION_RETIRED_ADVICE);
    expect(await app.syncLineText()).toBe("Everything is on the server. 1 item was refused: see the outbox.");
    await seeNoAxeViolationsSoftly(page, { tags: WCAG_22_AA });
    // A refused report keeps no key: the server holds the arrival, the departure, the second arrival and form B.
    expect(await onServer(observerId)).toEqual({ keys: 4, visits: 2, answers: 1 });

    await app.openAccount();
    await app.clickSignOut();
    expect(await app.seeSignOutRefused()).toBe(
      "You cannot sign out yet\n1 item is not on the server yet: signing out would lose it. Send it first (see the outbox), or save the outbox to a file.",
    );

    // It stays on the phone across a reload, until the observer gives it up; then signing out goes through.
    await page.reload();
    await page.getByRole("heading", { name: "Account" }).waitFor();
    await app.openOutbox();
    expect(await app.outboxEntries()).toEqual(afterSync);
    await app.clickGiveUp("Form A at CJ 19");
    expect(await app.outboxEntries()).toEqual(afterSync.filter((entry) => !entry.startsWith("Form A")));
    await app.openAccount();
    await app.clickSignOut();
    await app.seeSignedOut();
    expect(await onServer(observerId)).toEqual({ keys: 4, visits: 2, answers: 1 });
    expect(withoutProvokedNetworkErrors(withoutProvokedHttpErrors(errors, [422]))).toEqual([]);
    await context.close();
  });

  it("tells the other tab when a refused item is given up, so that neither shows or counts it any more", async () => {
    await createObserver("0799200005", [21]);
    const { context, app, errors } = await signedInPhone(server.url, "0799200005");
    await app.arriveAtAssigned("Cluj", 21);
    await app.seeEverythingSent();
    await context.setOffline(true);
    await app.openForm("A");
    await app.choose("A1.1", "Da");
    await app.backToStation();
    await retireStation(21);
    const secondPage = await context.newPage();
    const second = observerApp(secondPage);
    await secondPage.goto("/observer/outbox");
    await secondPage.getByRole("heading", { name: "Outbox" }).waitFor();
    await app.openOutbox();

    await context.setOffline(false);
    const refused = ["Form A at CJ 21: refused", "Arrival at CJ 21: sent"];
    await expect.poll(() => app.outboxEntries(), { timeout: 30_000 }).toEqual(refused);
    await expect.poll(() => second.outboxEntries(), { timeout: 30_000 }).toEqual(refused);
    await app.clickGiveUp("Form A at CJ 21");
    expect(await app.outboxEntries()).toEqual(["Arrival at CJ 21: sent"]);
    // The other tab's sender wakes up by itself only every minute: the outbox channel must tell it at once.
    await expect.poll(() => second.outboxEntries(), { timeout: 10_000 }).toEqual(["Arrival at CJ 21: sent"]);
    await second.openAccount();
    await second.clickSignOut();
    await second.seeSignedOut();
    expect(withoutProvokedNetworkErrors(withoutProvokedHttpErrors(errors, [422]))).toEqual([]);
    await context.close();
  });
});
