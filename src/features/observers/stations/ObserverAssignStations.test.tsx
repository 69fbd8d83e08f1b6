import { describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import axe from "axe-core";
import { renderSignedIn } from "../../../../tests/support/render-app";
import { startTestServer, type TestServer } from "../../../../tests/support/test-server";
import { ORGANIZER } from "../../../../tests/support/seeds/observers.seed";
import { manyObserversWithStations } from "../../../../tests/support/seeds/observer-stations.seed";
import { toasts } from "../../../../tests/pages/dom/common";
import { observerList } from "../../../../tests/pages/dom/observer-list";
import { observerAssignDialog } from "../../../../tests/pages/dom/observer-stations";
import { eventually } from "../../../../tests/pages/locators";
import { observerRoutes } from "../observer.routes";
import type { Observer } from "../observer-list.actors";
import type { AssignedStation } from "./station-ref";

/** The screens this test visits. */
const FEATURES = [observerRoutes];

/** Observer 1 starts assigned to CJ 15 (manyObserversWithStations); 3 and 5 to none. */
const FIRST = 1;
const THIRD = 3;

async function renderList(options: { locale?: "en" | "ro"; server?: TestServer } = {}) {
  const server = options.server ?? (await startTestServer({ seed: manyObserversWithStations }));
  const { data } = (await server.ask("/api/v1/observer?Page=1&PageSize=100&SortBy=lastSeen&SortDirection=desc", ORGANIZER)) as { data: Observer[] };
  const nameOf = (id: number) => data.find((observer) => observer.id === id)?.name ?? "";
  const app = await renderSignedIn(server, ORGANIZER, { features: FEATURES, path: "/observatori", locale: options.locale });
  const page = observerList(app.user, options.locale);
  const dialog = observerAssignDialog(app.user, options.locale);
  // A file's first render also compiles the page's chunks: longer than a step's wait.
  await waitFor(async () => expect(await page.rowNames()).toContain(nameOf(FIRST)), { timeout: 15_000 });
  return { server, app, page, dialog, toasts: toasts(app.user), nameOf };
}

/** Opens the dialog for observers 1 and 3, once its counties are there. */
async function openForFirstAndThird(rendered: Awaited<ReturnType<typeof renderList>>) {
  const { page, dialog, nameOf } = rendered;
  await page.toggleRow(nameOf(FIRST));
  await page.toggleRow(nameOf(THIRD));
  await page.assignSelected();
  await eventually(() => dialog.pickerStates()).toMatchObject({ county: "enabled" });
}

/** An observer's stations as the server holds them now, by name. */
async function stationsOf(server: TestServer, observerId: number): Promise<string[]> {
  const { stations } = (await server.ask(`/api/v1/observer/${observerId}/stations`, ORGANIZER)) as { stations: AssignedStation[] };
  return stations.map((station) => `${station.countyCode} ${station.pollingStationNumber}`);
}

const assignments = (server: TestServer) => server.writes().filter((write) => write.path === "/api/v1/observer/stations");
const ref = (countyCode: string, pollingStationNumber: number) => ({ countyCode, pollingStationNumber });

// The first test also pays for the file's first render of the app (15 s and more on a loaded machine).
describe("ObserverAssignStations", { timeout: 60_000 }, () => {
  it("adds the chosen stations to each selected observer's own and says how many assignments are new", async () => {
    const rendered = await renderList();
    const { server, dialog, page, toasts } = rendered;
    await openForFirstAndThird(rendered);
    expect(await dialog.text()).toContain("2 observers selected");
    expect(await dialog.buttons()).toEqual({ assign: "disabled", cancel: "enabled" });
    await dialog.addStation("CJ", 15);
    await dialog.typeNumber("16");
    await dialog.add();
    expect(await dialog.chosen()).toEqual([
      { name: "CJ 15", problem: null },
      { name: "CJ 16", problem: null },
    ]);
    expect(await dialog.mode()).toBe("add");
    await dialog.assign();

    await eventually(() => toasts.saying("3 new assignments")).toEqual([expect.stringContaining("Success")]);
    await eventually(() => dialog.isOpen()).toBe(false);
    expect(assignments(server).map((write) => write.body)).toEqual([{ observerIds: [FIRST, THIRD], stations: [ref("CJ", 15), ref("CJ", 16)], mode: "add" }]);
    expect(await stationsOf(server, FIRST)).toEqual(["CJ 15", "CJ 16"]);
    expect(await stationsOf(server, THIRD)).toEqual(["CJ 15", "CJ 16"]);
    expect(await page.selection()).toContain("2 observers selected");
  });

  it("replaces the selected observers' stations with the chosen ones", async () => {
    const rendered = await renderList();
    const { server, dialog, toasts } = rendered;
    await openForFirstAndThird(rendered);
    await dialog.addStation("CJ", 17);
    await dialog.chooseMode("replace");
    await dialog.assign();
    await eventually(() => toasts.saying("2 new assignments")).toEqual([expect.stringContaining("Success")]);
    expect(assignments(server).map((write) => write.body)).toEqual([{ observerIds: [FIRST, THIRD], stations: [ref("CJ", 17)], mode: "replace" }]);
    expect(await stationsOf(server, FIRST)).toEqual(["CJ 17"]);
    expect(await stationsOf(server, THIRD)).toEqual(["CJ 17"]);
  });

  it("marks the stations the server refuses, saves nothing, and assigns once they are removed", async () => {
    const rendered = await renderList();
    const { server, dialog, toasts } = rendered;
    await openForFirstAndThird(rendered);
    await dialog.addStation("CJ", 16);
    await dialog.typeNumber("99");
    await dialog.add();
    await dialog.assign();
    await eventually(() => dialog.chosen()).toEqual([
      { name: "CJ 16", problem: null },
      { name: "CJ 99", problem: "This polling station is not in the registry" },
    ]);
    expect(await dialog.text()).toContain("Some stations cannot be assigned: remove or correct the ones marked above.");
    expect(await stationsOf(server, THIRD)).toEqual([]);

    await dialog.remove("CJ 99");
    await dialog.addStation("B", 5);
    await dialog.assign();
    await eventually(() => dialog.chosen()).toEqual([
      { name: "CJ 16", problem: null },
      { name: "B 5", problem: "This polling station is retired: it takes no new observers" },
    ]);
    await dialog.remove("B 5");
    await dialog.assign();
    await eventually(() => toasts.saying("2 new assignments")).toEqual([expect.stringContaining("Success")]);
    expect(await stationsOf(server, THIRD)).toEqual(["CJ 16"]);
  });

  it("says a station already chosen or a malformed number in the dialog, before anything is sent", async () => {
    const rendered = await renderList();
    const { server, dialog } = rendered;
    await openForFirstAndThird(rendered);
    await dialog.addStation("CJ", 16);
    await dialog.typeNumber("16");
    expect(await dialog.problem()).toBe("This polling station is already on the list");
    await dialog.typeNumber("x");
    expect(await dialog.problem()).toBe("Enter the station's number: a whole number from 1 up");
    expect((await dialog.pickerStates()).add).toBe("disabled");
    expect(await dialog.chosen()).toEqual([{ name: "CJ 16", problem: null }]);
    expect(assignments(server)).toEqual([]);
  });

  it("waits while it assigns: Assign shows the loader, Cancel and the fields wait, the dialog stays, and a double click assigns once", async () => {
    const server = await startTestServer({ seed: manyObserversWithStations });
    const held = server.hold("POST /api/v1/observer/stations");
    const rendered = await renderList({ server });
    const { app, dialog, toasts } = rendered;
    await openForFirstAndThird(rendered);
    await dialog.addStation("CJ", 16);
    await app.user.dblClick(screen.getByRole("button", { name: "Assign" }));
    await waitFor(() => expect(held.activeCount()).toBe(1));
    expect(await dialog.buttons()).toEqual({ assign: "busy", cancel: "disabled" });
    expect(await dialog.pickerStates()).toEqual({ county: "disabled", number: "disabled", add: "disabled" });
    await app.user.keyboard("{Escape}");
    expect(await dialog.isOpen()).toBe(true);
    await held.release();
    await eventually(() => toasts.saying("2 new assignments")).toEqual([expect.stringContaining("Success")]);
    expect(held.receivedCount()).toBe(1);
  });

  it("offers to try again when the server failed, and the retry assigns", async () => {
    const server = await startTestServer({ seed: manyObserversWithStations });
    server.fail("POST /api/v1/observer/stations", 500, "internal", 1);
    const rendered = await renderList({ server });
    const { dialog, toasts } = rendered;
    await openForFirstAndThird(rendered);
    await dialog.addStation("CJ", 16);
    await dialog.assign();
    await eventually(() => dialog.error()).toBe("The polling stations could not be saved (error 500). Try again later.");
    await dialog.retry();
    await eventually(() => toasts.saying("2 new assignments")).toEqual([expect.stringContaining("Success")]);
    expect(await stationsOf(server, FIRST)).toEqual(["CJ 15", "CJ 16"]);
  });

  it("says that a chosen observer is gone, without offering to try again", async () => {
    const rendered = await renderList();
    const { server, dialog } = rendered;
    await openForFirstAndThird(rendered);
    await server.db.updateTable("observer").set({ deletedAt: new Date() }).where("id", "=", THIRD).execute();
    await dialog.addStation("CJ", 16);
    await dialog.assign();
    await eventually(() => dialog.error()).toBe("Some of the chosen observers no longer exist. Reload the list and choose again.");
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
    expect(await stationsOf(server, FIRST)).toEqual(["CJ 15"]);
  });

  it("closes on Cancel without asking the server anything", async () => {
    const rendered = await renderList();
    const { server, dialog } = rendered;
    await openForFirstAndThird(rendered);
    await dialog.addStation("CJ", 16);
    await dialog.cancel();
    await eventually(() => dialog.isOpen()).toBe(false);
    expect(assignments(server)).toEqual([]);
  });

  it("is usable with the keyboard and has no axe violations", async () => {
    const rendered = await renderList();
    const { app, server, dialog, toasts } = rendered;
    await openForFirstAndThird(rendered);
    const results = await axe.run(screen.getByRole("dialog"), { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
    screen.getByRole("combobox", { name: "County" }).focus();
    await app.user.keyboard("Cluj{ArrowDown}{Enter}");
    await app.user.tab();
    await app.user.keyboard("18{Enter}");
    await eventually(() => dialog.chosen()).toEqual([{ name: "CJ 18", problem: null }]);
    screen.getByRole("button", { name: "Assign" }).focus();
    await app.user.keyboard("{Enter}");
    await eventually(() => toasts.saying("2 new assignments")).toEqual([expect.stringContaining("Success")]);
    expect(await stationsOf(server, THIRD)).toEqual(["CJ 18"]);
  });

  it("speaks Romanian", async () => {
    const rendered = await renderList({ locale: "ro" });
    const { dialog, toasts } = rendered;
    await openForFirstAndThird(rendered);
    expect(await dialog.text()).toContain("Repartizează la secții de votare");
    await dialog.addStation("CJ", 16);
    await dialog.assign();
    await eventually(() => toasts.saying("2 repartizări noi")).toHaveLength(1);
  });
});
