import { afterEach, describe, expect, it, vi } from "vitest";
import { act, screen, waitFor } from "@testing-library/react";
import axe from "axe-core";
import { renderApp } from "../../../tests/support/render-app";
import { statisticsRoutes } from "./statistics.routes";
import { answerRoutes } from "../answers/answer.routes";
import { eventually } from "../../../tests/pages/locators";
import { statistics } from "../../../tests/pages/dom/statistics";
import { CARD_NAMES } from "../../../tests/pages/statistics";
import { startTestServer, type TestServer } from "../../../tests/support/test-server";
import { STATISTIC_CARDS, type StatisticsPage } from "./statistics.config";

/** The screens this test visits. */
const FEATURES = [statisticsRoutes, answerRoutes];

const ORGANIZER = "0700000001";
const FIRST_PAINT = { timeout: 20_000 };
const statisticLoads = "GET /api/v1/statistics/*";

/** The server's own page of a statistic: the screen is compared with it, not with a copy of its order. */
async function ranking(server: TestServer, method: string, pageSize = 5, page = 1): Promise<StatisticsPage> {
  return (await server.ask(`/api/v1/statistics/${method}?page=${page}&pageSize=${pageSize}`, ORGANIZER)) as StatisticsPage;
}

async function renderStatistics(path = "/statistics", { locale, server: given }: { locale?: "en" | "ro"; server?: TestServer } = {}) {
  const server = given ?? (await startTestServer());
  const app = renderApp({ features: FEATURES, path, storedToken: await server.tokenFor(ORGANIZER), fetch: server.fetch, locale });
  return { server, app, page: statistics(app.user, locale) };
}

const rowName = (item: { label: string; value: number }) => `${item.label}: ${item.value}`;

afterEach(() => {
  vi.useRealTimers();
});

describe("StatisticsCards", { timeout: 60_000 }, () => {
  it("shows the seven cards in order, each with the server's first five, its time and a chart hidden from screen readers", async () => {
    const { server, page } = await renderStatistics();
    expect(await screen.findByRole("heading", { level: 1, name: "Statistics" }, FIRST_PAINT)).toBeInTheDocument();
    await eventually(() => page.cardNames()).toEqual(CARD_NAMES.en);
    for (const [index, card] of STATISTIC_CARDS.entries()) {
      const expected = await ranking(server, card.method);
      const name = CARD_NAMES.en[index]!;
      expect((await page.rows(name)).map((row) => row.name)).toEqual(expected.data.map(rowName));
      expect(await page.asOfInstant(name)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/);
      expect(await page.asOf(name)).toMatch(/^\d\d:\d\d:\d\d$/);
      expect(await page.hasHiddenChart(name)).toBe(true);
    }
    // One request per card, five values each (spec, section 7).
    const queries = server.requests.filter((request) => request.path.startsWith("/api/v1/statistics/") && !request.cancelled);
    expect(queries.map((request) => request.path).sort()).toEqual(STATISTIC_CARDS.map((card) => `/api/v1/statistics/${card.method}?page=1&pageSize=5&electionRoundId=1`).sort());
  });

  it("links every number to exactly its answers: county, station and form", async () => {
    const { server, page } = await renderStatistics();
    await eventually(() => page.cardNames()).toEqual(CARD_NAMES.en);
    const expectedHref = (index: number, item: { label: string; code?: string }) => {
      const card = STATISTIC_CARDS[index]!;
      const route = card.method === "observerNumber" ? "/answers" : "/urgents";
      const number = card.link.grouping === "station" ? `&pollingStationNumber=${item.label.split(" ")[1]}` : "";
      const form = card.link.formCode ? `&formCode=${card.link.formCode}` : "";
      return `${route}?county=${item.code}${number}${form}`;
    };
    for (const [index, card] of STATISTIC_CARDS.entries()) {
      const expected = await ranking(server, card.method);
      expect((await page.rows(CARD_NAMES.en[index])).map((row) => row.href)).toEqual(expected.data.map((item) => expectedHref(index, item)));
    }
    const [first] = (await ranking(server, "pollingStationOpeningIrregularities")).data;
    expect(expectedHref(4, first!)).toBe(`/urgents?county=${first!.code}&pollingStationNumber=${first!.label.split(" ")[1]}&formCode=A`);
  });

  it("lands on the urgents of a station's opening form with the number clicked as its total, and the form shown as a removable chip", async () => {
    const { server, app, page } = await renderStatistics();
    const name = CARD_NAMES.en[4]!;
    await eventually(() => page.rows(name).then((rows) => rows.length)).toBeGreaterThan(0);
    const [first] = (await ranking(server, "pollingStationOpeningIrregularities")).data;
    await page.openRow(rowName(first!), name);
    await waitFor(() => expect(app.currentPath()).toBe("/urgents"), FIRST_PAINT);
    expect(window.location.search).toBe(`?county=${first!.code}&pollingStationNumber=${first!.label.split(" ")[1]}&formCode=A`);
    const totals = await screen.findByTestId("answer-totals", {}, FIRST_PAINT);
    expect(totals).toHaveTextContent(new RegExp(`· ${first!.value} flagged answers?$`));
    const answers = server.requests.filter((request) => request.path.startsWith("/api/v1/answers?") && !request.cancelled).at(-1)!;
    expect(Object.fromEntries(new URLSearchParams(answers.path.split("?")[1]))).toMatchObject({ formCode: "A", urgent: "true", county: first!.code });
    expect(screen.getByTestId("answer-form-filter")).toHaveTextContent("Form A");
    await app.user.click(screen.getByRole("button", { name: "Remove the filter Form A" }));
    await waitFor(() => expect(window.location.search).toBe(`?county=${first!.code}&pollingStationNumber=${first!.label.split(" ")[1]}`));
    expect(screen.queryByTestId("answer-form-filter")).toBeNull();
  });

  it("lands on a county's answers with as many observers as the card counts, and Reset clears the form filter too", async () => {
    const { server, app, page } = await renderStatistics();
    const name = CARD_NAMES.en[0]!;
    await eventually(() => page.rows(name).then((rows) => rows.length)).toBeGreaterThan(0);
    const [county] = (await ranking(server, "observerNumber")).data;
    await page.openRow(rowName(county!), name);
    await waitFor(() => expect(app.currentPath()).toBe("/answers"), FIRST_PAINT);
    expect(window.location.search).toBe(`?county=${county!.code}`);
    const totals = await screen.findByTestId("answer-totals", {}, FIRST_PAINT);
    expect(totals).toHaveTextContent(new RegExp(` · ${county!.value} observers? · `));

    app.unmount();
    renderApp({ features: FEATURES, path: `/urgents?county=${county!.code}&formCode=C`, storedToken: await server.tokenFor(ORGANIZER), fetch: server.fetch });
    expect(await screen.findByTestId("answer-form-filter", {}, FIRST_PAINT)).toHaveTextContent("Form C");
    act(() => screen.getByRole("button", { name: "Reset" }).click());
    await waitFor(() => expect(window.location.search).toBe(""));
    expect(screen.queryByTestId("answer-form-filter")).toBeNull();
  });

  it("opens a card's complete list in a dialog, 20 a page, and closes it with Close", async () => {
    const { server, page, app } = await renderStatistics();
    const name = CARD_NAMES.en[2]!;
    await eventually(() => page.rows(name).then((rows) => rows.length)).toBe(5);
    await page.openCompleteList(name);
    expect(await page.dialogTitle()).toBe("Top polling stations");
    const all = await ranking(server, "pollingStationIrregularities", 20);
    expect(all.totalItems).toBeGreaterThan(5);
    await eventually(() => page.rows().then((rows) => rows.map((row) => row.name))).toEqual(all.data.map(rowName));
    expect(await page.range()).toBe(`Showing 1 to ${all.totalItems} of ${all.totalItems}`);
    expect(server.requests.filter((request) => !request.cancelled).map((request) => request.path)).toContain(
      "/api/v1/statistics/pollingStationIrregularities?page=1&pageSize=20&electionRoundId=1",
    );
    await page.closeCompleteList();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // Back on the card, the keyboard user is where they were.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: `See complete list: ${name}` })));
    expect(app.currentPath()).toBe("/statistics");
  });

  it("shows only the cards that loaded and have values", async () => {
    const server = await startTestServer();
    server.fail("GET /api/v1/statistics/observerNumber", 500, "internal");
    await server.db.deleteFrom("answer").where("electionRoundId", "=", 1).where("optionId", "in", flaggedOptionsOf(server, "C")).execute();
    const { page } = await renderStatistics("/statistics", { server });
    await eventually(() => page.cardNames()).toEqual(CARD_NAMES.en.slice(1, 5));
  });

  it("says so calmly when no card has values yet", async () => {
    const server = await startTestServer();
    // The current round (1) has no answers or notes yet; last year's archived round keeps its own.
    await server.db.deleteFrom("note").where("electionRoundId", "=", 1).execute();
    await server.db.deleteFrom("answer").where("electionRoundId", "=", 1).execute();
    const { page } = await renderStatistics("/statistics", { server });
    await eventually(() => page.emptyMessage()).toBe("No figures yet: the cards appear as soon as observers send their first answers.");
    expect(await page.cardNames()).toEqual([]);
    expect(await page.loadError()).toBeNull();
  });

  it("says why when no card could be loaded, and tries again", async () => {
    const server = await startTestServer();
    server.fail(statisticLoads, 503, "unavailable", STATISTIC_CARDS.length * 2);
    const { page, app } = await renderStatistics("/statistics", { server });
    await eventually(() => page.loadError()).toMatch(/could not be loaded \(error 503\)/);
    server.requests.length = 0;
    await app.user.click(screen.getByRole("button", { name: "Try again" }));
    await eventually(() => page.loadError()).toMatch(/could not be loaded \(error 503\)/);
    await app.user.click(screen.getByRole("button", { name: "Try again" }));
    await eventually(() => page.cardNames()).toEqual(CARD_NAMES.en);
  });

  it("refreshes on its own every 10 s, keeping the figures on screen until the new ones arrive with their later time", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"], shouldAdvanceTime: true });
    const { server, page } = await renderStatistics();
    const name = CARD_NAMES.en[1]!;
    await eventually(() => page.cardNames()).toEqual(CARD_NAMES.en);
    const before = (await page.asOfInstant(name))!;
    const held = STATISTIC_CARDS.map((card) => server.hold(`GET /api/v1/statistics/${card.method}`));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(held.map((requests) => requests.activeCount())).toEqual(STATISTIC_CARDS.map(() => 1)));
    // Refreshing: the old figures and their time stay.
    expect(await page.cardNames()).toEqual(CARD_NAMES.en);
    expect(await page.asOfInstant(name)).toBe(before);
    // Another 10 s while the answers are still on their way start no second round of requests.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(held.map((requests) => requests.receivedCount())).toEqual(STATISTIC_CARDS.map(() => 1));
    for (const requests of held) await requests.release();
    await eventually(() => page.asOfInstant(name).then((instant) => Date.parse(instant!) > Date.parse(before))).toBe(true);
  });

  it("keeps a card's last figures and says so when its refresh fails", async () => {
    const { server, page, app } = await renderStatistics();
    const name = CARD_NAMES.en[0]!;
    await eventually(() => page.cardNames()).toEqual(CARD_NAMES.en);
    const before = await page.rows(name);
    server.fail("GET /api/v1/statistics/observerNumber", 500, "internal", 1);
    await app.user.click(screen.getByRole("button", { name: "Refresh the statistics now" }));
    await eventually(() => screen.getByRole("region", { name }).textContent).toContain("could not refresh");
    expect(await page.rows(name)).toEqual(before);
  });

  it("is usable with the keyboard and has no axe violations, complete list open too", async () => {
    const { page, app } = await renderStatistics();
    await eventually(() => page.cardNames()).toEqual(CARD_NAMES.en);
    const results = await axe.run(app.container, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
    screen.getByRole("button", { name: `See complete list: ${CARD_NAMES.en[0]}` }).focus();
    await app.user.keyboard("{Enter}");
    await eventually(() => page.rows().then((rows) => rows.length)).toBeGreaterThan(0);
    const dialogResults = await axe.run(screen.getByRole("dialog"), { rules: { "color-contrast": { enabled: false } } });
    expect(dialogResults.violations.map((violation) => violation.id)).toEqual([]);
    await app.user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("speaks Romanian", async () => {
    const { page } = await renderStatistics("/statistics", { locale: "ro" });
    expect(await screen.findByRole("heading", { level: 1, name: "Statistici" }, FIRST_PAINT)).toBeInTheDocument();
    await eventually(() => page.cardNames()).toEqual(CARD_NAMES.ro);
    expect(await page.asOf(CARD_NAMES.ro[0])).toMatch(/^\d\d:\d\d:\d\d$/);
  });
});

/** The flagged options of the current round's (1) form with this code: without answers to them, its cards have no values. */
function flaggedOptionsOf(server: TestServer, formCode: string) {
  return server.db
    .selectFrom("questionOption")
    .innerJoin("question", "question.id", "questionOption.questionId")
    .innerJoin("formSection", "formSection.id", "question.sectionId")
    .innerJoin("form", "form.id", "formSection.formId")
    .select("questionOption.id")
    .where("questionOption.flagged", "=", true)
    .where("form.electionRoundId", "=", 1)
    .where("form.code", "=", formCode);
}
