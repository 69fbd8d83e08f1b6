import { afterEach, describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { notifications } from "@mantine/notifications";
import axe from "axe-core";
import type { Locale } from "../../../shared/i18n/locales";
import { renderApp } from "../../../../tests/support/render-app";
import { eventually } from "../../../../tests/pages/locators";
import { stationForm, stationPage } from "../../../../tests/pages/dom/polling-stations";
import { startTestServer, type Seed, type TestServer } from "../../../../tests/support/test-server";
import { ORGANIZER, STAFF } from "../../../../tests/support/seeds/observers.seed";
import { BUCHAREST_3, stationRegistry } from "../../../../tests/support/seeds/polling-stations.seed";
import { STATION_TIMES, stationWithObservers } from "../../../../tests/support/seeds/station-observers.seed";
import { pollingStationRoutes } from "../polling-station.routes";

/** The screens this test visits. */
const FEATURES = [pollingStationRoutes];
const FIRST_PAINT = { timeout: 20_000 };

interface Opening {
  path?: string;
  account?: string;
  locale?: Locale;
  seed?: Exclude<Seed, "demo">;
  arrange?: (server: TestServer) => void;
}

async function openStation({ path = "/sectii/1", account = ORGANIZER, locale, seed = stationRegistry, arrange }: Opening = {}) {
  const server = await startTestServer({ seed });
  arrange?.(server);
  const app = renderApp({ features: FEATURES, path, storedToken: await server.tokenFor(account), fetch: server.fetch, locale });
  await screen.findByRole("heading", { level: 1 }, FIRST_PAINT);
  return { server, app, page: stationPage(app.user, locale), form: stationForm(app.user, locale) };
}

const shownPath = () => `${window.location.pathname}${window.location.search}`;
const stored = (server: Awaited<ReturnType<typeof openStation>>["server"], id: number) =>
  server.db.selectFrom("pollingStation").select(["number", "locality", "institution", "address", "registeredVoters", "latitude", "longitude", "status"]).where("id", "=", id).executeTakeFirstOrThrow();

async function expectNoAxeViolations(container: HTMLElement) {
  const results = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

// Mantine's notification store outlives a test's render.
afterEach(() => notifications.clean());

describe("StationShow", { timeout: 60_000 }, () => {
  it("shows the station's facts and status, and links to its answers and its county's coverage", async () => {
    const { app, page } = await openStation();
    await eventually(() => page.title()).toBe("Polling station 1, Cluj");
    expect(await page.status()).toBe("Active");
    expect((await page.facts()).slice(0, 7)).toEqual([
      "County: Cluj (CJ)",
      "Number: 1",
      "Locality: Cluj-Napoca",
      "Institution: Liceul Teoretic „Avram Iancu”",
      "Address: Str. Onisifor Ghibu nr. 21",
      "Registered voters: 1,530",
      "Coordinates: 46.7712, 23.5897",
    ]);
    expect(await page.links()).toEqual([
      { text: "Answers sent from this station", href: "/answers?county=CJ&pollingStationNumber=1" },
      { text: "Stations with an observer in Cluj", href: "/statistics/coverage/CJ/observed" },
      { text: "Stations without an observer in Cluj", href: "/statistics/coverage/CJ/unobserved" },
    ]);
    expect(await page.retiredNotice()).toBeNull();
    expect(await page.actions()).toEqual({ edit: "enabled", retire: "enabled", reactivate: "absent" });
    expect(screen.getByRole("link", { name: "History" })).toHaveAttribute("href", "/audit?subjectType=station&subjectId=1");
    await expectNoAxeViolations(app.container);
  });

  it("retires a station after saying what stops and that nothing is deleted, and brings it back", async () => {
    const { server, app, page } = await openStation({ path: "/sectii/2" });
    await eventually(() => page.status()).toBe("Active");
    await page.retire();
    const dialog = await screen.findByRole("dialog", { name: "Retire this polling station?" });
    expect(dialog).toHaveTextContent(
      "Observers will no longer be able to record an arrival, send answers or notes there. Nothing is deleted: its answers, notes, visits and assigned observers stay, and you can make it active again.",
    );
    expect(server.writes()).toEqual([]);
    await app.user.click(within(dialog).getByRole("button", { name: "Retire" }));

    await eventually(() => page.status()).toBe("Retired");
    expect(await page.retiredNotice()).toBe(
      "This station is retiredObservers can no longer record an arrival, answers or notes here. Its answers, notes and visits are kept.",
    );
    expect(server.writes()).toEqual([{ method: "POST", path: "/api/v1/polling-stations/2/retire", body: null }]);
    expect((await stored(server, 2)).status).toBe("retired");
    expect(await screen.findByText("The polling station has been retired. Nothing of its history was deleted.")).toBeInTheDocument();

    expect(await page.actions()).toEqual({ edit: "enabled", retire: "absent", reactivate: "enabled" });
    await page.reactivate();
    await eventually(() => page.status()).toBe("Active");
    expect(await stored(server, 2)).toEqual({
      number: 2,
      locality: "Dej",
      institution: "Școala Gimnazială nr. 2",
      address: "Str. Republicii nr. 2",
      registeredVoters: 620,
      latitude: null,
      longitude: null,
      status: "active",
    });
  });

  it("asks nothing of the server when the retirement is cancelled", async () => {
    const { server, app, page } = await openStation();
    await eventually(() => page.status()).toBe("Active");
    await page.retire();
    const dialog = await screen.findByRole("dialog");
    await app.user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(server.writes()).toEqual([]);
  });

  it("edits a station's facts and shows them saved on its page", async () => {
    const { server, app, page, form } = await openStation({ path: "/sectii/2" });
    await page.edit();
    await eventually(shownPath).toBe("/sectii/2/edit");
    await eventually(() => form.values()).toEqual({
      county: "Cluj (CJ)",
      number: "2",
      locality: "Dej",
      institution: "Școala Gimnazială nr. 2",
      address: "Str. Republicii nr. 2",
      registeredVoters: "620",
      latitude: "",
      longitude: "",
    });
    await expectNoAxeViolations(app.container);
    await form.fill({ address: "Str. Avram Iancu nr. 4", registeredVoters: "655", latitude: "47,14", longitude: "23.87" });
    await form.save();
    await eventually(shownPath).toBe("/sectii/2");
    await eventually(() => page.facts().then((facts) => facts.slice(4, 7))).toEqual([
      "Address: Str. Avram Iancu nr. 4",
      "Registered voters: 655",
      "Coordinates: 47.14, 23.87",
    ]);
    expect(await stored(server, 2)).toMatchObject({ address: "Str. Avram Iancu nr. 4", registeredVoters: 655, latitude: 47.14, longitude: 23.87, status: "active" });
  });

  it("shows the browser's and the server's verdicts on the fields: a number the county already has is refused on the number", async () => {
    const { server, page, form } = await openStation({ path: "/sectii/2/edit" });
    await eventually(() => form.values().then((values) => values.number)).toBe("2");
    await form.fill({ number: "0", latitude: "north" });
    expect(await form.errors()).toEqual({ number: "Enter a whole number from 1", latitude: "Enter a number, such as 46.7712" });
    expect(await form.saveState()).toBe("disabled");

    await form.fill({ number: "3", latitude: "" });
    await form.save();
    await eventually(() => form.errors()).toEqual({ number: "Another station of this county already has this number" });
    expect(await page.title()).toBe("Edit polling station");
    expect(server.writes().map((write) => `${write.method} ${write.path}`)).toEqual(["PUT /api/v1/polling-stations/2"]);
    expect((await stored(server, 2)).number).toBe(2);
  });

  it("adds a station and opens its page", async () => {
    const { server, page, form } = await openStation({ path: "/sectii/nou" });
    expect(await form.title()).toBe("Add station");
    await form.fill({ county: "Cluj (CJ)", number: "56", locality: "Cluj-Napoca", institution: "Colegiul Tehnic" });
    await form.save();
    await eventually(shownPath).toBe("/sectii/1001");
    await eventually(() => page.title()).toBe("Polling station 56, Cluj");
    expect(await stored(server, 1001)).toEqual({
      number: 56,
      locality: "Cluj-Napoca",
      institution: "Colegiul Tehnic",
      address: null,
      registeredVoters: null,
      latitude: null,
      longitude: null,
      status: "active",
    });
  });

  it("shows a retired station to an NGO admin, without edit, retire or reactivate", async () => {
    const { page } = await openStation({ path: `/sectii/${BUCHAREST_3.id}`, account: STAFF });
    await eventually(() => page.title()).toBe("Polling station 3, București");
    expect(await page.status()).toBe("Retired");
    expect(await page.actions()).toEqual({ edit: "absent", retire: "absent", reactivate: "absent" });
    expect(screen.queryByRole("link", { name: "History" })).not.toBeInTheDocument();
  });

  it("says when the station does not exist", async () => {
    const { page } = await openStation({ path: "/sectii/999" });
    await eventually(() => page.loadError()).toBe("Could not load the polling stationThis polling station does not exist.Retry");
  });

  describe("its observers", () => {
    /** A time as the page writes it (medium date, short time, the test's time zone), written apart from its formatter. */
    const shownTime = (iso: string) => new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
    const ana = {
      name: "Ana Pop",
      profile: "/observatori/profil/view/7",
      phone: "0722000007",
      ngo: "Code for Romania",
      assignment: "Assigned",
      arrival: shownTime(STATION_TIMES.anaArrived),
      departure: shownTime(STATION_TIMES.anaLeft),
      reports: "Answers and notes",
      thread: "/answers/details/7/1",
    };
    const serban = {
      name: "Șerban Stan",
      profile: "/observatori/profil/view/8",
      phone: "0722000008",
      ngo: "Code for Romania",
      assignment: "Assigned",
      arrival: "—",
      departure: "—",
      reports: "—",
      thread: null,
    };
    const bogdan = {
      name: "Bogdan Ilie",
      profile: "/observatori/profil/view/9",
      phone: "0722000009",
      ngo: "Asociația Observatorilor",
      assignment: "Not assigned: arrived here",
      arrival: shownTime(STATION_TIMES.bogdanArrived),
      departure: "—",
      reports: "—",
      thread: null,
    };

    it("lists the assigned observers first, then one who arrived without an assignment, marked so, each linking to its profile", async () => {
      const { app, page } = await openStation({ seed: stationWithObservers });
      await eventually(() => page.observers()).toEqual([ana, serban, bogdan]);
      expect(await page.observersEmpty()).toBeNull();
      await expectNoAxeViolations(app.container);
    });

    it("shows an NGO admin its own NGO's observers only, without the NGO column", async () => {
      const { page } = await openStation({ seed: stationWithObservers, account: STAFF });
      await eventually(() => page.observers()).toEqual([{ ...bogdan, ngo: null }]);
    });

    it("says so when nobody is assigned to the station or reported from it", async () => {
      const { page } = await openStation({ seed: stationWithObservers, path: "/sectii/2" });
      await eventually(() => page.observersEmpty()).toBe("No observer is assigned to this station or has reported from it.");
      expect(await page.observers()).toEqual([]);
    });

    it("tells an NGO admin when none of its NGO's observers is at the station", async () => {
      const { page } = await openStation({ seed: stationWithObservers, path: "/sectii/2", account: STAFF });
      await eventually(() => page.observersEmpty()).toBe("No observer of your NGO is assigned to this station or has reported from it.");
    });

    it("keeps the station on screen when its observers fail to load, and loads them again on retry", async () => {
      const { server, page } = await openStation({
        seed: stationWithObservers,
        arrange: (server) => server.fail("GET /api/v1/polling-stations/*/observers", 500, "internal_error", 1),
      });
      await eventually(() => page.observersError()).toBe("ErrorThe observers could not be loaded (error 500). Try again.");
      expect(await page.title()).toBe("Polling station 1, Cluj");
      await page.retryObservers();
      await eventually(() => page.observers()).toEqual([ana, serban, bogdan]);
      expect(await page.observersError()).toBeNull();
      // The failed load and the retry: StrictMode's throwaway mount cancels its own.
      const loads = server.requests.filter((request) => request.path === "/api/v1/polling-stations/1/observers" && !request.cancelled);
      expect(loads).toHaveLength(2);
    });
  });

  it("reads in Romanian", async () => {
    const { page } = await openStation({ locale: "ro" });
    await eventually(() => page.title()).toBe("Secția de votare 1, Cluj");
    expect(await page.status()).toBe("Activă");
    expect((await page.facts()).slice(5, 6)).toEqual(["Alegători înscriși: 1.530"]);
  });
});
