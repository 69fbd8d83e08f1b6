import { afterEach, describe, expect, it, vi } from "vitest";
import { act, screen, waitFor, within } from "@testing-library/react";
import { notifications } from "@mantine/notifications";
import axe from "axe-core";
import { renderApp } from "../../../../tests/support/render-app";
import { answerRoutes } from "../answer.routes";
import { toasts } from "../../../../tests/pages/dom/common";
import { eventually } from "../../../../tests/pages/locators";
import { startTestServer, type TestServer } from "../../../../tests/support/test-server";
import type { AnswerThread } from "./answer-list.actors";

/** The screens this test visits. */
const FEATURES = [answerRoutes];

const ORGANIZER = "0700000001";
const FIRST_PAINT = { timeout: 20_000 };
const listLoads = "GET /api/v1/answers";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Every thread the server lists for a query, in its order: the screen is compared with that, not with a copy. */
async function listed(server: TestServer, query: Record<string, string> = {}): Promise<AnswerThread[]> {
  const search = new URLSearchParams({ ...query, page: "1", pageSize: "100" });
  return ((await server.ask(`/api/v1/answers?${search}`, ORGANIZER)) as { data: AnswerThread[] }).data;
}
const stations = (threads: AnswerThread[]) => threads.map((thread) => `Station: ${thread.pollingStationName}`);

/**
 * The demo seed flags an answer in every thread: one observer's answer with an unflagged option, at a station
 * nobody reported from, made the newest thread so that /answers shows it first and /urgents must leave it out.
 */
async function addUnflaggedThread(server: TestServer) {
  const observer = await server.db.selectFrom("observer").select("id").where("ngoId", "=", 1).orderBy("id").executeTakeFirstOrThrow();
  const option = await server.db.selectFrom("questionOption").select("id").where("flagged", "=", false).orderBy("id").executeTakeFirstOrThrow();
  const station = await server.db
    .selectFrom("pollingStation")
    .select("id")
    .where("electionRoundId", "=", 1)
    .where("id", "not in", server.db.selectFrom("answer").select("pollingStationId"))
    .orderBy("id")
    .executeTakeFirstOrThrow();
  await server.db
    .insertInto("answer")
    .values({ observerId: observer.id, optionId: option.id, pollingStationId: station.id, value: null, lastModified: new Date("2026-11-22T20:00:00Z") })
    .execute();
}

async function renderAnswers(path: string, { locale, server: given }: { locale?: "en" | "ro"; server?: TestServer } = {}) {
  const server = given ?? (await startTestServer());
  const app = renderApp({ features: FEATURES, path, storedToken: await server.tokenFor(ORGANIZER), fetch: server.fetch, locale });
  return { server, app };
}

/** The stations of the threads shown, top to bottom. */
const shownStations = () => screen.queryAllByTestId("answer-thread").map((thread) => within(thread).getByText(/^(Station|Secția)/).textContent);
const threadLink = (station: string) => screen.getAllByTestId("answer-thread").find((thread) => thread.textContent?.includes(`Station: ${station}`))!;
/**
 * A query in the current round (1), as the client names it once it knows the demo's rounds (two): every load after the
 * screen's first (and the export).
 */
const inRound = (query: Record<string, string>) => ({ ...query, electionRoundId: "1" });
/** The query of the list loads the SPA did not cancel (StrictMode's throwaway mount cancels its own). */
const listQueries = (server: TestServer) =>
  server.requests
    .filter((request) => request.method === "GET" && request.path.split("?")[0] === "/api/v1/answers" && !request.cancelled)
    .map((request) => Object.fromEntries(new URLSearchParams(request.path.split("?")[1])));
/**
 * The queries of a fresh screen's first loads, their round apart: a first load may leave before the rounds are known
 * (then without one: the server's current round), and the client names one only once it knows them. When it does name
 * one, it is the current round (1).
 */
const firstLoadQueries = (queries: Record<string, string>[]) =>
  queries.map(({ electionRoundId, ...query }) => {
    expect(electionRoundId ?? "1").toBe("1");
    return query;
  });

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

describe("AnswerList", { timeout: 60_000 }, () => {
  it("lists every thread newest first, ten a page, with station, observer, phone, flagged answers and last change", async () => {
    const server = await startTestServer();
    await addUnflaggedThread(server);
    const threads = await listed(server);
    await renderAnswers("/answers", { server });
    expect(await screen.findByRole("heading", { level: 1, name: "Answers" }, FIRST_PAINT)).toBeInTheDocument();
    await eventually(shownStations).toEqual(stations(threads.slice(0, 10)));
    expect(firstLoadQueries(listQueries(server))).toEqual([{ page: "1", pageSize: "10" }]);
    const [unflagged, flagged] = screen.getAllByTestId("answer-thread");
    expect(within(unflagged!).queryByText(/flagged/)).toBeNull();
    const second = threads[1]!;
    expect(flagged).toHaveTextContent(`${second.observerName} · ${second.observerPhoneNumber}`);
    expect(within(flagged!).getByText(`${second.flaggedCount} flagged`)).toBeInTheDocument();
    expect(flagged!.querySelector("time")).toHaveAttribute("datetime", second.lastModified);
    expect(screen.getByText("Choose a station on the left to see the observer's answers.")).toBeInTheDocument();
  });

  it("lists on /urgents only the threads with a flagged answer", async () => {
    const server = await startTestServer();
    await addUnflaggedThread(server);
    const urgent = await listed(server, { urgent: "true" });
    expect(urgent.every((thread) => thread.flaggedCount > 0)).toBe(true);
    expect(urgent.length).toBe((await listed(server)).length - 1);
    await renderAnswers("/urgents", { server });
    expect(await screen.findByRole("heading", { level: 1, name: "Urgent answers" }, FIRST_PAINT)).toBeInTheDocument();
    await eventually(shownStations).toEqual(stations(urgent.slice(0, 10)));
    expect(firstLoadQueries(listQueries(server))).toEqual([{ page: "1", pageSize: "10", urgent: "true" }]);
    expect(screen.getByTestId("list-range")).toHaveTextContent(`Showing 1 to 10 of ${urgent.length}`);
  });

  it("pages forward and back, and a refresh loads the same page again in place", async () => {
    const { server, app } = await renderAnswers("/answers");
    const threads = await listed(server);
    expect(threads.length).toBeGreaterThan(10);
    await eventually(shownStations).toEqual(stations(threads.slice(0, 10)));
    await app.user.click(screen.getByRole("button", { name: "Next" }));
    await eventually(shownStations).toEqual(stations(threads.slice(10, 20)));
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();
    await app.user.click(screen.getByRole("button", { name: "Refresh the list" }));
    await waitFor(() => expect(listQueries(server).at(-1)).toEqual(inRound({ page: "2", pageSize: "10" })));
    expect(listQueries(server)).toHaveLength(3);
    await eventually(shownStations).toEqual(stations(threads.slice(10, 20)));
    await app.user.click(screen.getByRole("button", { name: "Previous" }));
    await eventually(shownStations).toEqual(stations(threads.slice(0, 10)));
  });

  it("puts the filter in the URL, loads its first page, and keeps it on reload", async () => {
    const { server, app } = await renderAnswers("/answers");
    const phone = (await listed(server))[0]!.observerPhoneNumber;
    await eventually(() => shownStations().length).toBe(10);
    await app.user.type(screen.getByLabelText("Observer phone"), phone);
    await app.user.click(screen.getByRole("combobox", { name: "County" }));
    const county = (await listed(server, { observerPhoneNumber: phone }))[0]!.countyCode;
    await app.user.type(screen.getByRole("combobox", { name: "County" }), `(${county})`);
    await app.user.click(await screen.findByRole("option", { name: new RegExp(`\\(${county}\\)$`) }));
    await app.user.click(screen.getByRole("button", { name: "Filter" }));
    const filtered = await listed(server, { observerPhoneNumber: phone, county });
    expect(window.location.search).toBe(`?county=${county}&observerPhoneNumber=${phone}`);
    await eventually(shownStations).toEqual(stations(filtered));
    expect(listQueries(server).at(-1)).toEqual(inRound({ page: "1", pageSize: "10", county, observerPhoneNumber: phone }));

    app.unmount();
    server.requests.length = 0;
    await renderAnswers(`/answers?county=${county}&observerPhoneNumber=${phone}`, { server });
    await eventually(shownStations).toEqual(stations(filtered));
    expect(screen.getByLabelText("Observer phone")).toHaveValue(phone);
    expect(listQueries(server)).toEqual([inRound({ page: "1", pageSize: "10", county, observerPhoneNumber: phone })]);
  });

  it("asks for the address's filter from its very first request, so no other filter's rows can show under it", async () => {
    const server = await startTestServer();
    const county = (await listed(server))[0]!.countyCode;
    const filtered = await listed(server, { county });
    server.requests.length = 0;
    await renderAnswers(`/answers?county=${county}`, { server });
    await eventually(shownStations).toEqual(stations(filtered.slice(0, 10)));
    // Cancelled ones included: before the answers room, the list's first load (and StrictMode's) was unfiltered.
    const asked = server.requests
      .filter((request) => request.method === "GET" && request.path.split("?")[0] === "/api/v1/answers")
      .map((request) => Object.fromEntries(new URLSearchParams(request.path.split("?")[1])));
    expect(asked.length).toBeGreaterThan(0);
    expect(firstLoadQueries(asked)).toEqual(asked.map(() => ({ page: "1", pageSize: "10", county })));
  });

  it("shows above the threads the totals of every matching thread, not only the page's", async () => {
    const { server } = await renderAnswers("/urgents");
    const answer = (await server.ask("/api/v1/answers?urgent=true&page=1&pageSize=1", ORGANIZER)) as { totalItems: number; totals: { observers: number; flaggedAnswers: number } };
    await eventually(() => shownStations().length).toBe(10);
    expect(answer.totalItems).toBeGreaterThan(10);
    expect(screen.getByTestId("answer-totals")).toHaveTextContent(
      `${answer.totalItems} threads · ${answer.totals.observers} observers · ${answer.totals.flaggedAnswers} flagged answers`,
    );
  });

  it("narrows to a form from the URL (a statistics card's link), sends it, shows it as a chip, and Reset clears it", async () => {
    const { server, app } = await renderAnswers("/urgents?formCode=A");
    const narrowed = await listed(server, { urgent: "true", formCode: "A" });
    expect(narrowed.length).toBeLessThan((await listed(server, { urgent: "true" })).length);
    await eventually(shownStations).toEqual(stations(narrowed.slice(0, 10)));
    expect(firstLoadQueries(listQueries(server))).toEqual([{ page: "1", pageSize: "10", formCode: "A", urgent: "true" }]);
    expect(screen.getByTestId("answer-form-filter")).toHaveTextContent("Only answers to Form A");
    expect(screen.getByRole("button", { name: "Reset" })).toBeEnabled();
    await app.user.click(screen.getByRole("button", { name: "Reset" }));
    await waitFor(() => expect(window.location.search).toBe(""));
    expect(screen.queryByTestId("answer-form-filter")).toBeNull();
    await waitFor(() => expect(listQueries(server).at(-1)).toEqual(inRound({ page: "1", pageSize: "10", urgent: "true" })));
  });

  it("shows the time window of the URL in the user's time zone as yyyy-MM-dd HH:mm and sends it as instants", async () => {
    const zone = process.env.TZ;
    process.env.TZ = "Europe/Bucharest";
    try {
      const from = "2026-11-22T15:00:00.000Z";
      const to = "2026-11-22T17:30:00.000Z";
      const { server } = await renderAnswers(`/answers?from=${from}&to=${to}`);
      const inWindow = await listed(server, { from, to });
      await eventually(shownStations).toEqual(stations(inWindow.slice(0, 10)));
      expect(inWindow.length).toBeLessThan((await listed(server)).length);
      expect(screen.getByRole("button", { name: "From" })).toHaveTextContent("2026-11-22 17:00");
      expect(screen.getByRole("button", { name: "To" })).toHaveTextContent("2026-11-22 19:30");
      expect(firstLoadQueries(listQueries(server))).toEqual([{ page: "1", pageSize: "10", from, to }]);
    } finally {
      process.env.TZ = zone;
    }
  });

  it("Reset and Back: the list follows the URL", async () => {
    const { server, app } = await renderAnswers("/answers");
    const all = await listed(server);
    await eventually(shownStations).toEqual(stations(all.slice(0, 10)));
    const phone = all[0]!.observerPhoneNumber;
    await app.user.type(screen.getByLabelText("Observer phone"), phone);
    await app.user.click(screen.getByRole("button", { name: "Filter" }));
    const filtered = await listed(server, { observerPhoneNumber: phone });
    await eventually(shownStations).toEqual(stations(filtered));
    await app.user.click(screen.getByRole("button", { name: "Reset" }));
    expect(window.location.search).toBe("");
    await eventually(shownStations).toEqual(stations(all.slice(0, 10)));
    expect(screen.getByLabelText("Observer phone")).toHaveValue("");
    act(() => window.history.back());
    await waitFor(() => expect(window.location.search).toBe(`?observerPhoneNumber=${phone}`));
    await eventually(shownStations).toEqual(stations(filtered));
    expect(screen.getByLabelText("Observer phone")).toHaveValue(phone);
  });

  it("opens a thread's details under the same list, marks it, and a new filter closes it", async () => {
    const { server, app } = await renderAnswers("/urgents?county=GJ");
    const [thread] = await listed(server, { urgent: "true", county: "GJ" });
    await eventually(shownStations).toEqual(stations([thread!]));
    await app.user.click(threadLink(thread!.pollingStationName));
    expect(app.currentPath()).toBe(`/urgents/details/${thread!.idObserver}/${thread!.idPollingStation}`);
    expect(window.location.search).toBe("?county=GJ");
    // The details page loads lazily: the list shows the selection once it has arrived.
    await waitFor(() => expect(threadLink(thread!.pollingStationName)).toHaveAttribute("aria-current", "page"), FIRST_PAINT);
    expect(screen.queryByText("Choose a station on the left to see the observer's answers.")).toBeNull();
    await app.user.clear(screen.getByRole("combobox", { name: "County" }));
    await app.user.click(screen.getByRole("button", { name: "Filter" }));
    await waitFor(() => expect(app.currentPath()).toBe("/urgents"));
    expect(window.location.search).toBe("");
    await eventually(() => shownStations().length).toBe(10);
    expect(screen.getAllByTestId("answer-thread").some((link) => link.hasAttribute("aria-current"))).toBe(false);
  });

  it("leaves the open thread when the page changes, and Filter with the same filter reloads page 1", async () => {
    const { server, app } = await renderAnswers("/answers");
    const threads = await listed(server);
    await eventually(shownStations).toEqual(stations(threads.slice(0, 10)));
    await app.user.click(threadLink(threads[0]!.pollingStationName));
    await waitFor(() => expect(threadLink(threads[0]!.pollingStationName)).toHaveAttribute("aria-current", "page"), FIRST_PAINT);
    await app.user.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(app.currentPath()).toBe("/answers"));
    await eventually(shownStations).toEqual(stations(threads.slice(10, 20)));
    await app.user.click(screen.getByRole("button", { name: "Filter" }));
    await eventually(shownStations).toEqual(stations(threads.slice(0, 10)));
    expect(listQueries(server).at(-1)).toEqual(inRound({ page: "1", pageSize: "10" }));
  });

  it("has no axe violations with a thread open", async () => {
    const { server, app } = await renderAnswers("/urgents");
    const [thread] = await listed(server, { urgent: "true" });
    await eventually(() => shownStations().length).toBe(10);
    await app.user.click(threadLink(thread!.pollingStationName));
    await waitFor(() => expect(threadLink(thread!.pollingStationName)).toHaveAttribute("aria-current", "page"), FIRST_PAINT);
    const results = await axe.run(app.container, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
  });

  it("asks before downloading, then streams the XLSX of the same filters, urgent included, and saves it", async () => {
    const createObjectURL = vi.fn((_: Blob) => "blob:answers");
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    const { server, app } = await renderAnswers("/urgents?county=GJ&observerPhoneNumber=0721");
    await eventually(() => shownStations().length).toBeGreaterThan(0);
    await app.user.click(screen.getByRole("button", { name: "Download answers" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("Download the answers that match the filters shown as a spreadsheet?");
    expect(server.count("GET /api/v1/export/all")).toBe(0);
    await app.user.click(within(dialog).getByRole("button", { name: "Download" }));
    await waitFor(() => expect(saved).toEqual(["answers.xlsx blob:answers"]));
    const exported = server.requests.find((request) => request.path.startsWith("/api/v1/export/all"));
    expect(Object.fromEntries(new URLSearchParams(exported!.path.split("?")[1]))).toEqual(inRound({ county: "GJ", phoneObserver: "0721", urgent: "true" }));
    const file = createObjectURL.mock.calls[0]![0];
    expect(file.type).toBe(XLSX);
    // An XLSX is a zip: its first bytes are "PK".
    expect(new TextDecoder().decode((await file.arrayBuffer()).slice(0, 2))).toBe("PK");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("shows the bytes received while the download streams", async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => "blob:answers"), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    const { server, app } = await renderAnswers("/answers");
    await eventually(() => shownStations().length).toBe(10);
    const download = server.hold("GET /api/v1/export/all");
    await app.user.click(screen.getByRole("button", { name: "Download answers" }));
    await app.user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Download" }));
    await waitFor(() => expect(download.activeCount()).toBe(1));
    expect(within(screen.getByRole("dialog")).getByRole("status")).toHaveTextContent("Preparing the file…");
    let sendRest: () => void = () => {};
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(1_500_000));
        sendRest = () => {
          controller.enqueue(new Uint8Array(500_000));
          controller.close();
        };
      },
    });
    download.answer(new Response(body, { headers: { "content-type": XLSX } }));
    await waitFor(() => expect(within(screen.getByRole("dialog")).getByRole("status")).toHaveTextContent("Downloading: 1.5 MB received"));
    sendRest();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("tells when the download failed, and the button works again", async () => {
    const { server, app } = await renderAnswers("/answers");
    server.fail("GET /api/v1/export/all", 500, "internal");
    await eventually(() => shownStations().length).toBe(10);
    await app.user.click(screen.getByRole("button", { name: "Download answers" }));
    await app.user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Download" }));
    await eventually(() => toasts(app.user).saying("Could not download the answers. Try again later.")).toEqual([expect.stringContaining("Error")]);
    expect(screen.getByRole("button", { name: "Download answers" })).toBeEnabled();
  });

  it("shows a failed load with a retry that loads the list", async () => {
    const server = await startTestServer();
    const loads = server.hold(listLoads);
    const { app } = await renderAnswers("/answers", { server });
    await waitFor(() => expect(loads.activeCount()).toBe(1), FIRST_PAINT);
    loads.fail();
    const alert = (await screen.findByText(/Cannot reach the server/)).closest("[role=alert]") as HTMLElement;
    await app.user.click(within(alert).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(loads.activeCount()).toBe(1));
    await loads.release();
    await eventually(() => shownStations().length).toBe(10);
  });

  it("says so when nothing matches", async () => {
    await renderAnswers("/urgents?pollingStationNumber=9999");
    expect(await screen.findByText("No answers match these filters.", {}, FIRST_PAINT)).toBeInTheDocument();
  });

  it("speaks Romanian", async () => {
    await renderAnswers("/urgents", { locale: "ro" });
    expect(await screen.findByRole("heading", { level: 1, name: "Răspunsuri urgente" }, FIRST_PAINT)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Filtrează" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Resetează" })).toBeInTheDocument();
    await eventually(() => shownStations().length).toBe(10);
    expect(screen.getByRole("button", { name: "Următoarea" })).toBeEnabled();
  });
});
