import { afterEach, describe, expect, it } from "vitest";
import { act, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { renderApp } from "../../../../tests/support/render-app";
import { answerRoutes } from "../answer.routes";
import { startTestServer, type TestServer } from "../../../../tests/support/test-server";
import type { Locale } from "../../../shared/i18n/locales";
import type { FilledInQuestion as FilledIn, FormSummary, Note as NoteRow, StationFacts as AnswerExtra } from "./details.types";

/** The screens this test visits. */
const FEATURES = [answerRoutes];

const ORGANIZER = "0700000001";
/** The first paint: the lazy list page and the pane's chunk, three loads and a whole form on a busy jsdom. */
const FIRST_PAINT = { timeout: 20_000 };

interface Thread {
  observerId: number;
  pollingStationId: number;
}

/**
 * A demo thread of the current round (1), the one the SPA shows, with everything the pane shows: flagged answers, a
 * photo on a question's note, station facts.
 */
async function richThread(server: TestServer): Promise<Thread> {
  return server.db
    .selectFrom("note")
    .innerJoin("noteAttachment", "noteAttachment.noteId", "note.id")
    .innerJoin("answerThread", (join) =>
      join.onRef("answerThread.observerId", "=", "note.observerId").onRef("answerThread.pollingStationId", "=", "note.pollingStationId"),
    )
    .innerJoin("pollingStationInfo", (join) =>
      join
        .onRef("pollingStationInfo.observerId", "=", "note.observerId")
        .onRef("pollingStationInfo.pollingStationId", "=", "note.pollingStationId"),
    )
    .where("note.electionRoundId", "=", 1)
    .where("note.questionId", "is not", null)
    .where("answerThread.flaggedCount", ">", 0)
    .select(["note.observerId", "note.pollingStationId"])
    .orderBy("note.observerId")
    .orderBy("note.pollingStationId")
    .executeTakeFirstOrThrow();
}

/** What the server says the pane must show, asked outside the SPA's log. */
async function expected(server: TestServer, { observerId, pollingStationId }: Thread) {
  const query = `idObserver=${observerId}&idPollingStation=${pollingStationId}`;
  const questions = (await server.ask(`/api/v1/answers/filledIn?${query}`, ORGANIZER)) as FilledIn[];
  const notes = (await server.ask(`/api/v2/note?${query}`, ORGANIZER)) as NoteRow[];
  const facts = (await server.ask(`/api/v1/answers/pollingStationInfo?ObserverId=${observerId}&PollingStationId=${pollingStationId}`, ORGANIZER)) as AnswerExtra;
  const { formVersions } = (await server.ask("/api/v1/form", ORGANIZER)) as { formVersions: FormSummary[] };
  const formIds = [...new Set(questions.map((question) => question.formId))];
  const tabTitles = formIds.map((id) => formVersions.find((form) => form.id === id)?.description);
  return { questions, notes, facts, formIds, tabTitles };
}

async function openThread({ locale, arrange }: { locale?: Locale; arrange?: (server: TestServer, thread: Thread) => unknown } = {}) {
  const server = await startTestServer({ seed: "demo" });
  const thread = await richThread(server);
  const shown = await expected(server, thread);
  await arrange?.(server, thread);
  const path = `/answers/details/${thread.observerId}/${thread.pollingStationId}`;
  const app = renderApp({ features: FEATURES, path, storedToken: await server.tokenFor(ORGANIZER), fetch: server.fetch, locale });
  return { server, app, thread, shown };
}

/** "CJ 15": the thread's station as the registry numbers it. */
const stationName = (server: TestServer, thread: Thread) =>
  server.db
    .selectFrom("pollingStation as s")
    .innerJoin("county as c", "c.id", "s.countyId")
    .select(["c.code", "s.number"])
    .where("s.id", "=", thread.pollingStationId)
    .executeTakeFirstOrThrow()
    .then(({ code, number }) => `${code} ${number}`);

const pad = (value: number) => String(value).padStart(2, "0");
/** yyyy-MM-dd HH:mm in jsdom's time zone, written apart from the pane's own formatter. */
const localMinute = (iso: string) => {
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

const factRow = (name: RegExp | string) => screen.getByRole("rowheader", { name }).closest("tr") as HTMLElement;
const questionCard = (question: { code: string; text: string }) => screen.getByRole("article", { name: `${question.code} ${question.text}` });

/** axe on jsdom: every rule but colour contrast, which needs a layout jsdom does not have. */
async function axeViolations(container: Element): Promise<string[]> {
  const results = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(" | ")}`);
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("the answer details pane", { timeout: 60_000 }, () => {
  it("shows the station facts, one tab per answered form and the first form with the observer's choices", async () => {
    const { server, shown } = await openThread();
    const tabs = await screen.findAllByRole("tab", {}, FIRST_PAINT);
    expect(tabs.map((tab) => tab.textContent)).toEqual(shown.tabTitles);
    expect(tabs[0]).toHaveAttribute("aria-selected", "true");

    expect(within(factRow("Arrival")).getByRole("cell")).toHaveTextContent(shown.facts.observerArrivalTime ? localMinute(shown.facts.observerArrivalTime) : "Unknown");
    expect(within(factRow("Departure")).getByRole("cell")).toHaveTextContent(shown.facts.observerLeaveTime ? localMinute(shown.facts.observerLeaveTime) : "Unknown");
    const yesNo = (value: boolean | null) => (value === null ? "Unknown" : value ? "Yes" : "No");
    expect(within(factRow("Urban area")).getByRole("cell")).toHaveTextContent(yesNo(shown.facts.urbanArea));
    expect(within(factRow("The president is a woman")).getByRole("cell")).toHaveTextContent(yesNo(shown.facts.isPollingStationPresidentFemale));

    // Every answered question of the first form: its chosen options checked, the others not.
    const firstForm = shown.questions.filter((question) => question.formId === shown.formIds[0]);
    await screen.findByRole("article", { name: `${firstForm[0]!.code} ${firstForm[0]!.text}` }, FIRST_PAINT);
    for (const question of firstForm) {
      const card = questionCard(question);
      const checked = within(card).getAllByRole("checkbox").filter((box) => (box as HTMLInputElement).checked);
      expect(checked).toHaveLength(question.answers.length);
      for (const answer of question.answers) expect(within(card).getByRole("checkbox", { name: answer.text })).toBeChecked();
      for (const answer of question.answers.filter((chosen) => chosen.isFreeText && chosen.value)) {
        expect(within(card).getByRole("textbox", { name: `Text written for "${answer.text}"` })).toHaveValue(answer.value);
      }
    }
    expect(server.count("GET /api/v1/form/*")).toBe(1);
  });

  it("marks flagged answers with a badge besides the red, and loads each form once however often its tab is chosen", async () => {
    const { server, app, shown } = await openThread();
    await screen.findAllByRole("tab", {}, FIRST_PAINT);
    const flagged = shown.questions.find((question) => question.answers.some((answer) => answer.flagged))!;
    const calm = shown.questions.find((question) => question.answers.every((answer) => !answer.flagged))!;
    const tabOf = (formId: number) => screen.getByRole("tab", { name: shown.tabTitles[shown.formIds.indexOf(formId)] });

    await app.user.click(tabOf(flagged.formId));
    const card = await screen.findByRole("article", { name: `${flagged.code} ${flagged.text}` });
    expect(within(card).getAllByText("Flagged").length).toBeGreaterThanOrEqual(2);
    await app.user.click(tabOf(calm.formId));
    expect(within(await screen.findByRole("article", { name: `${calm.code} ${calm.text}` })).queryByText("Flagged")).not.toBeInTheDocument();

    for (const formId of shown.formIds) await app.user.click(tabOf(formId));
    await app.user.click(tabOf(shown.formIds[0]!));
    await screen.findByRole("article", { name: `${shown.questions[0]!.code} ${shown.questions[0]!.text}` });
    expect(server.count("GET /api/v1/form/*")).toBe(shown.formIds.length);
  });

  it("shows a question's notes on demand and opens their photos large, then gives the focus back", async () => {
    const { app, shown } = await openThread();
    await screen.findAllByRole("tab", {}, FIRST_PAINT);
    const note = shown.notes.find((candidate) => candidate.questionId !== null && candidate.attachments.length > 0)!;
    const question = shown.questions.find((candidate) => candidate.id === note.questionId);
    const noteCount = shown.notes.filter((candidate) => candidate.questionId === note.questionId).length;
    if (note.formId !== shown.formIds[0]) await app.user.click(screen.getByRole("tab", { name: shown.tabTitles[shown.formIds.indexOf(note.formId!)] }));
    const card = await screen.findByRole("article", { name: question ? `${question.code} ${question.text}` : new RegExp(`^${note.formCode}`) }, FIRST_PAINT);

    const toggle = within(card).getByRole("button", { name: `Show notes (${noteCount})` });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await app.user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(toggle).toHaveAccessibleName(`Hide notes (${noteCount})`);
    if (note.text) expect(within(card).getByText(note.text)).toBeInTheDocument();

    const when = localMinute(note.lastModified);
    const thumbnail = within(card).getByRole("button", { name: `Open photo 1 of the note from ${when}` });
    expect(within(thumbnail).getByRole("img")).toHaveAttribute("src", note.attachments[0]!.url);
    await app.user.click(thumbnail);
    const dialog = await screen.findByRole("dialog", { name: `Photo 1 of the note from ${when}` });
    expect(within(dialog).getByRole("img", { name: `Photo 1 of the note from ${when}` })).toHaveAttribute("src", note.attachments[0]!.url);
    expect(await axeViolations(dialog)).toEqual([]);
    await app.user.keyboard("[Escape]");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(thumbnail).toHaveFocus());

    await app.user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(within(card).queryByRole("button", { name: /^Open photo/ })).not.toBeInTheDocument();
  });

  describe("its heading", () => {
    /** The thread's observer renamed and its station placed, so that the heading's words are known here. */
    const name = async (server: TestServer, thread: Thread, place: { locality: string | null; address: string | null }) => {
      await server.db.updateTable("observer").set({ name: "Ana Pop" }).where("id", "=", thread.observerId).execute();
      await server.db.updateTable("pollingStation").set(place).where("id", "=", thread.pollingStationId).execute();
    };

    it("names the observer and the station with its place, the station a link to its page, even when the list fails", async () => {
      const { server, thread } = await openThread({
        arrange: async (server, thread) => {
          await name(server, thread, { locality: "Cluj-Napoca", address: "Str. Onisifor Ghibu nr. 21" });
          // The list's rows also name threads: without them, the heading can come only from the thread's own read.
          server.fail("GET /api/v1/answers", 500, "internal_error");
        },
      });
      const station = await stationName(server, thread);
      const subject = await screen.findByTestId("thread-subject", {}, FIRST_PAINT);
      expect(subject).toHaveTextContent(`Ana Pop · ${station} — Cluj-Napoca, Str. Onisifor Ghibu nr. 21`, { normalizeWhitespace: true });
      expect(within(subject).getByRole("link", { name: station })).toHaveAttribute("href", `/sectii/${thread.pollingStationId}`);
      expect(server.count("GET /api/v1/answers")).toBeGreaterThan(0);
    });

    it("names the station by its number alone when the registry has no place for it", async () => {
      const { server, thread } = await openThread({ arrange: (server, thread) => name(server, thread, { locality: null, address: null }) });
      const station = await stationName(server, thread);
      expect((await screen.findByTestId("thread-subject", {}, FIRST_PAINT)).textContent).toBe(`Ana Pop · ${station}`);
    });
  });

  it("keeps the answers on screen when only the station facts fail", async () => {
    const { shown } = await openThread({ arrange: (server) => server.fail("GET /api/v1/answers/pollingStationInfo", 500, "internal_error") });
    expect(await screen.findByText("The station facts could not be loaded.", {}, FIRST_PAINT)).toBeInTheDocument();
    expect((await screen.findAllByRole("tab")).map((tab) => tab.textContent)).toEqual(shown.tabTitles);
    expect(screen.queryByRole("rowheader", { name: "Arrival" })).not.toBeInTheDocument();
  });

  it("says why the answers failed and loads them again on retry", async () => {
    const { app, shown } = await openThread({ arrange: (server) => server.fail("GET /api/v1/answers/filledIn", 500, "internal_error", 1) });
    const alert = await screen.findByRole("alert", {}, FIRST_PAINT);
    expect(alert).toHaveTextContent("The answers could not be loaded (error 500). Try again.");
    expect(screen.queryByRole("tab")).not.toBeInTheDocument();
    await app.user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect((await screen.findAllByRole("tab")).map((tab) => tab.textContent)).toEqual(shown.tabTitles);
  });

  it("starts over for another thread picked in the list", async () => {
    const { server, thread } = await openThread();
    await screen.findAllByRole("tab", {}, FIRST_PAINT);
    const other = await server.db
      .selectFrom("answerThread")
      .select(["observerId", "pollingStationId"])
      .where("electionRoundId", "=", 1)
      .where((eb) => eb.or([eb("observerId", "!=", thread.observerId), eb("pollingStationId", "!=", thread.pollingStationId)]))
      .orderBy("observerId")
      .orderBy("pollingStationId")
      .executeTakeFirstOrThrow();
    const next = await expected(server, other);
    act(() => {
      window.history.pushState(null, "", `/answers/details/${other.observerId}/${other.pollingStationId}`);
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    const first = next.questions[0]!;
    expect(await screen.findByRole("article", { name: `${first.code} ${first.text}` }, FIRST_PAINT)).toBeInTheDocument();
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual(next.tabTitles);
    const otherStation = await stationName(server, other);
    await waitFor(() => expect(within(screen.getByTestId("thread-subject")).getByRole("link")).toHaveTextContent(otherStation));
    // StrictMode's throwaway mount cancels its own first load: the loads that counted are one per thread.
    const loads = server.requests.filter((request) => request.path.startsWith("/api/v1/answers/filledIn?") && !request.cancelled);
    expect(loads.map((request) => new URL(request.path, "http://x").searchParams.get("idObserver"))).toEqual([thread, other].map((one) => String(one.observerId)));
  });

  it("says so when the address does not name a thread", async () => {
    const server = await startTestServer({ seed: "demo" });
    renderApp({ features: FEATURES, path: "/urgents/details/abc/12", storedToken: await server.tokenFor(ORGANIZER), fetch: server.fetch });
    expect(await screen.findByRole("alert", { name: "This link does not name an answer thread" }, FIRST_PAINT)).toBeInTheDocument();
    expect(server.count("GET /api/v1/answers/filledIn")).toBe(0);
  });

  it("speaks Romanian: the retry, the forms' own titles, the dates as yyyy-MM-dd HH:mm", async () => {
    const { app, shown } = await openThread({ locale: "ro", arrange: (server) => server.fail("GET /api/v1/answers/filledIn", 500, "internal_error", 1) });
    await app.user.click(await screen.findByRole("button", { name: "Încearcă din nou" }, FIRST_PAINT));
    const tabs = await screen.findAllByRole("tab");
    expect(tabs.map((tab) => tab.textContent)).toEqual(shown.tabTitles);
    const arrival = shown.facts.observerArrivalTime;
    if (arrival) expect(document.querySelector(`time[datetime="${arrival}"]`)).toHaveTextContent(localMinute(arrival));
  });

  it("has no accessibility violations with a question's notes open", async () => {
    const { app, shown } = await openThread();
    await screen.findAllByRole("tab", {}, FIRST_PAINT);
    const first = shown.questions[0]!;
    const card = await screen.findByRole("article", { name: `${first.code} ${first.text}` }, FIRST_PAINT);
    await app.user.click(within(card).getByRole("button", { name: /^Show notes/ }));
    const pane = screen.getByRole("region", { name: "Answer details" });
    expect(await axeViolations(pane)).toEqual([]);
  });
});
