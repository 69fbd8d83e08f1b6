import { describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import axe from "axe-core";
import { renderSignedIn } from "../../../../tests/support/render-app";
import { startTestServer, type TestServer } from "../../../../tests/support/test-server";
import { ORGANIZER } from "../../../../tests/support/seeds/observers.seed";
import { ANA_ARRIVED_AT, observerWithStations } from "../../../../tests/support/seeds/observer-stations.seed";
import { observerStations } from "../../../../tests/pages/dom/observer-stations";
import { eventually } from "../../../../tests/pages/locators";
import { observerRoutes } from "../observer.routes";
import type { AssignedStation } from "./station-ref";

/** The screens this test visits. */
const FEATURES = [observerRoutes];
/** A file's first render also compiles the page's chunks. */
const FIRST_PAINT = { timeout: 15_000 };

const CJ_15 = "CJ 15";
const B_4 = "B 4";

async function openProfile(options: { path?: string; locale?: "en" | "ro"; server?: TestServer } = {}) {
  const server = options.server ?? (await startTestServer({ seed: observerWithStations }));
  const app = await renderSignedIn(server, ORGANIZER, { features: FEATURES, path: options.path ?? "/observatori/profil/view/7", locale: options.locale });
  const section = observerStations(app.user, options.locale);
  return { server, app, section };
}

/** Ana Pop's stations as the server holds them now, by name. */
async function stationsOnServer(server: TestServer): Promise<string[]> {
  const { stations } = (await server.ask("/api/v1/observer/7/stations", ORGANIZER)) as { stations: AssignedStation[] };
  return stations.map((station) => `${station.countyCode} ${station.pollingStationNumber}`);
}

const puts = (server: TestServer) => server.writes().filter((write) => write.path === "/api/v1/observer/7/stations");
const ref = (countyCode: string, pollingStationNumber: number) => ({ countyCode, pollingStationNumber });
const numberField = () => screen.getByRole("textbox", { name: "Station number" });

/** axe on jsdom: every rule but colour contrast, which needs a layout jsdom does not have. */
async function axeViolations(container: Element): Promise<string[]> {
  const results = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(" | ")}`);
}

// The first test also pays for the file's first render of the app (15 s and more on a loaded machine).
describe("ObserverStations", { timeout: 60_000 }, () => {
  it("lists the observer's stations with their place, the retired one marked and the arrival time, without axe violations", async () => {
    const zone = process.env.TZ;
    process.env.TZ = "Europe/Bucharest";
    try {
      const { app, section } = await openProfile();
      expect(await screen.findByRole("heading", { level: 2, name: "Assigned polling stations" }, FIRST_PAINT)).toBeInTheDocument();
      // The server's order: by county (București before Cluj), then number.
      await eventually(() => section.stations()).toEqual([
        { name: B_4, badges: ["Retired"], lines: [] },
        { name: CJ_15, badges: ["arrived 09:42"], lines: ["Cluj-Napoca · Școala Gimnazială „Ion Agârbiceanu”", "Str. Mehedinți 2"] },
      ]);
      expect(screen.getByText("arrived 09:42").closest("time")).toHaveAttribute("datetime", ANA_ARRIVED_AT);
      expect(screen.getByRole("link", { name: CJ_15 })).toHaveAttribute("href", expect.stringMatching(/^\/sectii\/\d+$/) as string);
      expect(await section.pickerStates()).toEqual({ county: "enabled", number: "enabled", add: "disabled" });
      expect(await axeViolations(app.container)).toEqual([]);
    } finally {
      process.env.TZ = zone;
    }
  });

  it("adds a station by sending the whole new list, keeps the county and puts the focus back on the number", async () => {
    const { server, section } = await openProfile();
    await eventually(() => section.stations().then((stations) => stations.map((station) => station.name))).toEqual([B_4, CJ_15]);
    await section.addStation("CJ", 16);
    await eventually(() => section.status()).toBe("CJ 16 assigned.");
    expect(puts(server).map((write) => write.body)).toEqual([{ stations: [ref("B", 4), ref("CJ", 15), ref("CJ", 16)] }]);
    expect(await stationsOnServer(server)).toEqual([B_4, CJ_15, "CJ 16"]);
    expect((await section.stations()).map((station) => station.name)).toEqual([B_4, CJ_15, "CJ 16"]);
    expect(numberField()).toHaveValue("");
    expect(numberField()).toHaveFocus();
    expect(screen.getByRole("combobox", { name: "County" })).toHaveValue("Cluj (CJ)");
  });

  it("removes a station, the retired one too, and leaves the focus on the section", async () => {
    const { server, section } = await openProfile();
    await eventually(() => section.removeState(B_4)).toBe("enabled");
    await section.remove(B_4);
    await eventually(() => section.status()).toBe("B 4 removed.");
    expect(puts(server).map((write) => write.body)).toEqual([{ stations: [ref("CJ", 15)] }]);
    expect(await stationsOnServer(server)).toEqual([CJ_15]);
    expect(screen.getByRole("heading", { level: 2, name: "Assigned polling stations" })).toHaveFocus();

    await section.remove(CJ_15);
    await eventually(() => section.showsNone()).toBe(true);
    expect(await stationsOnServer(server)).toEqual([]);
  });

  it.each([
    ["CJ", 99, "This polling station is not in the registry"],
    ["B", 5, "This polling station is retired: it takes no new observers"],
  ])("says the server's refusal of %s %i on the number field and keeps the draft, saving nothing", async (county, number, message) => {
    const { server, section } = await openProfile();
    await eventually(() => section.pickerStates()).toMatchObject({ county: "enabled" });
    await section.addStation(county, number);
    await eventually(() => section.problem()).toBe(message);
    expect(numberField()).toHaveValue(String(number));
    expect(await stationsOnServer(server)).toEqual([B_4, CJ_15]);
    expect(await section.status()).toBe("");
    await section.typeNumber("7");
    expect(await section.problem()).toBeNull();
  });

  it("says a station already assigned or a malformed number before anything is sent", async () => {
    const { server, app, section } = await openProfile();
    await eventually(() => section.pickerStates()).toMatchObject({ county: "enabled" });
    await section.chooseCounty("CJ");
    await section.typeNumber("15");
    expect(await section.problem()).toBe("This polling station is already on the list");
    expect((await section.pickerStates()).add).toBe("disabled");
    await section.typeNumber("15a");
    expect(await section.problem()).toBe("Enter the station's number: a whole number from 1 up");
    await app.user.type(numberField(), "{Enter}");
    expect(puts(server)).toEqual([]);
  });

  it("adds with the keyboard alone: the county by typing, the number, then Enter", async () => {
    const { server, app, section } = await openProfile();
    await eventually(() => section.pickerStates()).toMatchObject({ county: "enabled" });
    screen.getByRole("combobox", { name: "County" }).focus();
    await app.user.keyboard("Cluj");
    await app.user.keyboard("{ArrowDown}{Enter}");
    await app.user.tab();
    expect(numberField()).toHaveFocus();
    await app.user.keyboard("17{Enter}");
    await eventually(() => section.status()).toBe("CJ 17 assigned.");
    expect(await stationsOnServer(server)).toEqual([B_4, CJ_15, "CJ 17"]);
  });

  it("waits while a change saves: Add shows the loader, the fields and removes wait, and a double click saves once", async () => {
    const server = await startTestServer({ seed: observerWithStations });
    const saves = server.hold("PUT /api/v1/observer/*/stations");
    const { app, section } = await openProfile({ server });
    await eventually(() => section.pickerStates()).toMatchObject({ county: "enabled" });
    await section.chooseCounty("CJ");
    await section.typeNumber("16");
    await app.user.dblClick(screen.getByRole("button", { name: "Add" }));
    await waitFor(() => expect(saves.activeCount()).toBe(1));
    expect(await section.pickerStates()).toEqual({ county: "disabled", number: "disabled", add: "busy" });
    expect(await section.removeState(CJ_15)).toBe("disabled");
    await section.remove(B_4);
    await saves.release();
    await eventually(() => section.status()).toBe("CJ 16 assigned.");
    expect(saves.receivedCount()).toBe(1);
    expect(await stationsOnServer(server)).toEqual([B_4, CJ_15, "CJ 16"]);
  });

  it("offers to try again when the network failed, and the retry saves the same list", async () => {
    const server = await startTestServer({ seed: observerWithStations });
    const saves = server.hold("PUT /api/v1/observer/*/stations");
    const { section } = await openProfile({ server });
    await eventually(() => section.removeState(B_4)).toBe("enabled");
    await section.remove(B_4);
    await waitFor(() => expect(saves.activeCount()).toBe(1));
    saves.fail();
    await eventually(() => section.saveError()).toBe("Cannot reach the server. Check your connection and try again.");
    expect(await section.retrySaveState()).toBe("enabled");
    expect((await section.stations()).map((station) => station.name)).toEqual([B_4, CJ_15]);
    await section.retrySave();
    await waitFor(() => expect(saves.activeCount()).toBe(1));
    await saves.release();
    await eventually(() => section.status()).toBe("B 4 removed.");
    expect(await section.saveError()).toBeNull();
    expect(await stationsOnServer(server)).toEqual([CJ_15]);
  });

  it("offers to load again when the stations could not be loaded", async () => {
    const server = await startTestServer({ seed: observerWithStations });
    server.fail("GET /api/v1/observer/*/stations", 503, "unavailable", 1);
    const { section } = await openProfile({ server });
    await eventually(() => section.loadError()).toBe("The polling stations could not be loaded (error 503). Try again.");
    await section.retryLoad();
    await eventually(() => section.stations().then((stations) => stations.map((station) => station.name))).toEqual([B_4, CJ_15]);
  });

  it("is part of the profile's view mode only", async () => {
    const { section } = await openProfile({ path: "/observatori/profil/edit/7" });
    await waitFor(() => expect(screen.getByRole("textbox", { name: /^Name/ })).toHaveValue("Ana Pop"), FIRST_PAINT);
    expect(await section.isThere()).toBe(false);
  });

  it("speaks Romanian", async () => {
    const { section } = await openProfile({ locale: "ro" });
    expect(await screen.findByRole("heading", { level: 2, name: "Secții de votare repartizate" }, FIRST_PAINT)).toBeInTheDocument();
    await eventually(() => section.stations()).toEqual([
      { name: B_4, badges: ["Retrasă"], lines: [] },
      { name: CJ_15, badges: [expect.stringMatching(/^sosit la \d\d:42$/) as string], lines: ["Cluj-Napoca · Școala Gimnazială „Ion Agârbiceanu”", "Str. Mehedinți 2"] },
    ]);
    await section.addStation("CJ", 99);
    await eventually(() => section.problem()).toBe("Această secție de votare nu este în registru");
  });
});
