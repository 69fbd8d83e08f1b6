import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContract } from "../../src/http/contract.ts";
import { expectProblem, signedIn, type SignedInServer } from "../fixtures.ts";
import { createObserver } from "../fixtures/reports-fixture.ts";
import { engines } from "../harness.ts";

/**
 * The election round of every scoped operation, resolved before its handler (issue 27): asked for or the current one,
 * an unknown one refused, an archived one read-only for everyone while global operations go on.
 */
describe.each(engines)("the election round of a request on %s", (engine) => {
  let api = {} as SignedInServer;
  let observer = { id: 0, phone: "", token: "" };
  const setStatus = (status: "active" | "archived") => api.db().updateTable("electionRound").set({ status }).where("id", "=", 1).execute();
  const answer = async () => {
    const question = await api.db().selectFrom("question").innerJoin("questionOption", "questionOption.questionId", "question.id").select(["question.id", "questionOption.id as optionId"]).executeTakeFirstOrThrow();
    return { answers: [{ questionId: question.id, countyCode: "AB", pollingStationNumber: 1, options: [{ optionId: question.optionId }] }] };
  };

  beforeAll(async () => {
    api = await signedIn(engine, { observers: 20 });
    observer = await createObserver(api, api.organizer, "0799000001");
  });
  afterAll(() => api.server?.close());

  it("works on the current round without electionRoundId, on the round asked for with it, and refuses an unknown one", async () => {
    const forms: unknown = await (await api.get("/api/v1/form", api.organizer)).json();
    expect(await (await api.get("/api/v1/form?electionRoundId=1", api.organizer)).json()).toEqual(forms);
    const unknown = await expectProblem(await api.get("/api/v1/form?electionRoundId=99", api.organizer), 400, "validation");
    expect(unknown.errors).toEqual({ electionRoundId: [expect.objectContaining({ code: "not_found" })] });
  });

  it("keeps an archived round readable by staff, refuses every write into it with 409 round_archived, and lets global work go on", async () => {
    const answersBefore = await api.db().selectFrom("answer").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    await setStatus("archived");
    try {
      expect((await api.get("/api/v1/form", api.organizer)).status).toBe(200);
      expect((await api.get("/api/v1/coverage", api.organizer)).status).toBe(200);
      // An observer's late batch is refused as archived, so the app can say why; nothing is saved.
      await expectProblem(await api.send("POST", "/api/v1/answers", observer.token, await answer()), 409, "round_archived");
      const formIds = (await api.db().selectFrom("form").select("id").orderBy("displayOrder").execute()).map(({ id }) => id);
      await expectProblem(await api.send("PUT", "/api/v1/form/order", api.organizer, { formIds }), 409, "round_archived");
      await expectProblem(await api.send("POST", "/api/v1/polling-stations", api.organizer, { countyCode: "AB", number: 9001 }), 409, "round_archived");
      // Observers work in active rounds only: they cannot read an archived one.
      await expectProblem(await api.get("/api/v1/form", observer.token), 400, "validation");
      // The roster is across rounds.
      expect((await api.send("POST", "/api/v1/observer", api.organizer, { name: "Nou Venit", phone: "0799000002", pin: "2468" })).status).toBe(201);
      expect(await api.db().selectFrom("answer").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).toEqual(answersBefore);
    } finally {
      await setStatus("active");
    }
    expect((await api.send("POST", "/api/v1/answers", observer.token, await answer())).status).toBe(204);
  });

  it("keeps each round's forms apart: a code again in the next round, its own order, a form of another round unknown", async () => {
    await api.db().insertInto("electionRound").values({ id: 3, name: "Alegeri locale 2027", electionDay: "2027-06-13", status: "preparing" }).execute();
    type FormList = { formVersions: { id: number; code: string }[] };
    const formsIn = async (query: string) => ((await (await api.get(`/api/v1/form${query}`, api.organizer)).json()) as FormList).formVersions;
    const roundOne = await formsIn("");
    const taken = roundOne[0]!;
    const question = { code: "S1.1", text: "Deschis la 7?", questionType: 1, optionsToQuestions: [{ text: "Da" }, { text: "Nu", flagged: true }] };
    const draft = { code: taken.code, description: "Deschiderea secției", diaspora: false, draft: true, formSections: [{ code: "S1", description: "Deschidere", questions: [question] }] };
    const created = await api.send("POST", "/api/v1/form?electionRoundId=3", api.organizer, draft);
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };

    expect((await formsIn("?electionRoundId=3")).map((form) => form.id)).toEqual([id]);
    expect(await formsIn("")).toEqual(roundOne);
    expect((await api.get(`/api/v1/form/${taken.id}?electionRoundId=3`, api.organizer)).status).toBe(404);
    expect((await api.send("PUT", "/api/v1/form/order?electionRoundId=3", api.organizer, { formIds: [id] })).status).toBe(204);
    expect((await api.send("DELETE", `/api/v1/form?formId=${id}`, api.organizer)).status).toBe(404);
    expect((await api.send("DELETE", `/api/v1/form?formId=${id}&electionRoundId=3`, api.organizer)).status).toBe(204);
    // A preparing round is the organizers' work: observers do not see it yet.
    await expectProblem(await api.get("/api/v1/form?electionRoundId=3", observer.token), 400, "validation");
  });
});

describe("the contract's round scopes", () => {
  const contract = loadContract();

  it("declares one for every operation; the scoped ones take electionRoundId and their writes answer 409", () => {
    const scopes = Object.fromEntries(contract.operations.map((operation) => [operation.operationId, operation.round]));
    expect(scopes).toMatchObject({ listForms: "scoped", submitAnswers: "scoped", getCoverage: "scoped", listNgos: "global", listAuditEntries: "global", createObserver: "global" });
    for (const operation of contract.operations.filter((candidate) => candidate.round === "scoped")) {
      expect(operation.parameters.map((parameter) => parameter.name), operation.operationId).toContain("electionRoundId");
    }
  });

  /** A one-operation contract: POST /things with these extra lines in the operation. */
  const contractWith = (lines: string) => {
    const file = join(mkdtempSync(join(tmpdir(), "contract-")), "openapi.yaml");
    writeFileSync(file, `openapi: 3.1.0\npaths:\n  /things:\n    post:\n      operationId: addThing\n${lines}      responses:\n        '204': { description: done }\n`);
    return () => loadContract(file);
  };

  it("refuses to start on an operation without a scope, a scoped one without electionRoundId, or a scoped write without a 409", () => {
    expect(contractWith("")).toThrow("addThing must declare x-round: scoped or global");
    expect(contractWith("      x-round: scoped\n")).toThrow("addThing is x-round: scoped but takes no electionRoundId query parameter");
    expect(contractWith("      x-round: scoped\n      parameters:\n        - { name: electionRoundId, in: query }\n")).toThrow(
      "addThing writes into a round but declares no 409 for an archived one",
    );
    expect(contractWith("      x-round: global\n")().operations[0]?.round).toBe("global");
  });
});
