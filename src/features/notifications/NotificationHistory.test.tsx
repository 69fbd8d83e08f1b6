import { afterEach, describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import axe from "axe-core";
import { notifications as mantineNotifications } from "@mantine/notifications";
import { renderApp } from "../../../tests/support/render-app";
import { notificationRoutes } from "./notification.routes";
import { eventually } from "../../../tests/pages/locators";
import { notifications } from "../../../tests/pages/dom/notifications";
import { startTestServer, TEST_NOW } from "../../../tests/support/test-server";
import { createFanOut } from "../../../server/src/notifications/fan-out";
import { outboxProvider } from "../../../server/src/notifications/provider";
import { ORGANIZER } from "../../../tests/support/seeds/observers.seed";
import { observersAtStations } from "./notification-recipients.seed";

/** The screens this test visits. */
const FEATURES = [notificationRoutes];

const FIRST_PAINT = { timeout: 20_000 };

async function sendThenOpenHistory(locale?: "en" | "ro") {
  const server = await startTestServer({ seed: observersAtStations });
  const app = renderApp({ features: FEATURES, path: "/notifications?observerIds=11,12,13", storedToken: await server.tokenFor(ORGANIZER), fetch: server.fetch, locale });
  const page = notifications(app.user, locale);
  await screen.findByRole("heading", { level: 1 }, FIRST_PAINT);
  await eventually(() => page.selectedCount()).toBe(3);
  await page.typeTitle("Form C");
  await page.typeMessage("Send form C after the count.");
  await page.sendToSelected();
  await page.confirm();
  await eventually(() => page.result()).toEqual({ addressed: 3, reachable: 2, notReachable: 1 });
  await page.openHistory();
  return { server, app, page };
}

afterEach(() => {
  mantineNotifications.clean();
});

describe("NotificationHistory", { timeout: 60_000 }, () => {
  it("lists a sent notification with its sender, audience, provider and counts per status, and its recipients", async () => {
    const { server, app, page } = await sendThenOpenHistory();
    await eventually(() => page.historyRows().then((rows) => rows.map(({ title, audience, provider, recipients }) => ({ title, audience, provider, recipients })))).toEqual([
      { title: "Form C", audience: "Selected observers", provider: "Outbox (recorded, not pushed)", recipients: 3 },
    ]);
    // The pushes go out in the background; the test server runs no worker, so the test drains the fan-out itself.
    expect((await page.historyRows())[0]?.delivery).toEqual(["Queued: 2", "No device: 1"]);
    await createFanOut({ db: server.db, provider: outboxProvider, clock: () => TEST_NOW }).drain();
    await page.refreshHistory();
    await eventually(async () => (await page.historyRows())[0]?.delivery).toEqual(["No device: 1", "Not pushed: 2"]);
    expect(screen.getByRole("table", { name: "Notifications sent" })).toHaveTextContent("admin.cfr");
    const historyResults = await axe.run(app.container, { rules: { "color-contrast": { enabled: false } } });
    expect(historyResults.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
    await page.openRecipients("Form C");
    await eventually(() => page.recipientRows().then((rows) => rows.map((row) => row.name))).toEqual(["Ana Pop", "Bogdan Ionescu", "Carmen Stan"]);
    expect(await page.recipientRows()).toEqual([
      { name: "Ana Pop", status: "Not pushed", reason: "" },
      { name: "Bogdan Ionescu", status: "No device", reason: "" },
      { name: "Carmen Stan", status: "Not pushed", reason: "" },
    ]);
    await page.filterRecipients("No device");
    await eventually(() => page.recipientRows()).toEqual([{ name: "Bogdan Ionescu", status: "No device", reason: "" }]);
    const results = await axe.run(screen.getByRole("dialog"), { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it("keeps the composer's result when going back from the history", async () => {
    const { page } = await sendThenOpenHistory();
    await eventually(() => page.historyRows().then((rows) => rows.length)).toBe(1);
    await page.openCompose();
    expect(await page.result()).toEqual({ addressed: 3, reachable: 2, notReachable: 1 });
    await page.newNotification();
    await eventually(() => page.selectedCount()).toBe(0);
  });

  it("shows the history in Romanian where the catalogue has the words", async () => {
    const { page } = await sendThenOpenHistory("ro");
    await eventually(() => page.historyRows().then((rows) => rows.map((row) => row.title))).toEqual(["Form C"]);
    expect(await page.title()).toBe("Notificări");
  });
});
