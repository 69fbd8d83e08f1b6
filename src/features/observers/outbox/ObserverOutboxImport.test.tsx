import { afterAll, afterEach, describe, expect, it } from "vitest";
import { notifications } from "@mantine/notifications";
import { screen, within } from "@testing-library/react";
import { File as NodeFile } from "node:buffer";
import { renderApp } from "../../../../tests/support/render-app";
import { startTestServer, type TestServer } from "../../../../tests/support/test-server";
import { observerRoutes } from "../observer.routes";

/*
 * jsdom's File and FormData lose the file's bytes on their way into Node's Request (see ObserverImport.test.tsx): here
 * the test's Files and the SPA's FormData are Node's, as a browser's are its own.
 */
const jsdomGlobals = { File: globalThis.File, FormData: globalThis.FormData };
globalThis.File = NodeFile as unknown as typeof File;
globalThis.FormData = (await new Response(new URLSearchParams()).formData()).constructor as typeof FormData;
afterAll(() => void Object.assign(globalThis, jsdomGlobals));
afterEach(() => notifications.clean());

const ORGANIZER = "0700000001";

/** An observer of the organizer's NGO, an active station of the current round and that round, from the demo seed. */
async function demoFacts(server: TestServer) {
  const db = server.db;
  const observer = await db.selectFrom("observer").select(["id", "phone"]).where("ngoId", "=", 1).where("deletedAt", "is", null).orderBy("id").executeTakeFirstOrThrow();
  const round = await db.selectFrom("electionRound").select("id").where("status", "=", "active").orderBy("id").executeTakeFirstOrThrow();
  const station = await db
    .selectFrom("pollingStation")
    .innerJoin("county", "county.id", "pollingStation.countyId")
    .select(["county.code", "pollingStation.number"])
    .where("pollingStation.electionRoundId", "=", round.id)
    .where("pollingStation.status", "=", "active")
    .where("county.diaspora", "=", false)
    .orderBy("pollingStation.id")
    .executeTakeFirstOrThrow();
  return { observer, roundId: round.id, station };
}

const visits = async (server: TestServer, observerId: number) =>
  Number((await server.db.selectFrom("pollingStationInfo").select((e) => e.fn.countAll().as("n")).where("observerId", "=", observerId).executeTakeFirstOrThrow()).n);

describe("ObserverOutboxImport", () => {
  it("imports a file from the observers list and shows what became of each item", async () => {
    const server = await startTestServer();
    const { observer, roundId, station } = await demoFacts(server);
    const before = await visits(server, observer.id);
    const arrival = (id: string, pollingStationNumber: number) => ({
      id,
      roundId,
      createdAt: "2026-11-22T06:00:00Z",
      urgent: false,
      payload: { kind: "arrival", body: { countyCode: station.code, pollingStationNumber, observerArrivalTime: "2026-11-22T06:00:00Z" } },
    });
    const content = {
      format: "vote-monitor-outbox",
      version: 1,
      observerPhone: observer.phone,
      savedAt: "2026-11-22T07:00:00Z",
      items: [arrival("5f0c1b8e-2d7a-4c11-9b3e-0a1b2c3d4e01", station.number), arrival("5f0c1b8e-2d7a-4c11-9b3e-0a1b2c3d4e02", 99999)],
    };
    const file = new File([JSON.stringify(content)], `outbox-${observer.phone}.json`, { type: "application/json" });

    const app = renderApp({ features: [observerRoutes], path: "/observatori", storedToken: await server.tokenFor(ORGANIZER), fetch: server.fetch });
    await app.user.click(await screen.findByRole("button", { name: "Import an outbox file" }));
    const dialog = await screen.findByRole("dialog", { name: "Import an observer's outbox file" });
    const importButton = within(dialog).getByRole("button", { name: "Import file" });
    expect(importButton).toBeDisabled();
    await app.user.upload(within(dialog).getByTestId("observer-outbox-file"), file);
    await app.user.click(importButton);

    const totals = await within(dialog).findByTestId("observer-outbox-totals");
    expect(within(totals).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "1 item imported",
      "0 items were already on the server",
      "1 item refused",
    ]);
    const refused = within(dialog).getByRole("table", { name: "Refused items" });
    expect(within(refused).getAllByRole("row").slice(1).map((row) => within(row).getAllByRole("cell").map((cell) => cell.textContent))).toEqual([
      ["Arrival", "The polling station or the question does not exist"],
    ]);
    expect(await visits(server, observer.id)).toBe(before + 1);
    expect(server.writes().map((request) => request.path)).toEqual(["/api/v1/observer-outbox/import"]);
  });

  it("says so when the file is not an outbox file, and imports nothing", async () => {
    const server = await startTestServer();
    const app = renderApp({ features: [observerRoutes], path: "/observatori", storedToken: await server.tokenFor(ORGANIZER), fetch: server.fetch });
    await app.user.click(await screen.findByRole("button", { name: "Import an outbox file" }));
    const dialog = await screen.findByRole("dialog", { name: "Import an observer's outbox file" });
    await app.user.upload(within(dialog).getByTestId("observer-outbox-file"), new File(["{ not json"], "outbox.json", { type: "application/json" }));
    await app.user.click(within(dialog).getByRole("button", { name: "Import file" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "This is not an outbox file of the observers' app, or it has been changed. Nothing was imported.",
    );
    expect(within(dialog).queryByTestId("observer-outbox-totals")).toBeNull();
  });
});
