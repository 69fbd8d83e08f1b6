import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { components } from "../../../openapi/schema.d.ts";
import { loadAdmins } from "../../src/auth/principal.ts";
import { readBacklog } from "../../src/live/backlog.ts";
import { createClaimSweeper } from "../../src/reports/triage/claim-sweeper.ts";
import { expectProblem, signedIn, type SignedInServer } from "../fixtures.ts";
import { createReporters, stationId, type Reporters } from "../fixtures/reports-fixture.ts";
import { engines } from "../harness.ts";
import { openRound, type TestRound } from "./next-round.ts";

type ThreadPage = components["schemas"]["AnswerThreadPage"];

/**
 * What observers report and staff triage belongs to one election round (issue 27): a second round's answers, notes,
 * threads, claims and live events are its own, and round 1's lists, counts and timelines do not move.
 */
describe.each(engines)("reports in two election rounds on %s", (engine) => {
  let api = {} as SignedInServer;
  let first = {} as Reporters;
  let next = {} as TestRound;
  let second = { single: { id: 0, yes: 0, no: 0 } };
  let ab1 = 0;

  const threads = async (query: string) => {
    const response = await api.get(`/api/v1/answers?pageSize=100&${query}`, api.organizer);
    expect(response.status).toBe(200);
    return (await response.json()) as ThreadPage;
  };
  const answer = (questionId: number, optionId: number) => ({ answers: [{ questionId, countyCode: "AB", pollingStationNumber: 1, options: [{ optionId }] }] });

  beforeAll(async () => {
    api = await signedIn(engine, { observers: 10 });
    first = await createReporters(api, "R1", "07995500");
    ab1 = await stationId(api, "AB", 1);
    // Round 1 has its answer and thread before round 3 exists.
    expect((await api.send("POST", "/api/v1/answers", first.own.token, answer(first.single.id, first.single.no))).status).toBe(204);
    // An older election day: round 1 (active, busiest day of the demo) stays the current round.
    next = await openRound(api.db(), 3, "active");
    await api.db().updateTable("electionRound").set({ electionDay: "2020-01-01" }).where("id", "=", 3).execute();
    const question = { code: "Q1", text: "Deschis la timp?", questionType: 1, optionsToQuestions: [{ text: "Da" }, { text: "Nu", flagged: true }] };
    const form = { code: "R1", description: "Runda 2", diaspora: false, draft: false, formSections: [{ code: "S1", description: "Deschidere", questions: [question] }] };
    const created = await api.send("POST", "/api/v1/form?electionRoundId=3", api.organizer, form);
    expect(created.status).toBe(201);
    const q = ((await created.json()) as components["schemas"]["Form"]).formSections[0]!.questions[0]!;
    second = { single: { id: q.id, yes: q.optionsToQuestions[0]!.idOption, no: q.optionsToQuestions[1]!.idOption } };
  });
  afterAll(() => api.server?.close());

  it("takes answers into the round asked for, only to that round's questions, and lists each round's threads apart", async () => {
    const roundOne = await threads("");
    await expectProblem(await api.send("POST", "/api/v1/answers?electionRoundId=3", first.own.token, answer(first.single.id, first.single.no)), 404, "not_found");
    await expectProblem(await api.send("POST", "/api/v1/answers", first.own.token, answer(second.single.id, second.single.no)), 404, "not_found");

    expect((await api.send("POST", "/api/v1/answers?electionRoundId=3", first.own.token, answer(second.single.id, second.single.no))).status).toBe(204);
    const roundTwo = await threads("electionRoundId=3");
    expect(roundTwo.data.map((thread) => [thread.idObserver, thread.idPollingStation])).toEqual([[first.own.id, next.stationFor(ab1)]]);
    expect(roundTwo.totals).toEqual({ observers: 1, flaggedAnswers: 1 });
    expect({ ...(await threads("")), serverTime: "" }).toEqual({ ...roundOne, serverTime: "" });
    expect(await threads("electionRoundId=3&formCode=R1&urgent=true")).toMatchObject({ totalItems: 1 });
    expect(await threads("formCode=R1")).toMatchObject({ totalItems: 1 });

    const rows = await api.db().selectFrom("answer").select(["electionRoundId", "pollingStationId"]).where("observerId", "=", first.own.id).orderBy("electionRoundId").execute();
    expect(rows).toEqual([{ electionRoundId: 1, pollingStationId: ab1 }, { electionRoundId: 3, pollingStationId: next.stationFor(ab1) }]);
  });

  it("reads a thread's answers, notes and triage in its own round only", async () => {
    const station = next.stationFor(ab1);
    const pair = `idObserver=${first.own.id}&idPollingStation=${station}`;
    expect((await api.get(`/api/v1/answers/filledIn?${pair}&electionRoundId=3`, api.organizer)).status).toBe(200);
    await expectProblem(await api.get(`/api/v1/answers/filledIn?${pair}`, api.organizer), 404, "not_found");
    await expectProblem(await api.get(`/api/v2/note?${pair}`, api.organizer), 404, "not_found");
    const thread = `/api/v1/answers/threads/${first.own.id}/${station}`;
    await expectProblem(await api.send("PUT", `${thread}/state`, api.organizer, { state: "in_progress" }), 404, "not_found");

    const summary = async () => ({ ...((await (await api.get("/api/v1/answers/summary", api.organizer)).json()) as object), serverTime: "" });
    const summaryBefore = await summary();
    expect((await api.send("PUT", `${thread}/state?electionRoundId=3`, api.organizer, { state: "in_progress" })).status).toBe(200);
    expect((await api.send("POST", `${thread}/comments?electionRoundId=3`, api.organizer, { text: "Sunăm observatorul." })).status).toBe(201);
    const events = await api.db().selectFrom("threadEvent").select(["electionRoundId", "kind"]).where("pollingStationId", "=", station).orderBy("id").execute();
    expect(events).toEqual([{ electionRoundId: 3, kind: "state" }, { electionRoundId: 3, kind: "comment" }]);
    expect(await summary()).toEqual(summaryBefore);
  });

  it("keeps a note in the round it was sent to, about that round's questions only", async () => {
    const note = (query: string, questionId?: number) => {
      const form = new FormData();
      form.append("countyCode", "AB");
      form.append("pollingStationNumber", "1");
      form.append("text", "Coadă lungă");
      if (questionId !== undefined) form.append("questionId", String(questionId));
      return api.server.request(`/api/v2/note${query}`, { method: "POST", token: first.own.token, body: form });
    };
    await expectProblem(await note("?electionRoundId=3", first.single.id), 404, "not_found");
    expect((await note("?electionRoundId=3", second.single.id)).status).toBe(201);
    const notes = await api.get(`/api/v2/note?idObserver=${first.own.id}&idPollingStation=${next.stationFor(ab1)}&electionRoundId=3`, api.organizer);
    expect(((await notes.json()) as unknown[]).length).toBe(1);
    const roundOne = await api.get(`/api/v2/note?idObserver=${first.own.id}&idPollingStation=${ab1}`, api.organizer);
    expect(await roundOne.json()).toEqual([]);
  });

  it("streams each round's live events to that round's streams only", async () => {
    const organizer = (await loadAdmins(api.db(), [1])).get(1)!;
    const roundOf = async (roundId: number) => (await readBacklog(api.db(), organizer, roundId, 0, 1000)).events.map((event) => JSON.parse(event.data) as { idPollingStation: number });
    expect(new Set((await roundOf(3)).map((event) => event.idPollingStation))).toEqual(new Set([next.stationFor(ab1)]));
    expect((await roundOf(1)).map((event) => event.idPollingStation)).not.toContain(next.stationFor(ab1));
    expect((await roundOf(1)).length).toBeGreaterThan(0);
  });

  it("leaves an archived round's lapsed claims alone, so that sweeping the others goes on", async () => {
    const station = next.stationFor(ab1);
    const lapsed = new Date(api.server.clock.now.getTime() - 60_000);
    const claims = { claimAdminId: 1, claimedAt: lapsed, claimExpiresAt: lapsed };
    await api.db().updateTable("answerThread").set(claims).where("pollingStationId", "in", [ab1, station]).where("observerId", "=", first.own.id).execute();
    await api.db().updateTable("electionRound").set({ status: "archived" }).where("id", "=", 3).execute();
    try {
      const sweeper = createClaimSweeper({ db: api.db(), clock: () => api.server.clock.now });
      expect(await sweeper.sweep()).toBe(1);
      const held = await api.db().selectFrom("answerThread").select(["pollingStationId", "claimAdminId"]).where("observerId", "=", first.own.id).orderBy("electionRoundId").execute();
      expect(held).toEqual([{ pollingStationId: ab1, claimAdminId: null }, { pollingStationId: station, claimAdminId: 1 }]);
    } finally {
      await api.db().updateTable("electionRound").set({ status: "active" }).where("id", "=", 3).execute();
    }
  });
});
