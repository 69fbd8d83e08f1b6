import { sql } from "kysely";
import { describe, expect } from "vitest";
import { expectProblem, serverTests, type SignedInServer, type ValidationProblem } from "../fixtures.ts";
import { contentOf, editable, observerToken, type Form, type FormInput, type FormList } from "../forms-support.ts";
import { engines } from "../harness.ts";

const tests = serverTests({ observers: 30 });

type OptionInput = FormInput["formSections"][0]["questions"][0]["optionsToQuestions"][0];
const option = (text: string, flags: Partial<OptionInput> = {}): OptionInput => ({ text, isFreeText: false, flagged: false, ...flags });

/** A small new form: two sections, the second question with three options. */
const newForm = (code: string): FormInput => ({
  code,
  description: `Formular ${code}`,
  diaspora: false,
  draft: true,
  currentVersion: 1,
  formSections: [
    { code: "S1", description: "Prima", questions: [{ code: "S1.1", text: "Deschis?", questionType: 1, optionsToQuestions: [option("Da"), option("Nu", { flagged: true })] }] },
    {
      code: "S2",
      description: "A doua",
      questions: [
        {
          code: "S2.1",
          text: "Ce lipsea?",
          questionType: 3,
          optionsToQuestions: [option("Nimic"), option("Urne", { flagged: true }), option("Altceva", { isFreeText: true })],
        },
      ],
    },
  ],
});

describe.each(engines)("saveForm on %s", (engine) => {
  const it = tests[engine];
  let api = {} as SignedInServer;
  let observer = "";
  it.beforeAll(async ({ api: signedIn }) => {
    api = signedIn;
    observer = await observerToken(api);
  });
  const save = (body: unknown, token = api.organizer) => api.send("POST", "/api/v1/form", token, body);
  const saveOk = async (body: FormInput, status: 200 | 201) => {
    const response = await save(body);
    expect(response.status).toBe(status);
    return (await response.json()) as Form;
  };
  const load = async (id: number) => (await (await api.get(`/api/v1/form/${id}`, api.organizer)).json()) as Form;
  const formIdOf = async (code: string) => (await api.db().selectFrom("form").select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;

  describe("creating", () => {
    it("creates the tree with fresh ids, order numbers from positions, version 1, placed last", async () => {
      const created = await saveOk(newForm("N1"), 201);
      expect(contentOf(created)).toEqual(contentOf(newForm("N1")));
      expect(created.currentVersion).toBe(1);
      expect(created.questionCount).toBe(2);
      const orders = (await api.db().selectFrom("form").select("displayOrder").execute()).map((row) => row.displayOrder);
      expect(created.order).toBe(Math.max(...orders));
      expect(created.formSections[1]!.questions[0]!.optionsToQuestions.map((o) => [o.text, o.orderNumber])).toEqual([
        ["Nimic", 1],
        ["Urne", 2],
        ["Altceva", 3],
      ]);
      expect(await load(created.id)).toEqual(created);
    });

    it("keeps a new draft from non-organizers and shows it once published", async () => {
      const draft = await saveOk(newForm("N2"), 201);
      const seen = async () => ((await (await api.get("/api/v1/form", api.ngo2Admin)).json()) as FormList).formVersions.map((f) => f.id);
      expect(await seen()).not.toContain(draft.id);
      const published = await saveOk({ ...editable(draft), draft: false }, 200);
      expect(published.draft).toBe(false);
      expect(await seen()).toContain(draft.id);
    });

    it("is refused to non-organizers, and nothing is saved", async () => {
      await expectProblem(await save(newForm("N3"), api.ngo2Admin), 403, "forbidden");
      await expectProblem(await save(newForm("N3"), observer), 403, "forbidden");
      expect(await api.db().selectFrom("form").select("id").where("code", "=", "N3").execute()).toEqual([]);
    });

    it("refuses a code another form has (409), spaces around it included", async () => {
      const problem = await expectProblem(await save(newForm(" A ")), 409, "duplicate_form_code");
      expect(problem.errors?.code?.map((error) => error.code)).toEqual(["duplicate"]);
    });

    it("refuses repeated section codes and question codes with the path of each repeat", async () => {
      const body = newForm("N4");
      body.formSections[1]!.code = "S1";
      body.formSections[1]!.questions[0]!.code = "S1.1";
      const problem = (await expectProblem(await save(body), 400, "validation")) as ValidationProblem;
      expect(Object.keys(problem.errors).sort()).toEqual(["formSections[1].code", "formSections[1].questions[0].code"]);
      expect(problem.errors["formSections[1].questions[0].code"]!.map((error) => error.code)).toEqual(["duplicate"]);
    });

    it("refuses ids in a new form (they can only name children of the form being replaced)", async () => {
      const body = newForm("N5");
      body.formSections[0]!.id = 1;
      const problem = (await expectProblem(await save(body), 400, "validation")) as ValidationProblem;
      expect(Object.keys(problem.errors)).toEqual(["formSections[0].id"]);
      expect(await api.db().selectFrom("form").select("id").where("code", "=", "N5").execute()).toEqual([]);
    });

    it("refuses a form without sections (the contract's minItems)", async () => {
      const problem = (await expectProblem(await save({ ...newForm("N6"), formSections: [] }), 400, "validation")) as ValidationProblem;
      expect(Object.keys(problem.errors)).toEqual(["formSections"]);
    });

    it("refuses more than 100 sections, 200 questions in a section or 100 options in a question (the contract's maxItems)", async () => {
      const form = newForm("N7");
      const [first, second] = form.formSections as [FormInput["formSections"][0], FormInput["formSections"][0]];
      const sections = Array.from({ length: 101 }, (_, s) => ({ code: `M${s}`, description: "Secțiune", questions: [] }));
      const questions = Array.from({ length: 201 }, (_, q) => ({ ...first.questions[0]!, code: `M${q}` }));
      const options = Array.from({ length: 101 }, (_, o) => option(`Opțiunea ${o}`));
      for (const [body, path] of [
        [{ ...form, formSections: sections }, "formSections"],
        [{ ...form, formSections: [{ ...first, questions }, second] }, "formSections[0].questions"],
        [{ ...form, formSections: [first, { ...second, questions: [{ ...second.questions[0]!, optionsToQuestions: options }] }] }, "formSections[1].questions[0].optionsToQuestions"],
      ] as const) {
        const problem = (await expectProblem(await save(body), 400, "validation")) as ValidationProblem;
        expect(problem.errors).toEqual({ [path]: [expect.objectContaining({ code: "maxItems" })] });
      }
      expect(await api.db().selectFrom("form").select("id").where("code", "=", "N7").execute()).toEqual([]);
    });
  });

  describe("a form with more options than one statement takes parameters (65,535)", () => {
    // Within every limit and under the 1 MiB body limit: 4 sections of 164 questions of 100 options (defaults left out).
    const bigForm = (code: string) => ({
      ...newForm(code),
      formSections: Array.from({ length: 4 }, (_, s) => ({
        code: `S${s + 1}`,
        description: "Mare",
        questions: Array.from({ length: 164 }, (_, q) => ({
          code: `Q${s * 164 + q + 1}`,
          text: "?",
          questionType: 0,
          optionsToQuestions: Array.from({ length: 100 }, () => ({ text: "o" })),
        })),
      })),
    });
    const optionCount = async (formId: number) =>
      Number(
        (
          await sql<{ n: string }>`SELECT count(*) AS n FROM question_option o JOIN question q ON q.id = o.question_id
            JOIN form_section s ON s.id = q.section_id WHERE s.form_id = ${formId}`.execute(api.db())
        ).rows[0]!.n,
      );

    it("can be replaced by a small tree and deleted", async () => {
      const created = await save(bigForm("BIG"));
      expect(created.status).toBe(201);
      const { id, currentVersion } = (await created.json()) as Form;
      expect(await optionCount(id)).toBe(65_600);

      const small = await saveOk({ ...newForm("BIG"), id, baseVersion: currentVersion }, 200);
      expect(await optionCount(id)).toBe(5);
      // Big again, faster than through the API.
      await sql`INSERT INTO question_option (question_id, text, is_free_text, flagged, order_number)
        SELECT ${small.formSections[0]!.questions[0]!.id}, 'o', false, false, 2 + n FROM generate_series(1, 65600) AS n`.execute(api.db());

      expect((await api.send("DELETE", `/api/v1/form?formId=${id}`, api.organizer)).status).toBe(204);
      expect(await optionCount(id)).toBe(0);
    }, 60_000);
  });

  describe("replacing", () => {
    it("updates matched children in place, creates new ones, deletes the missing ones and bumps the version", async () => {
      const stored = await saveOk(newForm("R1"), 201);
      const body = editable(stored);
      const [first, second] = body.formSections as [FormInput["formSections"][0], FormInput["formSections"][0]];
      const removedOption = second.questions[0]!.optionsToQuestions[0]!.idOption!;
      const removedSection = first.id!;
      const movedQuestion = first.questions[0]!;
      second.questions[0]!.optionsToQuestions = [...second.questions[0]!.optionsToQuestions.slice(1).reverse(), option("Nouă")];
      second.questions.push(movedQuestion);
      body.formSections = [{ ...second, description: "Redenumită" }, { code: "S3", description: "Nouă", questions: [] }];
      body.code = "R1b";

      const saved = await saveOk(body, 200);
      expect(contentOf(saved)).toEqual(contentOf(body));
      expect(saved.currentVersion).toBe(stored.currentVersion + 1);
      expect(saved.order).toBe(stored.order);
      expect(saved.formSections[0]!.id).toBe(stored.formSections[1]!.id);
      expect(saved.formSections[0]!.questions[1]!.id).toBe(movedQuestion.id);
      expect(saved.formSections[0]!.questions[0]!.optionsToQuestions.map((o) => o.orderNumber)).toEqual([1, 2, 3]);
      const gone = await api.db().selectFrom("questionOption").select("id").where("id", "=", removedOption).execute();
      expect(gone).toEqual([]);
      expect(await api.db().selectFrom("formSection").select("id").where("id", "=", removedSection).execute()).toEqual([]);
    });

    it("refuses an id of another form's section or another question's option with the field path, and saves nothing", async () => {
      const stored = await saveOk(newForm("R2"), 201);
      const other = await load(await formIdOf("A"));
      const body = editable(stored);
      body.formSections[1]!.id = other.formSections[0]!.id;
      body.formSections[1]!.questions[0]!.optionsToQuestions[0]!.idOption = stored.formSections[0]!.questions[0]!.optionsToQuestions[0]!.idOption;
      const problem = (await expectProblem(await save(body), 400, "validation")) as ValidationProblem;
      expect(Object.keys(problem.errors).sort()).toEqual(["formSections[1].id", "formSections[1].questions[0].optionsToQuestions[0].idOption"]);
      expect(problem.errors["formSections[1].id"]!.map((error) => error.code)).toEqual(["not_found"]);
      expect(await load(stored.id)).toEqual(stored);
    });

    it("answers 404 for an unknown form id", async () => {
      await expectProblem(await save({ ...newForm("R3"), id: 999_999, baseVersion: 1 }), 404, "not_found");
    });

    it("refuses to take another form's code", async () => {
      const stored = await saveOk(newForm("R4"), 201);
      await expectProblem(await save({ ...editable(stored), code: "B" }), 409, "duplicate_form_code");
      expect(await load(stored.id)).toEqual(stored);
    });
  });

  describe("answered questions and options", () => {
    /** Form A's options with answers and those without, from the database. */
    async function optionsOfA() {
      const { rows } = await sql<{ id: number; answers: string | number }>`
        SELECT o.id, (SELECT count(*) FROM answer a WHERE a.option_id = o.id) AS answers
        FROM question_option o JOIN question q ON q.id = o.question_id JOIN form_section s ON s.id = q.section_id
        JOIN form f ON f.id = s.form_id WHERE f.code = 'A' ORDER BY o.id`.execute(api.db());
      return { answered: rows.filter((row) => Number(row.answers) > 0).map((row) => row.id), unanswered: rows.filter((row) => Number(row.answers) === 0).map((row) => row.id) };
    }
    const without = (form: Form, optionId: number): FormInput => {
      const body = editable(form);
      for (const question of body.formSections.flatMap((section) => section.questions)) {
        question.optionsToQuestions = question.optionsToQuestions.filter((option) => option.idOption !== optionId);
      }
      return body;
    };

    it("refuses to delete an answered option and leaves the form as it was", async () => {
      const form = await load(await formIdOf("A"));
      const { answered } = await optionsOfA();
      expect(answered.length).toBeGreaterThan(0);
      const problem = await expectProblem(await save(without(form, answered[0]!)), 409, "form_has_answers");
      expect(problem.detail).toMatch(/question A\d\.\d+ \(\d+\)/);
      expect(await load(form.id)).toEqual(form);
    });

    it("refuses to delete a question with answers", async () => {
      const form = await load(await formIdOf("B"));
      const body = editable(form);
      body.formSections[0]!.questions = body.formSections[0]!.questions.slice(1);
      await expectProblem(await save(body), 409, "form_has_answers");
      expect(await load(form.id)).toEqual(form);
    });

    it("refuses to delete a question that only a note refers to", async () => {
      const stored = await saveOk(newForm("G1"), 201);
      const noted = stored.formSections[0]!.questions[0]!;
      const { observerId, pollingStationId } = await api.db().selectFrom("answer").select(["observerId", "pollingStationId"]).executeTakeFirstOrThrow();
      await api.db().insertInto("note").values({ observerId, pollingStationId, questionId: noted.id, text: "Coadă lungă" }).execute();
      const body = editable(stored);
      body.formSections[0]!.questions = [];
      const problem = await expectProblem(await save(body), 409, "form_has_answers");
      expect(problem.detail).toContain("question S1.1 (1)");
      expect(await load(stored.id)).toEqual(stored);
      await expectProblem(await api.send("DELETE", `/api/v1/form?formId=${stored.id}`, api.organizer), 409, "form_has_answers");
    });

    it("still allows answered forms to change their wording and to gain or lose unanswered options", async () => {
      const form = await load(await formIdOf("A"));
      const body = editable(form);
      body.description = "Deschiderea secției (revizuit)";
      body.formSections[0]!.questions[0]!.optionsToQuestions.push(option("Nu știu"));
      const saved = await saveOk(body, 200);
      expect(saved.description).toBe("Deschiderea secției (revizuit)");
      const added = saved.formSections[0]!.questions[0]!.optionsToQuestions.at(-1)!;
      const { unanswered } = await optionsOfA();
      expect(unanswered).toContain(added.idOption);
      expect((await saveOk(without(saved, added.idOption), 200)).currentVersion).toBe(saved.currentVersion + 1);
    });
  });

  describe("optimistic concurrency", () => {
    it("requires the version an update is based on", async () => {
      const stored = await saveOk(newForm("V1"), 201);
      const body: Partial<FormInput> = editable(stored);
      delete body.baseVersion;
      const problem = (await expectProblem(await save(body), 400, "validation")) as ValidationProblem;
      expect(Object.keys(problem.errors)).toEqual(["baseVersion"]);
      expect(problem.errors.baseVersion!.map((error) => error.code)).toEqual(["required"]);
    });

    it("refuses the second of two edits of the same version with 409 stale_version and keeps the first", async () => {
      const stored = await saveOk(newForm("V2"), 201);
      const first = await saveOk({ ...editable(stored), description: "Prima editare" }, 200);
      const problem = await expectProblem(await save({ ...editable(stored), description: "A doua editare" }), 409, "stale_version");
      expect(problem.detail).toContain(`version ${stored.currentVersion}`);
      expect(await load(stored.id)).toEqual(first);
      const rebased = await saveOk({ ...editable(first), description: "A doua editare" }, 200);
      expect(rebased.currentVersion).toBe(first.currentVersion + 1);
    });

    it("lets exactly one of two concurrent saves of the same version through", async () => {
      const stored = await saveOk(newForm("V3"), 201);
      const answers = await Promise.all([
        save({ ...editable(stored), description: "Unu" }),
        save({ ...editable(stored), description: "Doi" }),
      ]);
      expect(answers.map((response) => response.status).sort()).toEqual([200, 409]);
      expect((await load(stored.id)).currentVersion).toBe(stored.currentVersion + 1);
    });
  });
});
