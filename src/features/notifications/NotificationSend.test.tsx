import { afterEach, describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import axe from "axe-core";
import { notifications as mantineNotifications } from "@mantine/notifications";
import { renderApp } from "../../../tests/support/render-app";
import { notificationRoutes } from "./notification.routes";
import { eventually } from "../../../tests/pages/locators";
import { notifications } from "../../../tests/pages/dom/notifications";
import { startTestServer, type TestServer } from "../../../tests/support/test-server";
import { ORGANIZER, STAFF } from "../../../tests/support/seeds/observers.seed";
import { observersAtStations } from "./notification-recipients.seed";

/** The screens this test visits. */
const FEATURES = [notificationRoutes];

const FIRST_PAINT = { timeout: 20_000 };
const SEND = "POST /api/v1/notification/send";

type Fetch = (request: Request) => Promise<Response>;

interface RenderOptions {
  path?: string;
  account?: string;
  locale?: "en" | "ro";
  network?: (server: TestServer) => Fetch;
  arrange?: (server: TestServer) => void;
}

async function renderComposer({ path = "/notifications", account = ORGANIZER, locale, network, arrange }: RenderOptions = {}) {
  const server = await startTestServer({ seed: observersAtStations });
  arrange?.(server);
  const app = renderApp({ features: FEATURES, path, storedToken: await server.tokenFor(account), fetch: network?.(server) ?? server.fetch, locale });
  const page = notifications(app.user, locale);
  await screen.findByRole("heading", { level: 1 }, FIRST_PAINT);
  return { server, app, page };
}

async function findAtCluj15To16(page: ReturnType<typeof notifications>) {
  await page.chooseCounty("CJ");
  await page.chooseStations(15, 16);
  await page.search();
  await eventually(() => page.candidateNames()).toEqual(["Ana Pop", "Bogdan Ionescu", "Elena Pop"]);
}

const notificationsIn = (server: TestServer) => server.db.selectFrom("notification").select(["title", "message", "channel", "senderFrom"]).execute();

afterEach(() => {
  mantineNotifications.clean();
});

describe("NotificationSend", { timeout: 60_000 }, () => {
  it("finds the observers of a county's station range as cards with their stations, last seen and device", async () => {
    const { page } = await renderComposer();
    await findAtCluj15To16(page);
    expect(await page.candidate("Ana Pop")).toEqual({ phone: "0722000011", stations: "CJ 15", device: true, selected: false });
    expect(await page.candidate("Bogdan Ionescu")).toEqual({ phone: "0722000012", stations: "CJ 16", device: false, selected: false });
    expect(screen.getByRole("listitem", { name: "Ana Pop" })).toHaveTextContent(/Last seen .*2026/);
    expect(await page.selectedCount()).toBe(0);
  });

  it("offers only the scope of an NGO admin: another NGO's observers are never found", async () => {
    const { page } = await renderComposer({ account: STAFF });
    await page.chooseCounty("CJ");
    await page.search();
    await eventually(() => page.candidateNames()).toEqual(["Elena Pop"]);
  });

  it("selects all, counts who a push can reach, confirms with the count and sends once to the selected", async () => {
    const { server, page } = await renderComposer();
    await eventually(() => page.warnsOutbox()).toBe(true);
    await findAtCluj15To16(page);
    expect(await page.sendSelectedColor()).toBe("gray");
    await page.typeTitle("Station 15 is closed");
    await page.typeMessage("Go to station 16.");
    await page.selectAll();
    expect(await page.selectedCount()).toBe(3);
    expect(await page.selectedReach()).toEqual({ addressed: 3, reachable: 1, notReachable: 2 });
    expect(await page.sendSelectedLabel()).toBe("Send to 3 selected observers");
    expect(await page.sendSelectedColor()).toBe("green");
    await page.sendToSelected();
    expect(await page.confirmQuestion()).toBe("Send this notification to 3 observers?");
    expect(await page.confirmReach()).toEqual({ addressed: 3, reachable: 1, notReachable: 2 });
    expect(await page.confirmWarnsOutbox()).toBe(true);
    expect(server.writes()).toEqual([]);
    await page.confirm();
    await eventually(() => page.result()).toEqual({ addressed: 3, reachable: 1, notReachable: 2 });
    expect(await page.resultText()).toContain("not pushed to any phone");
    expect(server.writes()).toEqual([
      {
        method: "POST",
        path: "/api/v1/notification/send",
        body: { channel: "Firebase", from: "Monitorizare Vot", title: "Station 15 is closed", message: "Go to station 16.", recipients: [11, 12, 15] },
      },
    ]);
    expect(await notificationsIn(server)).toEqual([{ title: "Station 15 is closed", message: "Go to station 16.", channel: "Firebase", senderFrom: "Monitorizare Vot" }]);
  });

  it("says 'Not all fields have been completed' and sends nothing when the title, message or recipients are missing", async () => {
    const { server, page } = await renderComposer();
    await page.sendToAll();
    await eventually(() => page.isIncomplete()).toBe(true);
    await page.typeTitle("Title only");
    expect(await page.isIncomplete()).toBe(false);
    await page.typeMessage("And a message");
    await page.sendToSelected();
    await eventually(() => page.isIncomplete()).toBe(true);
    expect(await page.confirmQuestion()).toBeNull();
    expect(await page.sendAllColor()).toBe("green");
    expect(server.writes()).toEqual([]);
  });

  it("drops the selection when the county changes", async () => {
    const { page } = await renderComposer();
    await findAtCluj15To16(page);
    await page.toggle("Ana Pop");
    expect(await page.selectedCount()).toBe(1);
    await page.chooseCounty("B");
    await eventually(() => page.selectedCount()).toBe(0);
    expect(await page.candidateNames()).toEqual([]);
  });

  it("pre-selects the observers another screen chose (?observerIds=) and sends to them", async () => {
    const { server, page } = await renderComposer({ path: "/notifications?observerIds=11,12" });
    await eventually(() => page.candidateNames()).toEqual(["Ana Pop", "Bogdan Ionescu"]);
    expect(await page.selectedCount()).toBe(2);
    expect(await page.selectedReach()).toEqual({ addressed: 2, reachable: 1, notReachable: 1 });
    await page.typeTitle("Form C");
    await page.typeMessage("Send form C after the count.");
    await page.sendToSelected();
    await page.confirm();
    await eventually(() => page.result()).toEqual({ addressed: 2, reachable: 1, notReachable: 1 });
    expect(server.writes().map((write) => (write.body as { recipients: number[] }).recipients)).toEqual([[11, 12]]);
  });

  it("says why the search failed and searches again from its alert", async () => {
    const { server, page } = await renderComposer();
    server.fail("GET /api/v1/observer/active", 500, "internal_error", 1);
    await page.chooseCounty("CJ");
    await page.search();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("This could not be loaded (error 500).");
    await page.retryLoad();
    await eventually(() => page.candidateNames()).toEqual(["Ana Pop", "Bogdan Ionescu", "Carmen Stan", "Elena Pop"]);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says when the observers chosen on another screen could not be read, and selects none", async () => {
    const { page } = await renderComposer({ path: "/notifications?observerIds=11", arrange: (server) => server.fail("GET /api/v1/observer", 503, "unavailable") });
    expect(await screen.findByRole("alert")).toHaveTextContent("This could not be loaded (error 503).");
    expect(await page.selectedCount()).toBe(0);
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
  });

  it("retries a send whose answer was lost with the same Idempotency-Key: the server records it once", async () => {
    const keys: (string | null)[] = [];
    let loseNextAnswer = true;
    const network = (server: TestServer): Fetch => async (request) => {
      if (request.method !== "POST" || !new URL(request.url).pathname.startsWith("/api/v1/notification/send")) return server.fetch(request);
      keys.push(request.headers.get("Idempotency-Key"));
      const response = await server.fetch(request);
      if (!loseNextAnswer) return response;
      loseNextAnswer = false;
      throw new TypeError("Failed to fetch");
    };
    const { server, page } = await renderComposer({ path: "/notifications?observerIds=11,13", network });
    await eventually(() => page.selectedCount()).toBe(2);
    await page.typeTitle("Good morning");
    await page.typeMessage("Stations open at 7.");
    await page.sendToSelected();
    await page.confirm();
    await eventually(() => page.failure()).toContain("Cannot reach the server");
    await page.retry();
    await eventually(() => page.result()).toEqual({ addressed: 2, reachable: 2, notReachable: 0 });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(server.count(SEND)).toBe(2);
    expect(await notificationsIn(server)).toHaveLength(1);
  });

  it("keeps the confirmation's Send busy while sending, so a second click sends nothing", async () => {
    const { server, page } = await renderComposer({ path: "/notifications?observerIds=11" });
    await eventually(() => page.selectedCount()).toBe(1);
    const held = server.hold(SEND);
    await page.typeTitle("Once");
    await page.typeMessage("Only once.");
    await page.sendToSelected();
    await page.confirm();
    await eventually(() => page.confirmState()).toBe("busy");
    await eventually(() => held.receivedCount()).toBe(1);
    await page.confirm();
    await held.release();
    await eventually(() => page.result()).toEqual({ addressed: 1, reachable: 1, notReachable: 0 });
    expect(held.receivedCount()).toBe(1);
  });

  it("is usable with the keyboard and has no axe violations, confirmation open too", async () => {
    const { app, page } = await renderComposer({ path: "/notifications?observerIds=11,12" });
    await eventually(() => page.selectedCount()).toBe(2);
    const results = await axe.run(app.container, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
    screen.getByRole("textbox", { name: /^Title/ }).focus();
    await app.user.keyboard("Keyboard");
    await app.user.tab();
    await app.user.keyboard("Only keys");
    screen.getByRole("button", { name: "Send to 2 selected observers" }).focus();
    await app.user.keyboard("{Enter}");
    expect(await page.confirmQuestion()).toBe("Send this notification to 2 observers?");
    const dialogResults = await axe.run(screen.getByRole("dialog"), { rules: { "color-contrast": { enabled: false } } });
    expect(dialogResults.violations.map((violation) => violation.id)).toEqual([]);
    await app.user.keyboard("{Escape}");
    await eventually(() => page.confirmQuestion()).toBeNull();
  });

  it("speaks Romanian where the catalogue does: the title and the count of the observers chosen", async () => {
    const { page } = await renderComposer({ path: "/notifications?observerIds=11,12", locale: "ro" });
    expect(await page.title()).toBe("Notificări");
    await eventually(() => page.selectedCount()).toBe(2);
    expect(screen.getByTestId("selected-count")).toHaveTextContent("2 observatori selectați");
    expect(await page.candidate("Ana Pop")).toEqual({ phone: "0722000011", stations: null, device: true, selected: true });
  });
});
