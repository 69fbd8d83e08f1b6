import { describe, expect } from "vitest";
import { expectProblem, serverTests, type SignedInServer } from "../fixtures.ts";
import { observerToken, type Form, type FormInput } from "../forms-support.ts";
import { engines } from "../harness.ts";
import type { FormAnswerCounts } from "../../src/forms/answer-counts.ts";

const tests = serverTests({ observers: 30 });

const option = (text: string) => ({ text, isFreeText: false, flagged: false });

/** A form of three questions: single choice, multiple choice, and one nobody answers. */
const formInput = (code: string, draft: boolean): FormInput => ({
  code,
  description: `Formular ${code}`,
  diaspora: false,
  draft,
  currentVersion: 1,
  formSections: [
    {
      code: "S1",
      description: "Prima",
      questions: [
        { code: "S1.1", text: "Deschis?", questionType: 1, optionsToQuestions: [option("Da"), option("Nu")] },
        { code: "S1.2", text: "Ce lipsea?", questionType: 0, optionsToQuestions: [option("Nimic"), option("Urne"), option("Buletine")] },
        { code: "S1.3", text: "Altceva?", questionType: 1, optionsToQuestions: [option("Da"), option("Nu")] },
      ],
    },
  ],
});

describe.each(engines)("getFormAnswerCounts on %s", (engine) => {
  const it = tests[engine];
  let api = {} as SignedInServer;
  let published = {} as Form;
  let draft = {} as Form;
  const counts = (id: number, token: string) => api.get(`/api/v1/form/${id}/answer-counts`, token);
  const countsOk = async (id: number, token: string) => {
    const response = await counts(id, token);
    expect(response.status).toBe(200);
    return (await response.json()) as FormAnswerCounts;
  };
  const create = async (body: FormInput) => {
    const response = await api.send("POST", "/api/v1/form", api.organizer, body);
    expect(response.status).toBe(201);
    return (await response.json()) as Form;
  };

  it.beforeAll(async ({ api: signedIn }) => {
    api = signedIn;
    published = await create(formInput("CNT", false));
    draft = await create(formInput("CNTD", true));
    const db = api.db();
    const observerOf = async (ngoId: number) =>
      (await db.selectFrom("observer").select("id").where("ngoId", "=", ngoId).orderBy("id").executeTakeFirstOrThrow()).id;
    const [own, other] = [await observerOf(1), await observerOf(2)];
    const [s1, s2] = (await db.selectFrom("pollingStation").select("id").orderBy("id").limit(2).execute()).map((row) => row.id);
    const [q1, q2] = published.formSections[0]!.questions;
    const [da, nu] = q1!.optionsToQuestions.map((o) => o.idOption);
    const [, urne, buletine] = q2!.optionsToQuestions.map((o) => o.idOption);
    const answer = (observerId: number, pollingStationId: number, optionId: number) => ({ observerId, pollingStationId, optionId: optionId, value: null });
    await db
      .insertInto("answer")
      .values([
        // NGO 1's observer at two stations; at the first, two options of the multiple choice question: one sheet.
        answer(own, s1!, da!),
        answer(own, s1!, urne!),
        answer(own, s1!, buletine!),
        answer(own, s2!, nu!),
        // NGO 2's observer at the first station.
        answer(other, s1!, da!),
        answer(other, s1!, urne!),
      ])
      .execute();
  });

  const ids = () => {
    const [q1, q2] = published.formSections[0]!.questions;
    const [da, nu] = q1!.optionsToQuestions.map((o) => o.idOption);
    const [, urne, buletine] = q2!.optionsToQuestions.map((o) => o.idOption);
    return { q1: q1!.id, q2: q2!.id, da: da!, nu: nu!, urne: urne!, buletine: buletine! };
  };

  it("counts every NGO's answers for an organizer: answer sheets per question, choices per option, non-zero only", async () => {
    const { q1, q2, da, nu, urne, buletine } = ids();
    expect(await countsOk(published.id, api.organizer)).toEqual({
      questions: [
        { questionId: q1, answers: 3 },
        { questionId: q2, answers: 2 },
      ],
      options: [
        { questionId: q1, idOption: da, answers: 2 },
        { questionId: q1, idOption: nu, answers: 1 },
        { questionId: q2, idOption: urne, answers: 2 },
        { questionId: q2, idOption: buletine, answers: 1 },
      ],
    });
  });

  it("counts only its own NGO's observers' answers for an NGO admin", async () => {
    const { q1, q2, da, urne } = ids();
    expect(await countsOk(published.id, api.ngo2Admin)).toEqual({
      questions: [
        { questionId: q1, answers: 1 },
        { questionId: q2, answers: 1 },
      ],
      options: [
        { questionId: q1, idOption: da, answers: 1 },
        { questionId: q2, idOption: urne, answers: 1 },
      ],
    });
  });

  it("counts answers of a seeded form only for that form's questions", async () => {
    const formA = await api.db().selectFrom("form").select("id").where("code", "=", "A").executeTakeFirstOrThrow();
    const body = await countsOk(formA.id, api.organizer);
    expect(body.options.length).toBeGreaterThan(0);
    const ownIds = new Set((await (await api.get(`/api/v1/form/${formA.id}`, api.organizer)).json() as Form).formSections.flatMap((s) => s.questions.map((q) => q.id)));
    expect(body.questions.every((row) => ownIds.has(row.questionId) && row.answers > 0)).toBe(true);
    expect(body.options.every((row) => ownIds.has(row.questionId) && row.answers > 0)).toBe(true);
  });

  it("shows a draft's counts to organizers and answers 404 to other admins", async () => {
    expect(await countsOk(draft.id, api.organizer)).toEqual({ questions: [], options: [] });
    await expectProblem(await counts(draft.id, api.ngo2Admin), 404, "not_found");
  });

  it("answers 404 for an unknown form, 403 to observers and 401 without a token", async () => {
    await expectProblem(await counts(999_999, api.organizer), 404, "not_found");
    await expectProblem(await counts(published.id, await observerToken(api)), 403, "forbidden");
    await expectProblem(await api.get(`/api/v1/form/${published.id}/answer-counts`), 401, "unauthorized");
  });
});
