import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { components } from "../../openapi/schema.d.ts";
import { DEMO_ACCOUNTS, DEMO_OBSERVERS } from "../../server/src/demo/accounts.ts";
import { formEditor, formList, formWordsIn } from "../pages/browser/forms";
import { roundsPage } from "../pages/browser/rounds";
import { eventually } from "../pages/locators";
import { productApi, type Account } from "./support/api.ts";
import { launchBrowser, openPage, seeNoAxeViolationsSoftly } from "./support/browser.ts";
import { startServer, type RunningServer } from "./support/server-process.ts";
import { signIn, toastSaying } from "./support/session.ts";

type Round = components["schemas"]["ElectionRound"];
type Form = components["schemas"]["Form"];

/*
 * The rounds' done-when journey on the demo, in Chromium: the organizer archives the demo's active round, starts
 * the next from it in the wizard (forms copied as drafts, registry copied, every NGO's observers kept), publishes a
 * form in it, and an observer's answer lands in the new round, while the archived round's numbers stay exactly as
 * they were. A server of its own: archiving the demo's round would change every other journey's screens.
 */

const organizer: Account = { user: DEMO_ACCOUNTS[0].user, password: DEMO_ACCOUNTS[0].password };
const NEXT_NAME = "Prezidențiale 2026 — turul 2";

describe("election rounds in Chromium", () => {
  let server: RunningServer;
  let browser: Browser;
  let api: ReturnType<typeof productApi>;
  let token: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    api = productApi(server.url);
    token = await api.tokenFor(organizer);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const rounds = async () => (await api.get<{ rounds: Round[] }>(token, "/api/v1/election-rounds")).rounds;

  /** What staff count in a round: its threads with their totals, its urgent threads, its registry and its forms. */
  async function numbersOf(roundId: number) {
    const threads = (urgent: boolean) =>
      api.get<{ totalItems: number; totals: unknown }>(token, "/api/v1/answers", { electionRoundId: roundId, urgent: String(urgent), pageSize: 1 });
    const [all, urgent, stations, round] = await Promise.all([
      threads(false),
      threads(true),
      api.get<{ totalItems: number }>(token, "/api/v1/polling-stations", { electionRoundId: roundId, pageSize: 1 }),
      api.get<Round>(token, `/api/v1/election-rounds/${roundId}`),
    ]);
    return { threads: all.totalItems, totals: all.totals, urgentThreads: urgent.totalItems, stations: stations.totalItems, counts: round.counts };
  }

  /** The demo observer of NGO 1 answers the first question of the round's only published form at Cluj's station 7. */
  async function observerAnswers() {
    const post = (path: string, bearer: string | null, body: unknown) =>
      fetch(new URL(path, server.url), {
        method: "POST",
        headers: { "content-type": "application/json", ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
        body: JSON.stringify(body),
      });
    const signedIn = await post("/api/v2/access/observer", null, DEMO_OBSERVERS[0]);
    expect(signedIn.status).toBe(200);
    const observerToken = ((await signedIn.json()) as { access_token: string }).access_token;
    const published = await api.get<{ formVersions: { id: number }[] }>(observerToken, "/api/v1/form", { draft: "false" });
    expect(published.formVersions).toHaveLength(1);
    const form = await api.get<Form>(observerToken, `/api/v1/form/${published.formVersions[0].id}`);
    const question = form.formSections[0].questions[0];
    const answered = await post("/api/v1/answers", observerToken, {
      answers: [{ questionId: question.id, countyCode: "CJ", pollingStationNumber: 7, options: [{ optionId: question.optionsToQuestions[0].idOption }] }],
    });
    expect(answered.status).toBe(204);
  }

  it("archives the active round, starts the next from it in the wizard, publishes a form there, and an answer lands in it alone", async () => {
    const first = (await rounds()).find((round) => round.current)!;
    expect(first.status).toBe("active");
    const before = await numbersOf(first.id);
    expect(before.threads).toBeGreaterThan(0);

    const { page, errors, context } = await openPage(browser, server.url);
    const screen = roundsPage(page);
    await signIn(page, organizer);
    await screen.open();
    await seeNoAxeViolationsSoftly(page);

    const question = await screen.changeStatus(first.name, "Archive");
    expect(question).toContain("read-only for everyone");
    await eventually(() => screen.status(first.name)).toBe("Archived");
    await seeNoAxeViolationsSoftly(page);

    await screen.startNextFrom(first.name);
    await screen.wizard.nameAndDay(NEXT_NAME);
    await seeNoAxeViolationsSoftly(page);
    await screen.wizard.next();
    expect(await screen.wizard.review()).toEqual([
      `${first.counts.forms.toLocaleString("en-US")} forms copied as drafts`,
      `${first.counts.pollingStations.toLocaleString("en-US")} polling stations copied`,
      "No assignments: observers are assigned afresh.",
      expect.stringMatching(/^\d+ NGOs take part, with their observers: /),
      "Nothing reported is copied: answers, notes, visits, urgents and notifications stay in their round.",
    ]);
    await seeNoAxeViolationsSoftly(page);
    expect(await screen.wizard.create({ startNow: true })).toContain(`${NEXT_NAME} is active`);
    await seeNoAxeViolationsSoftly(page);

    const next = (await rounds()).find((round) => round.name === NEXT_NAME)!;
    expect(next).toMatchObject({ status: "active", current: true, counts: { forms: first.counts.forms, publishedForms: 0, pollingStations: first.counts.pollingStations, assignments: 0 } });

    // Its forms, in the new round: the round bar names it, every form a draft until published.
    await screen.wizard.reviewForms();
    await page.waitForURL("**/formulare");
    await eventually(() => page.getByTestId("round-switcher").getAttribute("aria-label")).toContain(NEXT_NAME);
    const forms = formList(page);
    await forms.loaded();
    const [code] = await forms.codes();
    expect((await forms.row(code))?.draft).toBe(true);
    await forms.editRow(code);
    await formEditor(page).publish();
    await toastSaying(page, formWordsIn("en").published);
    await page.waitForURL("**/formulare");
    await eventually(() => forms.row(code)).toMatchObject({ draft: false });

    await observerAnswers();
    await eventually(async () => (await numbersOf(next.id)).threads).toBe(1);
    expect(await numbersOf(first.id)).toEqual(before);

    expect(errors).toEqual([]);
    await context.close();
  });
});
