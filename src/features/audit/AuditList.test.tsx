import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import axe from "axe-core";
import type { Locale } from "../../shared/i18n/locales";
import { renderApp } from "../../../tests/support/render-app";
import { auditRoutes } from "./audit.routes";
import { ngoRoutes } from "../ngos/ngo.routes";
import { observerRoutes } from "../observers/observer.routes";
import { eventually } from "../../../tests/pages/locators";
import { auditLog as auditLogPage } from "../../../tests/pages/dom/audit";
import { appHeader } from "../../../tests/pages/dom/header";
import { onSmallScreen } from "../../../tests/support/small-screen";
import { startTestServer, type Seed } from "../../../tests/support/test-server";
import { auditLog } from "../../../tests/support/seeds/audit.seed";
import { oneObserver, ORGANIZER, STAFF } from "../../../tests/support/seeds/observers.seed";

/** The screens this test visits. */
const FEATURES = [auditRoutes, observerRoutes, ngoRoutes];

const FIRST_PAINT = { timeout: 20_000 };
const AUDIT = "GET /api/v1/audit";

async function openLog({ path = "/audit", account = ORGANIZER, locale, seed = auditLog }: { path?: string; account?: string; locale?: Locale; seed?: Seed } = {}) {
  const server = await startTestServer({ seed });
  const app = renderApp({ features: FEATURES, path, storedToken: await server.tokenFor(account), fetch: server.fetch, locale });
  await screen.findByRole("heading", { level: 1 }, FIRST_PAINT);
  return { server, app, page: auditLogPage(app.user, locale), header: appHeader(app.user, locale) };
}

const shownPath = () => `${window.location.pathname}${window.location.search}`;
const whats = (page: ReturnType<typeof auditLogPage>) => page.entries().then((entries) => entries.map((entry) => `${entry.what}: ${entry.subject}`));

/** The nine newest entries of the audit seed, as the screen must read them. */
const NEWEST = [
  { at: "2026-11-22T07:00:00.000Z", who: "admin.cfr · Code for Romania", what: "Deactivated NGO", subject: "Asociația Observatorilor", link: "/ong/view/2", deleted: false, changes: ["Active: Yes → No"] },
  { at: "2026-11-22T06:00:00.000Z", who: "admin.cfr · Code for Romania", what: "Changed observer", subject: "Ana Pop (0722000000)", link: "/observatori/profil/view/7", deleted: false, changes: ["Name: Ana Popa → Ana Pop"] },
  { at: "2026-11-22T05:00:00.000Z", who: "ana.pop · Asociația Observatorilor", what: "Deleted observer", subject: "Bogdan Ionescu (0722000099)", link: null, deleted: true, changes: [] },
  { at: "2026-11-22T04:00:00.000Z", who: "admin.cfr · Code for Romania", what: "Set thread state", subject: "Ana Pop (0722000000), B 1", link: null, deleted: true, changes: ["Review state: New → In progress"] },
  { at: "2026-11-22T03:00:00.000Z", who: "admin.cfr · Code for Romania", what: "Published form", subject: "C: Counting", link: null, deleted: true, changes: [] },
  { at: "2026-11-22T02:00:00.000Z", who: "admin.cfr · Code for Romania", what: "Imported 12 observers", subject: "Code for Romania", link: "/ong/view/1", deleted: false, changes: [] },
  { at: "2026-11-22T01:00:00.000Z", who: "admin.cfr · Code for Romania", what: "Reset admin password", subject: "ana.pop", link: "/ong/view/2", deleted: false, changes: ["Password: changed (not shown)"] },
  { at: "2026-11-22T00:00:00.000Z", who: "admin.cfr · Code for Romania", what: "Reset observer's PIN", subject: "Ana Pop (0722000000)", link: "/observatori/profil/view/7", deleted: false, changes: ["PIN: changed (not shown)"] },
  {
    at: "2026-11-21T23:30:00.000Z",
    who: "admin.cfr · Code for Romania",
    what: "Sent notification to 3 observers",
    subject: "Form C",
    link: null,
    deleted: true,
    changes: ["Audience: Selected observers", "Message: Send form C after the count."],
  },
];

async function expectNoAxeViolations(container: HTMLElement) {
  const results = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

// Paging, the subject-type filter, refreshing in place and a failed load are the list machine's: the list conformance
// suite replays them on this screen (tests/model/audit-list.model.test.tsx).
describe("AuditList", { timeout: 60_000 }, () => {
  it("lists staff actions newest first: who, what, the subject linked while it exists or marked deleted, and the changes", async () => {
    const { app, page } = await openLog();
    await eventually(() => page.entries().then((entries) => entries.length)).toBe(20);
    expect((await page.entries()).slice(0, 9)).toEqual(NEWEST);
    expect(await page.range()).toBe("Showing 1 to 20 of 26");
    expect(await page.paging()).toEqual({ previous: "disabled", next: "enabled" });
    expect(await page.title()).toBe("Activity log");
    await expectNoAxeViolations(app.container);

    await page.openSubject("Ana Pop (0722000000)");
    await eventually(shownPath).toBe("/observatori/profil/view/7");
  });

  it("records what staff do in the product and shows it at the top", async () => {
    const server = await startTestServer({ seed: auditLog });
    const token = await server.tokenFor(ORGANIZER);
    const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const body = JSON.stringify({ idObserver: 7, name: "Ana Maria Pop", phone: "0722000000" });
    expect((await server.fetch(new Request("http://localhost/api/v1/observer", { method: "PUT", headers, body }))).status).toBe(200);

    const app = renderApp({ features: FEATURES, path: "/audit", storedToken: token, fetch: server.fetch });
    const page = auditLogPage(app.user);
    await eventually(() => page.entries().then((entries) => entries[0])).toEqual({
      at: "2026-11-22T08:00:00.000Z",
      who: "admin.cfr · Code for Romania",
      what: "Changed observer",
      subject: "Ana Maria Pop (0722000000)",
      link: "/observatori/profil/view/7",
      deleted: false,
      changes: ["Name: Ana Pop → Ana Maria Pop"],
    });
  });

  it("filters by subject type, action, NGO and text, keeps the filter in the address through Back and a reload, and resets", async () => {
    const { server, app, page } = await openLog();
    await eventually(() => page.range()).toBe("Showing 1 to 20 of 26");

    await page.filter({ subjectType: "Observer", action: "Deleted observer" });
    await eventually(shownPath).toBe("/audit?subjectType=observer&action=observer.deleted");
    await eventually(() => whats(page)).toEqual(["Deleted observer: Bogdan Ionescu (0722000099)"]);

    await page.filter({ subjectType: "", action: "", ngo: "Asociația Observatorilor", search: "ana.pop" });
    await eventually(shownPath).toBe("/audit?ngoId=2&search=ana.pop");
    await eventually(() => whats(page)).toEqual(["Deleted observer: Bogdan Ionescu (0722000099)", "Reset admin password: ana.pop"]);

    window.history.back();
    await eventually(shownPath).toBe("/audit?subjectType=observer&action=observer.deleted");
    await eventually(() => page.filterValues()).toEqual({ subjectType: "Observer", action: "Deleted observer", ngo: "", search: "" });
    await eventually(() => whats(page)).toEqual(["Deleted observer: Bogdan Ionescu (0722000099)"]);

    app.unmount();
    const reloaded = renderApp({ features: FEATURES, path: shownPath(), storedToken: await server.tokenFor(ORGANIZER), fetch: server.fetch });
    const again = auditLogPage(reloaded.user);
    await eventually(() => again.filterValues()).toEqual({ subjectType: "Observer", action: "Deleted observer", ngo: "", search: "" });
    await eventually(() => whats(again)).toEqual(["Deleted observer: Bogdan Ionescu (0722000099)"]);

    await again.resetFilter();
    await eventually(shownPath).toBe("/audit");
    await eventually(() => again.range()).toBe("Showing 1 to 20 of 26");
    expect(await again.filterValues()).toEqual({ subjectType: "", action: "", ngo: "", search: "" });
  });

  it("offers only the actions of the chosen subject type, and drops an action of another type", async () => {
    const { page } = await openLog({ path: "/audit?action=form.published" });
    await eventually(() => whats(page)).toEqual(["Published form: C: Counting"]);
    await page.filter({ subjectType: "NGO" });
    await eventually(shownPath).toBe("/audit?subjectType=ngo");
    await eventually(() => whats(page)).toEqual(["Deactivated NGO: Asociația Observatorilor", "Imported 12 observers: Code for Romania"]);
    await page.openActionChoices();
    expect(await page.choices()).toEqual([
      "Added NGO",
      "Changed NGO",
      "Activated NGO",
      "Deactivated NGO",
      "Made NGO an organizer",
      "Removed NGO from organizers",
      "Deleted NGO",
      "Imported observers",
    ]);
  });

  it("narrows to one record from its History link, names it in a chip, and widens again when the chip is removed", async () => {
    const { page } = await openLog({ path: "/audit?subjectType=observer&subjectId=7" });
    await eventually(() => page.range()).toBe("Showing 1 to 19 of 19");
    expect(await page.subjectChip()).toBe("Only the history of Ana Pop (0722000000)");
    expect(new Set((await page.entries()).map((entry) => entry.subject))).toEqual(new Set(["Ana Pop (0722000000)"]));
    expect(await page.filterValues()).toEqual({ subjectType: "Observer", action: "", ngo: "", search: "" });

    await page.removeSubjectChip();
    await eventually(shownPath).toBe("/audit?subjectType=observer");
    await eventually(() => page.range()).toBe("Showing 1 to 20 of 20");
    expect(await page.subjectChip()).toBeNull();
  });

  it("ignores what the address holds that the log cannot filter on", async () => {
    const { server, page } = await openLog({ path: "/audit?subjectType=planet&subjectId=7&action=observer.exploded&ngoId=-1&from=yesterday" });
    await eventually(() => page.range()).toBe("Showing 1 to 20 of 26");
    expect(server.requests.filter((request) => request.path.startsWith("/api/v1/audit") && !request.cancelled).map((request) => request.path)).toEqual([
      "/api/v1/audit?page=1&pageSize=20",
    ]);
  });

  it("says when no entry matches the filters", async () => {
    const { page } = await openLog({ path: "/audit?search=nobody" });
    await eventually(() => page.emptyText()).toBe("No staff action matches these filters.");
    expect(await page.entries()).toEqual([]);
    expect(await page.range()).toBeNull();
  });

  it("says when nothing has been recorded yet", async () => {
    const { page } = await openLog({ seed: oneObserver });
    await eventually(() => page.emptyText()).toBe("No staff action has been recorded yet.");
  });

  it("tells an NGO admin the log is for organizers, offers no link to it and asks the server nothing", async () => {
    const { server, page, header } = await openLog({ account: STAFF });
    await eventually(() => page.refusal()).toBe(
      "Organizers only This screen is reserved for staff of the organizing NGOs. Ask an organizer if you need a change here.",
    );
    expect(await header.sections()).not.toContain("Activity log");
    expect(server.count(AUDIT)).toBe(0);
  });

  it("opens from an observer's History link narrowed to that observer, and an NGO's page links to its own", async () => {
    const { app, page } = await openLog({ path: "/observatori/profil/view/7" });
    await app.user.click(await screen.findByRole("link", { name: "History" }, FIRST_PAINT));
    await eventually(shownPath).toBe("/audit?subjectType=observer&subjectId=7");
    await eventually(() => page.subjectChip()).toBe("Only the history of Ana Pop (0722000000)");

    app.unmount();
    await openLog({ path: "/ong/view/2" });
    expect(await screen.findByRole("link", { name: "History" }, FIRST_PAINT)).toHaveAttribute("href", "/audit?subjectType=ngo&subjectId=2");
  });

  it("shows an organizer the Activity log link in the header", async () => {
    const { header } = await openLog({ path: "/urgents" });
    await eventually(() => header.sections()).toContain("Activity log");
  });

  it("shows the entries as cards on a phone", async () => {
    onSmallScreen();
    const { page } = await openLog();
    await eventually(() => page.entries().then((entries) => entries.slice(0, 9))).toEqual(NEWEST);
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("reads in Romanian", async () => {
    const { page } = await openLog({ locale: "ro" });
    await eventually(() => page.entries().then((entries) => entries.length)).toBe(20);
    expect(await page.title()).toBe("Jurnal de activitate");
    expect((await page.entries()).slice(0, 2).map(({ what, changes }) => ({ what, changes }))).toEqual([
      { what: "A dezactivat ONG-ul", changes: ["Activ: Da → Nu"] },
      { what: "A modificat observatorul", changes: ["Nume: Ana Popa → Ana Pop"] },
    ]);
    expect(await page.range()).toBe("Se afișează 1–20 din 26");
  });
});
