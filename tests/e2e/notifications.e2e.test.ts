import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { components } from "../../openapi/schema.d.ts";
import type { Locale } from "../../src/shared/i18n/locales";
import { appHeader } from "../pages/browser/header";
import { notifications } from "../pages/browser/notifications";
import { eventually } from "../pages/locators";
import { NOTIFICATION_WORDS } from "../pages/notifications";
import { productApi, type Account } from "./support/api.ts";
import { launchBrowser, openPage, seeNoAxeViolationsSoftly } from "./support/browser.ts";
import { signIn } from "./support/session.ts";

type County = components["schemas"]["County"];
type ActiveObserver = components["schemas"]["ActiveObserver"];
type HistoryItem = components["schemas"]["NotificationHistoryItem"];
interface Page<T> {
  totalItems: number;
  data: T[];
}

const baseUrl = inject("baseUrl");
const api = productApi(baseUrl);
const organizer: Account = { user: "0700000001", password: "demo1234" };

/** What the screen says in each language besides the page object's words: the section, the history's cells. */
const SCREEN = {
  en: { section: "Notifications", audience: "Selected observers", provider: "Outbox (recorded, not pushed)", noDevice: "No device", notPushed: "Not pushed" },
  ro: { section: "Notificări", audience: "Observatori selectați", provider: "Outbox (înregistrată, netrimisă)", noDevice: "Fără dispozitiv", notPushed: "Netrimis" },
} satisfies Record<Locale, Record<string, string>>;

const activeAt = (token: string, countyCode: string, range: { from?: number; to?: number } = {}, assigned = false) =>
  api.get<ActiveObserver[]>(token, "/api/v1/observer/active", {
    countyCodes: countyCode,
    ...(range.from === undefined ? {} : { fromPollingStationNumber: range.from }),
    ...(range.to === undefined ? {} : { toPollingStationNumber: range.to }),
    ...(assigned ? { assigned: "true" } : {}),
  });

/**
 * A county of the demo data with observers who arrived at its stations, and a range of its stations that holds
 * some of them (the lowest three station numbers with an arrival): what the journey searches, and whom it finds.
 */
async function aCountyWithObservers(token: string) {
  const counties = await api.get<County[]>(token, "/api/v1/polling-station");
  for (const county of counties) {
    const active = await activeAt(token, county.code);
    const numbers = [...new Set(active.flatMap((observer) => observer.pollingStations.map((station) => Number(station.split(" ").at(-1)))))].sort((a, b) => a - b);
    if (numbers.length < 2) continue;
    const range = { from: numbers[0], to: numbers[Math.min(2, numbers.length - 1)] };
    const found = await activeAt(token, county.code, range);
    const assigned = await activeAt(token, county.code, range, true);
    const reachable = found.filter((observer) => observer.reachable).length;
    return {
      county: county.code,
      range,
      names: found.map((observer) => observer.name),
      assignedNames: assigned.map((observer) => observer.name),
      reachableByName: found.map((observer) => ({ name: observer.name, reachable: observer.reachable })),
      reach: { addressed: found.length, reachable, notReachable: found.length - reachable },
    };
  }
  throw new Error("no county of the demo data has observers at two stations");
}

const history = (token: string) => api.get<Page<HistoryItem>>(token, "/api/v1/notification/get/all", { page: 1, pageSize: 100 });

describe("notifications in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  // Six axe scans, a send and the outbox worker's pass: more than the 60 s default on two shared cores.
  it.each(["en", "ro"] as const)(
    "finds a county's observers by station range, sends to all of them once, and shows it in the history with its statuses (%s)",
    { timeout: 120_000 },
    async (locale) => {
      const words = NOTIFICATION_WORDS[locale];
      const screen = SCREEN[locale];
      const token = await api.tokenFor(organizer);
      const target = await aCountyWithObservers(token);
      const title = `Jurnal ${locale} ${Date.now()}`;
      const sentBefore = (await history(token)).totalItems;

      const { page, errors } = await openPage(browser, baseUrl);
      const screenOf = notifications(page, locale);
      await signIn(page, organizer);
      if (locale === "ro") {
        await appHeader(page).chooseLanguage("Română");
        await eventually(() => appHeader(page, "ro").sections()).toContain(screen.section);
      }
      await appHeader(page, locale).openSection(screen.section);
      await page.waitForURL("**/notifications");
      await eventually(() => screenOf.title()).toBe(screen.section);
      // The demo server has no Firebase account: the composer says so before anything is sent.
      await eventually(() => screenOf.warnsOutbox()).toBe(true);
      await seeNoAxeViolationsSoftly(page);

      // The message, then the observers of a county's station range, all selected: the three numbers add up.
      await screenOf.typeTitle(title);
      await screenOf.typeMessage("Verificați sigiliile urnelor.");
      await screenOf.chooseCounty(target.county);
      await screenOf.chooseStations(target.range.from, target.range.to);
      // Those assigned to these stations first, as the server answers them (whether they arrived or not); back to
      // those who arrived, what was found is dropped until the search runs again.
      await screenOf.chooseMatch("assigned");
      const assignedSearch = page.waitForResponse((response) => {
        const url = new URL(response.url());
        return url.pathname === "/api/v1/observer/active" && url.searchParams.get("assigned") === "true";
      });
      await screenOf.search();
      await assignedSearch;
      await eventually(() => screenOf.candidateNames()).toEqual(target.assignedNames);
      await screenOf.chooseMatch("arrived");
      await eventually(() => screenOf.candidateNames()).toEqual([]);
      expect(await screenOf.match()).toBe("arrived");
      await screenOf.search();
      await eventually(() => screenOf.candidateNames()).toEqual(target.names);
      await screenOf.selectAll();
      await eventually(() => screenOf.selectedCount()).toBe(target.reach.addressed);
      expect(await screenOf.selectedReach()).toEqual(target.reach);
      expect(await screenOf.sendSelectedLabel()).toMatch(words.sendSelected);
      expect(await screenOf.sendSelectedLabel()).toContain(String(target.reach.addressed));
      expect(await screenOf.sendSelectedColor()).toBe("green");
      await seeNoAxeViolationsSoftly(page);

      // The confirmation names the count and the same numbers, and warns that nothing is pushed.
      await screenOf.sendToSelected();
      await eventually(() => screenOf.confirmQuestion()).toContain(String(target.reach.addressed));
      expect(await screenOf.confirmReach()).toEqual(target.reach);
      expect(await screenOf.confirmWarnsOutbox()).toBe(true);
      await seeNoAxeViolationsSoftly(page);

      // An impatient double click on Send records one notification, with the numbers the server counted.
      await screenOf.confirmWithDoubleClick();
      await eventually(() => screenOf.result()).toEqual(target.reach);
      expect(await screenOf.confirmQuestion()).toBeNull();
      await seeNoAxeViolationsSoftly(page);

      // The history has it once; the outbox worker turns its queued recipients into "not pushed" in the background.
      await screenOf.openHistory();
      await eventually(async () => (await screenOf.historyRows()).filter((row) => row.title === title).length).toBe(1);
      const sent = await history(token);
      expect(sent.totalItems).toBe(sentBefore + 1);
      const recorded = sent.data.find((item) => item.title === title)!;
      expect(recorded.recipients).toBe(target.reach.addressed);
      await eventually(async () => (await history(token)).data.find((item) => item.id === recorded.id)?.statuses.queued).toBe(0);
      await screenOf.refreshHistory();
      const delivery = [
        ...(target.reach.notReachable > 0 ? [`${screen.noDevice}: ${target.reach.notReachable}`] : []),
        ...(target.reach.reachable > 0 ? [`${screen.notPushed}: ${target.reach.reachable}`] : []),
      ];
      await eventually(async () => (await screenOf.historyRows()).find((row) => row.title === title)).toEqual({
        title,
        audience: screen.audience,
        provider: screen.provider,
        recipients: target.reach.addressed,
        delivery,
      });
      await seeNoAxeViolationsSoftly(page);

      // Its recipients, each with its own status: "not pushed" for a registered device, "no device" otherwise.
      const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
      const expected = target.reachableByName.map(({ name, reachable }) => ({ name, status: reachable ? screen.notPushed : screen.noDevice })).sort(byName);
      await screenOf.openRecipients(title);
      await eventually(async () => (await screenOf.recipientRows()).map(({ name, status }) => ({ name, status })).sort(byName)).toEqual(expected);
      await seeNoAxeViolationsSoftly(page);
      await page.keyboard.press("Escape");
      await eventually(() => screenOf.recipientRows()).toEqual([]);
      expect(errors).toEqual([]);
      await page.context().close();
    },
  );
});
