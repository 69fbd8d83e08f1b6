import ExcelJS from "exceljs";
import { sql } from "kysely";
import { describe, expect } from "vitest";
import type { components } from "../../../../openapi/schema.d.ts";
import { expectProblem, serverTests, type SignedInServer } from "../../fixtures.ts";
import { editable } from "../../forms-support.ts";
import { engines } from "../../harness.ts";
import { yesNoQuestions } from "../../fixtures/statistics-fixture.ts";
import { createObserver, createReporters, diasporaQuestion, stationId, type Reporters } from "../../fixtures/reports-fixture.ts";

type ThreadPage = components["schemas"]["AnswerThreadPage"];
type FilledInQuestion = components["schemas"]["FilledInQuestion"];
type AnswerInput = components["schemas"]["AnswerInput"];

const tests = serverTests({ observers: 30 });

describe.each(engines)("answers on %s", (engine) => {
  const it = tests[engine];
  let api = {} as SignedInServer;
  let r = {} as Reporters;
  let ab7 = 0;
  let ar9 = 0;
  let start = "";

  it.beforeAll(async ({ api: signedIn }) => {
    api = signedIn;
    r = await createReporters(api, "ANS", "07993100");
    ab7 = await stationId(api, "AB", 7);
    ar9 = await stationId(api, "AR", 9);
    start = api.server.clock.now.toISOString();
  });

  const submit = (token: string, answers: AnswerInput[]) => api.send("POST", "/api/v1/answers", token, { answers });
  const at = (countyCode: string, pollingStationNumber: number) => ({ countyCode, pollingStationNumber });
  const filledIn = async (observerId: number, station: number, token = api.organizer) => {
    const response = await api.get(`/api/v1/answers/filledIn?idObserver=${observerId}&idPollingStation=${station}`, token);
    expect(response.status).toBe(200);
    return (await response.json()) as FilledInQuestion[];
  };
  const threads = async (query: string, token = api.organizer) => {
    const response = await api.get(`/api/v1/answers?${query}`, token);
    expect(response.status).toBe(200);
    return (await response.json()) as ThreadPage;
  };
  const singleAnswered = (idOption: number, flagged: boolean, text: string) => ({
    id: r.single.id,
    code: "Q1",
    text: "Deschis la timp?",
    questionType: 1,
    formId: r.form.id,
    formCode: "ANS",
    answers: [{ idOption, text, isFreeText: false, value: null, flagged, formCode: "ANS" }],
  });

  describe("submitAnswers", () => {
    it("stores the chosen options, which staff then read question by question in form order", async () => {
      const response = await submit(r.own.token, [
        { questionId: r.multiple.id, ...at("AB", 7), options: [{ optionId: r.multiple.other, value: "Lipseau ștampilele" }, { optionId: r.multiple.plain }] },
        { questionId: r.single.id, ...at("AB", 7), options: [{ optionId: r.single.yes }] },
      ]);
      expect(response.status).toBe(204);
      expect(await filledIn(r.own.id, ab7)).toEqual([
        singleAnswered(r.single.yes, false, "Da"),
        {
          id: r.multiple.id,
          code: "Q2",
          text: "Ce lipsea?",
          questionType: 3,
          formId: r.form.id,
          formCode: "ANS",
          answers: [
            { idOption: r.multiple.plain, text: "Urne", isFreeText: false, value: null, flagged: false, formCode: "ANS" },
            { idOption: r.multiple.other, text: "Altceva", isFreeText: true, value: "Lipseau ștampilele", flagged: true, formCode: "ANS" },
          ],
        },
      ]);
    });

    it("takes the same batch again without changing the answers", async () => {
      const before = await filledIn(r.own.id, ab7);
      const batch = [{ questionId: r.single.id, ...at("AB", 7), options: [{ optionId: r.single.yes }] }];
      expect((await submit(r.own.token, batch)).status).toBe(204);
      expect((await submit(r.own.token, batch)).status).toBe(204);
      expect(await filledIn(r.own.id, ab7)).toEqual(before);
    });

    it("takes the same batch sent twice at once, as a phone retrying would", async () => {
      const batch = [{ questionId: r.single.id, ...at("AB", 8), options: [{ optionId: r.single.no }] }];
      const responses = await Promise.all([submit(r.own.token, batch), submit(r.own.token, batch)]);
      expect(responses.map((response) => response.status)).toEqual([204, 204]);
      expect(await filledIn(r.own.id, await stationId(api, "AB", 8))).toEqual([singleAnswered(r.single.no, true, "Nu")]);
      await submit(r.own.token, [{ ...batch[0]!, options: [] }]);
    });

    it("replaces a question's previous answer, lets the last item of a batch win, and withdraws on an empty list", async () => {
      await submit(r.own.token, [
        { questionId: r.single.id, ...at("AB", 7), options: [{ optionId: r.single.yes }] },
        { questionId: r.single.id, ...at("AB", 7), options: [{ optionId: r.single.no }] },
        { questionId: r.multiple.id, ...at("AB", 7), options: [] },
      ]);
      expect(await filledIn(r.own.id, ab7)).toEqual([singleAnswered(r.single.no, true, "Nu")]);
    });

    it.each([
      ["an unknown question", { questionId: 2147483647 }, 404, "not_found", "answers[1].questionId"],
      ["an unknown county", { countyCode: "ZZ" }, 404, "not_found", "answers[1].countyCode"],
      ["a station number past the county's limit", { pollingStationNumber: 441 }, 404, "not_found", "answers[1].pollingStationNumber"],
      ["an option of another question", { options: [{ optionId: -1 }] }, 422, "answer_invalid", "answers[1].options[0].optionId"],
      ["two options for a single-choice question", { options: [{ optionId: -2 }, { optionId: -3 }] }, 422, "answer_invalid", "answers[1].options"],
      ["a value for an option that is not free text", { options: [{ optionId: -2, value: "x" }] }, 422, "answer_invalid", "answers[1].options[0].value"],
    ])("refuses the whole batch for %s", async (_, change, status, code, field) => {
      const before = await filledIn(r.own.id, ab7);
      // Negative option ids stand for this form's options, known only once the suite has created it.
      const options = (change as { options?: { optionId: number; value?: string }[] }).options?.map((o) => ({
        ...o,
        optionId: { [-1]: r.multiple.plain, [-2]: r.single.yes, [-3]: r.single.no }[o.optionId]!,
      }));
      const bad = { questionId: r.single.id, ...at("AB", 7), options: [{ optionId: r.single.yes }], ...change, ...(options ? { options } : {}) };
      const response = await submit(r.own.token, [{ questionId: r.single.id, ...at("AB", 7), options: [{ optionId: r.single.yes }] }, bad]);
      const problem = await expectProblem(response, status, code);
      expect(Object.keys(problem.errors ?? {})).toEqual([field]);
      expect(await filledIn(r.own.id, ab7)).toEqual(before);
    });

    it("treats questions of draft forms as unknown", async () => {
      const draft = await api.send("POST", "/api/v1/form", api.organizer, {
        code: "ANSD",
        description: "Ciornă",
        diaspora: false,
        draft: true,
        currentVersion: 1,
        formSections: [{ code: "S", description: "S", questions: [{ code: "D1", text: "?", questionType: 1, optionsToQuestions: [{ text: "Da", isFreeText: false, flagged: false }] }] }],
      });
      const question = ((await draft.json()) as components["schemas"]["Form"]).formSections[0]!.questions[0]!;
      const response = await submit(r.own.token, [{ questionId: question.id, ...at("AB", 7), options: [{ optionId: question.optionsToQuestions[0]!.idOption }] }]);
      await expectProblem(response, 404, "not_found");
    });

    it("refuses a diaspora form's answers at a station in Romania item by item, and takes them abroad with the general forms", async () => {
      const observer = await createObserver(api, api.organizer, "0799319001");
      const diaspora = await diasporaQuestion(api);
      const onDiaspora = (countyCode: string, number: number) => ({ questionId: diaspora.id, ...at(countyCode, number), options: [{ optionId: diaspora.optionId }] });
      const onGeneral = (countyCode: string, number: number) => ({ questionId: r.single.id, ...at(countyCode, number), options: [{ optionId: r.single.yes }] });
      const problem = await expectProblem(
        await submit(observer.token, [onGeneral("AB", 12), onDiaspora("AB", 12), onDiaspora("D", 3), onDiaspora("CJ", 4)]),
        422,
        "form_not_for_station",
      );
      expect(Object.keys(problem.errors ?? {})).toEqual(["answers[1].questionId", "answers[3].questionId"]);
      expect(problem.errors?.["answers[1].questionId"]?.[0]?.code).toBe("invalid");
      expect(await filledIn(observer.id, await stationId(api, "AB", 12))).toEqual([]);
      expect(await filledIn(observer.id, await stationId(api, "D", 3))).toEqual([]);

      expect((await submit(observer.token, [onDiaspora("D", 3), onGeneral("D", 3)])).status).toBe(204);
      expect((await filledIn(observer.id, await stationId(api, "D", 3))).map((question) => question.formCode)).toEqual(["D", "ANS"]);
    });

    it("is refused to staff tokens and without a token", async () => {
      const batch = [{ questionId: r.single.id, ...at("AB", 7), options: [{ optionId: r.single.yes }] }];
      await expectProblem(await submit(api.organizer, batch), 403, "forbidden");
      await expectProblem(await submit(api.ngo2Admin, batch), 403, "forbidden");
      await expectProblem(await api.send("POST", "/api/v1/answers", undefined, { answers: batch }), 401, "unauthorized");
    });
  });

  describe("listAnswerThreads", () => {
    it.beforeAll(async () => {
      api.server.clock.advance(60);
      await submit(r.other.token, [{ questionId: r.single.id, ...at("AR", 9), options: [{ optionId: r.single.yes }] }]);
      api.server.clock.advance(60);
      await submit(r.own.token, [{ questionId: r.multiple.id, ...at("AR", 9), options: [{ optionId: r.multiple.plain }] }]);
    });
    const thread = (who: Reporters["own"], station: number, countyCode: string, number: number, minutes: number, flaggedCount: number) => {
      const lastModified = new Date(Date.parse(start) + minutes * 60_000).toISOString();
      return {
        idObserver: who.id,
        idPollingStation: station,
        pollingStationName: `${countyCode} ${number}`,
        // The demo's registry names every station's place; these observers have no assignments.
        locality: expect.any(String) as unknown,
        address: expect.any(String) as unknown,
        offAssignment: false,
        observerName: `Observator ${who.phone}`,
        observerPhoneNumber: who.phone,
        countyCode,
        pollingStationNumber: number,
        lastModified,
        flaggedCount,
        // Nobody reviewed or claimed these threads; a flagged one's age runs from its (only) flagged answer.
        state: "new",
        claim: null,
        urgentSince: flaggedCount > 0 ? lastModified : null,
      };
    };

    it("lists observer and station pairs newest first, with their flagged answers counted", async () => {
      expect(await threads(`observerPhoneNumber=07993100&from=${start}`)).toEqual({
        totals: { observers: 2, flaggedAnswers: 1 },
        serverTime: api.server.clock.now.toISOString(),
        page: 1,
        pageSize: 10,
        totalItems: 3,
        totalPages: 1,
        data: [thread(r.own, ar9, "AR", 9, 2, 0), thread(r.other, ar9, "AR", 9, 1, 0), thread(r.own, ab7, "AB", 7, 0, 1)],
      });
    });

    it("shows only threads with a flagged answer when urgent, and every thread otherwise", async () => {
      expect((await threads(`urgent=true&observerPhoneNumber=07993100`)).data).toEqual([thread(r.own, ab7, "AB", 7, 0, 1)]);
      expect((await threads(`urgent=false&observerPhoneNumber=07993100`)).totalItems).toBe(3);
      const urgent = await threads("urgent=true&pageSize=1000");
      expect(urgent.data.every((t) => t.flaggedCount > 0)).toBe(true);
    });

    it("filters by county, station number, phone and time, all combined", async () => {
      const phones = async (query: string) => (await threads(`${query}&observerPhoneNumber=07993100`)).data.map((t) => [t.observerPhoneNumber, t.countyCode]);
      expect(await phones("county=AB")).toEqual([[r.own.phone, "AB"]]);
      expect(await phones("pollingStationNumber=9")).toEqual([[r.own.phone, "AR"], [r.other.phone, "AR"]]);
      expect(await phones("county=AB&pollingStationNumber=9")).toEqual([]);
      expect(await phones(`from=${thread(r.own, 0, "", 0, 1, 0).lastModified}`)).toEqual([[r.own.phone, "AR"], [r.other.phone, "AR"]]);
      expect(await phones(`to=${thread(r.own, 0, "", 0, 1, 0).lastModified}`)).toEqual([[r.other.phone, "AR"], [r.own.phone, "AB"]]);
      expect((await threads(`observerPhoneNumber=${r.other.phone}`)).data.map((t) => t.idObserver)).toEqual([r.other.id]);
    });

    it("pages without overlap and counts every page", async () => {
      const first = await threads(`observerPhoneNumber=07993100&pageSize=2`);
      const second = await threads(`observerPhoneNumber=07993100&pageSize=2&page=2`);
      expect([first.totalItems, first.totalPages, first.data.length, second.data.length]).toEqual([3, 2, 2, 1]);
      expect(second.data[0]).toEqual(thread(r.own, ab7, "AB", 7, 0, 1));
      expect(await threads(`observerPhoneNumber=nobody`)).toEqual({
        totals: { observers: 0, flaggedAnswers: 0 },
        serverTime: api.server.clock.now.toISOString(),
        page: 1,
        pageSize: 10,
        totalItems: 0,
        totalPages: 1,
        data: [],
      });
    });

    it("shows a non-organizer only its own NGO's observers and an organizer everyone's", async () => {
      const phones = async (token: string) => (await threads(`observerPhoneNumber=07993100`, token)).data.map((t) => t.observerPhoneNumber);
      expect(await phones(api.ngo2Admin)).toEqual([r.other.phone]);
      expect(await phones(api.organizer)).toEqual([r.own.phone, r.other.phone, r.own.phone]);
      const all = await threads("pageSize=1000", api.ngo2Admin);
      const ngo2Observers = await api.db().selectFrom("observer").select("id").where("ngoId", "=", 2).execute();
      const ids = new Set(ngo2Observers.map((o) => o.id));
      expect(all.data.every((t) => ids.has(t.idObserver))).toBe(true);
    });

    it("recounts flagged answers when the form flags or unflags an option that was chosen", async () => {
      const flag = async (flagged: boolean) => {
        const form = (await (await api.get(`/api/v1/form/${r.form.id}`, api.organizer)).json()) as components["schemas"]["Form"];
        const body = editable(form);
        body.formSections[0]!.questions[1]!.optionsToQuestions[0]!.flagged = flagged;
        expect((await api.send("POST", "/api/v1/form", api.organizer, body)).status).toBe(200);
      };
      const counts = async () => (await threads(`observerPhoneNumber=07993100`)).data.map((t) => t.flaggedCount);
      await flag(true);
      expect(await counts()).toEqual([1, 0, 1]);
      await flag(false);
      expect(await counts()).toEqual([0, 0, 1]);
    });

    it("keeps the thread table equal to the answers grouped, across the seed and every write above", async () => {
      const kept = await sql`SELECT observer_id, polling_station_id, last_modified, flagged_count FROM answer_thread ORDER BY 1, 2`.execute(api.db());
      const grouped = await sql`
        SELECT a.observer_id, a.polling_station_id, max(a.last_modified) AS last_modified, (count(*) FILTER (WHERE qo.flagged))::int AS flagged_count
        FROM answer a JOIN question_option qo ON qo.id = a.option_id GROUP BY 1, 2 ORDER BY 1, 2`.execute(api.db());
      expect(kept.rows.length).toBeGreaterThan(10);
      expect(kept.rows).toEqual(grouped.rows);
    });

    it("refuses a time window that ends before it starts, and observer tokens", async () => {
      const problem = await expectProblem(await api.get(`/api/v1/answers?from=2026-11-22T09:00:00Z&to=2026-11-22T08:00:00Z`, api.organizer), 400, "validation");
      expect(Object.keys(problem.errors ?? {})).toEqual(["to"]);
      await expectProblem(await api.get("/api/v1/answers", r.own.token), 403, "forbidden");
    });

    it("filters by form and totals every matching thread, counting that form's flagged answers", async () => {
      // The demo's opening form A, answered flagged at AB 7 next to the flagged answer of form ANS.
      const [a1] = await yesNoQuestions(api, "A");
      await submit(r.own.token, [{ questionId: a1.id, ...at("AB", 7), options: [{ optionId: a1.flagged }] }]);
      const summary = async (query: string, token = api.organizer) => {
        const page = await threads(`observerPhoneNumber=07993100&${query}`, token);
        return { totalItems: page.totalItems, totals: page.totals, flaggedCounts: page.data.map((t) => t.flaggedCount) };
      };
      expect(await summary("")).toEqual({ totalItems: 3, totals: { observers: 2, flaggedAnswers: 2 }, flaggedCounts: [2, 0, 0] });
      expect(await summary("pageSize=1&page=2")).toMatchObject({ totals: { observers: 2, flaggedAnswers: 2 }, flaggedCounts: [0] });
      expect(await summary("formCode=A")).toEqual({ totalItems: 1, totals: { observers: 1, flaggedAnswers: 1 }, flaggedCounts: [2] });
      expect(await summary("formCode=ANS")).toEqual({ totalItems: 3, totals: { observers: 2, flaggedAnswers: 1 }, flaggedCounts: [2, 0, 0] });
      expect(await summary("formCode=ANS&urgent=true")).toEqual({ totalItems: 1, totals: { observers: 1, flaggedAnswers: 1 }, flaggedCounts: [2] });
      expect(await summary("formCode=ANS&county=AR")).toEqual({ totalItems: 2, totals: { observers: 2, flaggedAnswers: 0 }, flaggedCounts: [0, 0] });
      expect(await summary("formCode=ANS&county=AR&urgent=true")).toEqual({ totalItems: 0, totals: { observers: 0, flaggedAnswers: 0 }, flaggedCounts: [] });
      expect(await summary("formCode=NOSUCH")).toEqual({ totalItems: 0, totals: { observers: 0, flaggedAnswers: 0 }, flaggedCounts: [] });
      expect(await summary("formCode=ANS", api.ngo2Admin)).toEqual({ totalItems: 1, totals: { observers: 1, flaggedAnswers: 0 }, flaggedCounts: [0] });
      await expectProblem(await api.get("/api/v1/answers?formCode=", api.organizer), 400, "validation");
    });

    it("exports the same threads for a form as the list shows", async () => {
      // The "by station" sheet: one row per thread, starting with observer id, phone, name, NGO, county, station.
      const exported = async (query: string) => {
        const response = await api.get(`/api/v1/export/all?phoneObserver=07993100&${query}`, api.organizer);
        expect(response.status).toBe(200);
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(await response.arrayBuffer());
        const rows: string[] = [];
        workbook.getWorksheet("by station")!.eachRow((row) => void rows.push(row.getCell(5).text + " " + row.getCell(6).text + " " + row.getCell(1).text));
        return rows.slice(1);
      };
      const listed = async (query: string) =>
        (await threads(`observerPhoneNumber=07993100&pageSize=1000&${query}`)).data.map((t) => `${t.countyCode} ${t.pollingStationNumber} ${t.idObserver}`);
      for (const query of ["formCode=A", "formCode=ANS", "formCode=ANS&urgent=true", "formCode=NOSUCH"]) {
        expect(await exported(query), query).toEqual(await listed(query));
      }
      expect([(await exported("formCode=A")).length, (await exported("formCode=ANS")).length]).toEqual([1, 3]);
    });
  });

  describe("listFilledInAnswers", () => {
    it("answers an empty list where the observer answered nothing", async () => {
      expect(await filledIn(r.own.id, await stationId(api, "AB", 8))).toEqual([]);
    });

    it("is a 404 for another NGO's observer, an unknown observer or an unknown station", async () => {
      const get = (observer: number, station: number, token: string) =>
        api.get(`/api/v1/answers/filledIn?idObserver=${observer}&idPollingStation=${station}`, token);
      expect((await get(r.other.id, ar9, api.ngo2Admin)).status).toBe(200);
      expect((await get(r.other.id, ar9, api.organizer)).status).toBe(200);
      await expectProblem(await get(r.own.id, ab7, api.ngo2Admin), 404, "not_found");
      await expectProblem(await get(2147483647, ab7, api.organizer), 404, "not_found");
      await expectProblem(await get(r.own.id, 2147483647, api.organizer), 404, "not_found");
      await expectProblem(await get(r.own.id, ab7, r.own.token), 403, "forbidden");
    });
  });
});
