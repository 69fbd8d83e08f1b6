import { afterAll, afterEach, describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import { notifications } from "@mantine/notifications";
import axe from "axe-core";
import { File as NodeFile } from "node:buffer";
import type { Locale } from "../../../shared/i18n/locales";
import { renderApp } from "../../../../tests/support/render-app";
import { eventually } from "../../../../tests/pages/locators";
import { stationImport } from "../../../../tests/pages/dom/polling-stations";
import { startTestServer, type TestServer } from "../../../../tests/support/test-server";
import { sendXhrThrough } from "../../../../tests/support/xhr-over-fetch";
import { ORGANIZER } from "../../../../tests/support/seeds/observers.seed";
import { stationRegistry } from "../../../../tests/support/seeds/polling-stations.seed";
import { pollingStationRoutes } from "../polling-station.routes";

/** The screens this test visits. */
const FEATURES = [pollingStationRoutes];
const FIRST_PAINT = { timeout: 20_000 };

/*
 * jsdom's File and FormData lose the file's bytes on their way into Node's Request (jsdom's Blob is not Node's), and
 * the server would get an empty file. In this file the test's Files and the SPA's FormData are Node's, as a
 * browser's are its own: the server then reads the file the test chose.
 */
const jsdomGlobals = { File: globalThis.File, FormData: globalThis.FormData };
globalThis.File = NodeFile as unknown as typeof File;
globalThis.FormData = (await new Response(new URLSearchParams()).formData()).constructor as typeof FormData;
afterAll(() => void Object.assign(globalThis, jsdomGlobals));

const OFFICIAL_HEADER = "Județ;Nr. SV;Localitate;Sediu;Adresă;Număr alegători";
/**
 * The official list's format against the seed's registry: Cluj 1 as it is, Cluj 2 at another address, a new Cluj 56,
 * Bucharest 3 (retired) listed again; every other active station is left out.
 */
const officialList = [
  OFFICIAL_HEADER,
  "CLUJ;1;Cluj-Napoca;Liceul Teoretic „Avram Iancu”;Str. Onisifor Ghibu nr. 21;1530",
  "Cluj;2;Dej;Școala Gimnazială nr. 2;Str. Horea nr. 9;620",
  "CJ;56;Cluj-Napoca;Colegiul Tehnic „Napoca”;Str. Taberei nr. 1;800",
  "Municipiul București;3;București;Colegiul Național nr. 3;Bd. Unirii nr. 3;1003",
].join("\n");
/** Columns no template names: the mapping step matches them. */
const otherColumns = ["Jud,Sectia,Oras", "CJ,1,Cluj-Napoca", "CJ,57,Turda"].join("\n");
/** Line 3's county is unknown, line 4's number is not one, line 5 repeats line 2. */
const badFile = ["county,number", "CJ,1", "XY,2", "CJ,abc", "CJ,1"].join("\n");

const csv = (text: string, name = "sectii.csv") => new File([text], name, { type: "text/csv" });

async function openImport({ locale }: { locale?: Locale } = {}) {
  const server = await startTestServer({ seed: stationRegistry });
  sendXhrThrough(server.fetch);
  const app = renderApp({ features: FEATURES, path: "/sectii/import", storedToken: await server.tokenFor(ORGANIZER), fetch: server.fetch, locale });
  await screen.findByRole("heading", { level: 1 }, FIRST_PAINT);
  return { server, app, page: stationImport(app.user, locale) };
}

interface Upload {
  dryRun: string | null;
  retireMissing: string | null;
  columns: string | null;
  fileName: string | null;
}

/** The multipart uploads the SPA sent, by what they asked. */
const uploads = (server: TestServer): Upload[] =>
  server.requests
    .filter((request) => request.path.startsWith("/api/v1/polling-stations/import"))
    .map((request) => {
      const query = new URLSearchParams(request.path.split("?")[1]);
      const body = String(request.body);
      return {
        dryRun: query.get("dryRun"),
        retireMissing: query.get("retireMissing"),
        columns: /name="columns"\r\n\r\n([^\r]*)/.exec(body)?.[1] ?? null,
        fileName: /name="file"; filename="([^"]*)"/.exec(body)?.[1] ?? null,
      };
    });

const registry = (server: TestServer) =>
  server.db
    .selectFrom("pollingStation as s")
    .innerJoin("county as c", "c.id", "s.countyId")
    .select(["c.code", "s.number", "s.address", "s.status"])
    .orderBy("c.code")
    .orderBy("s.number")
    .execute();

async function expectNoAxeViolations(container: HTMLElement) {
  const results = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

// Mantine's notification store outlives a test's render.
afterEach(() => notifications.clean());

describe("StationImport", { timeout: 60_000 }, () => {
  it("checks the official list with a dry run and shows what it would add, change and retire, saving nothing", async () => {
    const { server, app, page } = await openImport();
    await page.chooseFile(csv(officialList));
    await eventually(() => page.counts()).toEqual({ added: "1", changed: "2", retired: "55", unchanged: "1" });
    expect(uploads(server)).toEqual([{ dryRun: "true", retireMissing: "true", columns: null, fileName: "sectii.csv" }]);
    expect(await page.tabs()).toEqual(["Added (1)", "Changed (2)", "Retired (55)"]);
    expect(await page.diffRows("added")).toEqual([["CJ", "56", "Cluj-Napoca", "Colegiul Tehnic „Napoca”"]]);
    await page.openTab("changed");
    expect(await page.diffRows("changed")).toEqual([
      ["B", "3Reactivated", "București", "Colegiul Național nr. 3", ""],
      ["CJ", "2", "Dej", "Școala Gimnazială nr. 2", "Address: Str. Republicii nr. 2 → Str. Horea nr. 9"],
    ]);
    expect(await page.retireMissing()).toBe(true);
    // Most of the registry is missing from the file: the screen says so beside the switch.
    expect(screen.getByTestId("station-import-retires-most")).toHaveTextContent(
      "The file leaves out most of the registry: 55 stations would be retired. To import part of the registry, such as one county, turn off the switch below.",
    );
    expect(await page.commitButton()).toEqual({ text: "Import 58 changes", state: "enabled" });
    await expectNoAxeViolations(app.container);
    expect((await registry(server)).filter((station) => station.status === "active")).toHaveLength(57);
  });

  it("runs the dry run again without retiring when the switch is turned off, then imports once on a double click", async () => {
    const { server, page } = await openImport();
    const commits = server.hold("POST /api/v1/polling-stations/import");
    await page.chooseFile(csv(officialList));
    await waitFor(() => expect(commits.activeCount()).toBe(1));
    await commits.release();
    await eventually(() => page.counts().then((counts) => counts?.retired)).toBe("55");

    await page.toggleRetireMissing();
    await waitFor(() => expect(commits.activeCount()).toBe(1));
    await commits.release();
    await eventually(() => page.counts()).toEqual({ added: "1", changed: "2", retired: "0", unchanged: "1" });
    expect(await page.retireMissing()).toBe(false);
    expect(screen.queryByTestId("station-import-retires-most")).not.toBeInTheDocument();

    await page.commitTwice();
    await waitFor(() => expect(commits.activeCount()).toBe(1));
    expect(await page.progress()).toMatch(/^Importing 4 stations…/);
    expect(await page.cancelState()).toBe("absent");
    await commits.release();
    await eventually(() => page.done()).toBe("The registry has been updatedAdded: 1. Changed: 2. Retired: 0. Unchanged: 1.See the polling stationsImport another file");
    expect(uploads(server).map(({ dryRun, retireMissing }) => `${dryRun} ${retireMissing}`)).toEqual(["true true", "true false", "false false"]);
    const stations = await registry(server);
    expect(stations.filter((station) => station.status === "retired")).toEqual([]);
    expect(stations.find((station) => station.code === "CJ" && station.number === 2)?.address).toBe("Str. Horea nr. 9");
    expect(stations).toHaveLength(59);
  });

  it("matches the columns of a file it does not recognise, then checks it with them", async () => {
    const { server, app, page } = await openImport();
    await page.chooseFile(csv(otherColumns, "altele.csv"));
    await eventually(() => page.stepHeading()).toBe("Match the columns");
    expect(await page.columns()).toEqual({ county: "", number: "", locality: "", institution: "", address: "", registeredVoters: "", latitude: "", longitude: "" });
    expect(screen.getByRole("button", { name: "Check with these columns" })).toBeDisabled();
    await expectNoAxeViolations(app.container);

    await page.chooseColumn("county", "Jud");
    await page.chooseColumn("number", "Sectia");
    await page.chooseColumn("locality", "Oras");
    await page.submitMapping();
    await eventually(() => page.counts()).toEqual({ added: "1", changed: "0", retired: "56", unchanged: "1" });
    expect(uploads(server).at(-1)).toEqual({
      dryRun: "true",
      retireMissing: "true",
      columns: JSON.stringify({ county: "Jud", number: "Sectia", locality: "Oras" }),
      fileName: "altele.csv",
    });
    await page.editMapping();
    expect(await page.columns()).toMatchObject({ county: "Jud", number: "Sectia", locality: "Oras" });
  });

  it("lists every bad row by line, column and reason, and saves nothing", async () => {
    const { server, page } = await openImport();
    await page.chooseFile(csv(badFile));
    await eventually(() => page.badRows()).toEqual([
      ["3", "County", "No county has this name or code"],
      ["4", "Number", "A station number is a whole number from 1"],
      ["5", "Number", "This county and number appear more than once in the file"],
    ]);
    expect(server.writes().length).toBe(1);
    expect(await registry(server)).toHaveLength(58);
  });

  it("offers to try the import again after the server failed, and imports on the second try", async () => {
    const { server, page } = await openImport();
    await page.chooseFile(csv(officialList));
    await eventually(() => page.commitButton().then((button) => button?.state)).toBe("enabled");
    server.fail("POST /api/v1/polling-stations/import", 503, "unavailable", 1);
    await page.commit();
    await eventually(() => page.failure()).toBe("Could not import the fileThe file could not be imported (error 503). Try again.Try again");
    await page.retry();
    await eventually(() => page.done()).toMatch(/^The registry has been updatedAdded: 1\. Changed: 2\. Retired: 55\./);
  });

  it("leaves for the registry on Cancel", async () => {
    const { page } = await openImport();
    await page.chooseFile(csv(officialList));
    await eventually(() => page.counts()).not.toBeNull();
    await page.cancel();
    await eventually(() => window.location.pathname).toBe("/sectii");
  });

  it("reads in Romanian", async () => {
    const { page } = await openImport({ locale: "ro" });
    await page.chooseFile(csv(officialList));
    await eventually(() => page.tabs()).toEqual(["Adăugate (1)", "Modificate (2)", "Retrase (55)"]);
    expect(await page.commitButton()).toEqual({ text: "Importă 58 de modificări", state: "enabled" });
  });
});
