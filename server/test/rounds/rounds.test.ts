import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { components } from "../../../openapi/schema.d.ts";
import { expectProblem, signedIn, type SignedInServer } from "../fixtures.ts";
import { createObserver } from "../fixtures/reports-fixture.ts";
import { editable } from "../forms-support.ts";
import { engines } from "../harness.ts";

type ElectionRound = components["schemas"]["ElectionRound"];
type Form = components["schemas"]["Form"];

/**
 * Election rounds (issue 27): an organizer starts the next round from the last (forms as drafts, registry, NGOs),
 * starts it, archives the last, and an observer's answer lands in the new round while the old one's numbers stay.
 */
describe.each(engines)("election rounds on %s", (engine) => {
  let api = {} as SignedInServer;
  let observer = { id: 0, phone: "", token: "" };
  let roundOne = {} as ElectionRound;
  let next = {} as ElectionRound;

  const rounds = async (token: string) => {
    const response = await api.get("/api/v1/election-rounds", token);
    expect(response.status).toBe(200);
    return ((await response.json()) as { rounds: ElectionRound[] }).rounds;
  };
  const post = async (path: string, status = 200) => {
    const response = await api.send("POST", path, api.organizer);
    expect(response.status).toBe(status);
    return (await response.json()) as ElectionRound;
  };
  const count = async (table: "answer" | "answerThread" | "threadEvent", roundId: number) =>
    (await api.db().selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).where("electionRoundId", "=", roundId).executeTakeFirstOrThrow()).n;

  beforeAll(async () => {
    api = await signedIn(engine, { observers: 10 });
    observer = await createObserver(api, api.organizer, "0799100001");
    roundOne = (await rounds(api.organizer))[0]!;
  });
  afterAll(() => api.server?.close());

  it("lists the deployment's round as current, with what a copy would take", async () => {
    expect(roundOne).toMatchObject({ id: 1, status: "active", current: true, ngoIds: [1, 2, 3] });
    expect(roundOne.counts.forms).toBeGreaterThan(0);
    expect(roundOne.counts.pollingStations).toBeGreaterThan(0);
    // An NGO admin sees only its own NGO among those taking part (in this round and the demo's archived one, last
    // year's); an observer sees the active round.
    expect((await rounds(api.ngo2Admin)).map((round) => [round.id, round.ngoIds])).toEqual([[1, [2]], [2, [2]]]);
    expect((await rounds(observer.token)).map((round) => round.id)).toEqual([1]);
  });

  it("refuses a round it cannot make, naming the field", async () => {
    const create = (body: object) => api.send("POST", "/api/v1/election-rounds", api.organizer, body);
    const day = "2027-05-18";
    const invalid = async (body: object, field: string) => expect((await expectProblem(await create(body), 400, "validation")).errors).toHaveProperty([field]);
    await invalid({ name: " ", electionDay: day }, "name");
    await invalid({ name: "X", electionDay: "2027-02-30" }, "electionDay");
    await invalid({ name: "X", electionDay: day, copy: { forms: "none" } }, "copy");
    await invalid({ name: "X", electionDay: day, fromRoundId: 99 }, "fromRoundId");
    await invalid({ name: "X", electionDay: day, fromRoundId: 1, copy: { registry: false, assignments: true } }, "copy.assignments");
    await invalid({ name: "X", electionDay: day, ngoIds: [1, 999] }, "ngoIds[1]");
    expect((await api.send("POST", "/api/v1/election-rounds", api.ngo2Admin, { name: "X", electionDay: day })).status).toBe(403);
    // This year's round and the demo's archived one.
    expect(await rounds(api.organizer)).toHaveLength(2);
  });

  it("starts the next round from the last: forms as drafts, the registry, the NGOs; once, however often it is sent", async () => {
    const created = await api.send("POST", "/api/v1/election-rounds", api.organizer, { name: "Prezidențiale 2027 — turul 1", electionDay: "2027-05-18", fromRoundId: 1 });
    expect(created.status).toBe(201);
    next = (await created.json()) as ElectionRound;
    expect(next).toMatchObject({
      status: "preparing",
      current: false,
      ngoIds: roundOne.ngoIds,
      counts: { forms: roundOne.counts.forms, publishedForms: 0, pollingStations: roundOne.counts.pollingStations, assignments: 0 },
    });
    const again = await api.send("POST", "/api/v1/election-rounds", api.organizer, { name: "  prezidențiale 2027 — TURUL 1 ", electionDay: "2027-05-18", fromRoundId: 1 });
    expect((await expectProblem(again, 409, "duplicate_round_name")).errors).toHaveProperty(["name"]);

    // A preparing round is the organizers' work: nobody else sees it.
    expect((await rounds(api.ngo2Admin)).map((round) => round.id)).toEqual([1, 2]);
    expect((await api.get(`/api/v1/election-rounds/${next.id}`, observer.token)).status).toBe(404);
    const log = await api.db().selectFrom("auditEntry").select(["action", "subjectLabel"]).where("subjectType", "=", "electionRound").execute();
    expect(log).toEqual([{ action: "electionRound.created", subjectLabel: "Prezidențiale 2027 — turul 1" }]);
  });

  it("makes the started round current; an observer's answer lands there while the last round's numbers stay", async () => {
    const before = { answers: await count("answer", 1), threads: await count("answerThread", 1) };
    const started = await post(`/api/v1/election-rounds/${next.id}/start`);
    expect(started).toMatchObject({ status: "active", current: true });
    expect((await rounds(observer.token)).map((round) => [round.id, round.current])).toEqual([[next.id, true], [1, false]]);

    // Publish the first copied form in the new round.
    const list = (await (await api.get(`/api/v1/form?electionRoundId=${next.id}`, api.organizer)).json()) as { formVersions: { id: number }[] };
    const draft = (await (await api.get(`/api/v1/form/${list.formVersions[0]!.id}?electionRoundId=${next.id}`, api.organizer)).json()) as Form;
    const published = await api.send("POST", `/api/v1/form?electionRoundId=${next.id}`, api.organizer, { ...editable(draft), draft: false });
    expect(published.status).toBe(200);
    const question = draft.formSections[0]!.questions[0]!;

    const answer = { answers: [{ questionId: question.id, countyCode: "AB", pollingStationNumber: 1, options: [{ optionId: question.optionsToQuestions[0]!.idOption }] }] };
    expect((await api.send("POST", "/api/v1/answers", observer.token, answer)).status).toBe(204);
    expect(await count("answer", next.id)).toBe(1);
    expect({ answers: await count("answer", 1), threads: await count("answerThread", 1) }).toEqual(before);
  });

  it("archives a round: its claims end in their timelines, every write is a 409, reads go on; reopening brings it back", async () => {
    const thread = await api.db().selectFrom("answerThread").select(["observerId", "pollingStationId"]).where("electionRoundId", "=", next.id).executeTakeFirstOrThrow();
    const path = `/api/v1/answers/threads/${thread.observerId}/${thread.pollingStationId}`;
    expect((await api.send("POST", `${path}/claim?electionRoundId=${next.id}`, api.organizer, {})).status).toBe(200);

    const archived = await post(`/api/v1/election-rounds/${next.id}/archive`);
    expect(archived).toMatchObject({ status: "archived", current: false });
    expect(await api.db().selectFrom("answerThread").select("claimAdminId").where("electionRoundId", "=", next.id).executeTakeFirstOrThrow()).toEqual({ claimAdminId: null });
    const events = await api.db().selectFrom("threadEvent").select("kind").where("electionRoundId", "=", next.id).orderBy("id").execute();
    expect(events.map((event) => event.kind)).toEqual(["claim", "lapse"]);

    await expectProblem(await api.send("PUT", `${path}/state?electionRoundId=${next.id}`, api.organizer, { state: "resolved" }), 409, "round_archived");
    await expectProblem(await api.send("PUT", `/api/v1/election-rounds/${next.id}`, api.organizer, { name: "Alt nume", electionDay: "2027-05-18", ngoIds: [1] }), 409, "round_archived");
    await expectProblem(await api.send("POST", `/api/v1/election-rounds/${next.id}/start`, api.organizer), 409, "round_archived");
    expect((await api.get(`/api/v1/answers?electionRoundId=${next.id}`, api.organizer)).status).toBe(200);
    // Round 1 is current again for everybody; an observer's late report into the archived round is told why.
    expect((await rounds(observer.token)).map((round) => round.id)).toEqual([1]);
    const late = { answers: [{ questionId: 1, countyCode: "AB", pollingStationNumber: 1, options: [{ optionId: 1 }] }] };
    await expectProblem(await api.send("POST", `/api/v1/answers?electionRoundId=${next.id}`, observer.token, late), 409, "round_archived");

    await expectProblem(await api.send("POST", "/api/v1/election-rounds/1/reopen", api.organizer), 409, "round_not_archived");
    expect(await post(`/api/v1/election-rounds/${next.id}/reopen`)).toMatchObject({ status: "active", current: true });
    const log = await api.db().selectFrom("auditEntry").select(["action", "electionRoundId"]).where("subjectType", "=", "electionRound").orderBy("id").execute();
    expect(log.map((entry) => entry.action)).toEqual(["electionRound.created", "electionRound.started", "electionRound.archived", "electionRound.reopened"]);
    // Each entry names its round: the round's own, and the form published in it.
    expect(new Set(log.map((entry) => entry.electionRoundId))).toEqual(new Set([next.id]));
    const listed = (await (await api.get("/api/v1/audit?pageSize=100", api.organizer)).json()) as { data: { action: string; electionRoundId: number | null }[] };
    expect(listed.data.find((entry) => entry.action === "form.published")?.electionRoundId).toBe(next.id);
    expect(listed.data.find((entry) => entry.action === "observer.created")?.electionRoundId).toBeNull();
  });

  it("lets an organizer rename a round and choose its NGOs: an NGO left out no longer sees it", async () => {
    const updated = await api.send("PUT", `/api/v1/election-rounds/${next.id}`, api.organizer, { name: "Prezidențiale 2027", electionDay: "2027-05-25", ngoIds: [1] });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ name: "Prezidențiale 2027", electionDay: "2027-05-25", ngoIds: [1] });
    expect((await api.get(`/api/v1/election-rounds/${next.id}`, api.ngo2Admin)).status).toBe(404);
    await expectProblem(await api.get(`/api/v1/answers?electionRoundId=${next.id}`, api.ngo2Admin), 400, "validation");
    // NGO 2's admins and observers work in round 1, their current round now.
    expect((await rounds(api.ngo2Admin)).map((round) => [round.id, round.current])).toEqual([[1, true], [2, false]]);
  });
});
