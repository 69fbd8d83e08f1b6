import { describe, expect } from "vitest";
import { DEMO_FORMS } from "../../src/demo/content/forms.ts";
import { expectProblem, serverTests, type SignedInServer, type ValidationProblem } from "../fixtures.ts";
import { contentOf, observerToken, type Form, type FormList } from "../forms-support.ts";
import { engines } from "../harness.ts";

const tests = serverTests({ observers: 30 });

describe.each(engines)("forms on %s", (engine) => {
  const it = tests[engine];
  let api = {} as SignedInServer;
  let observer = "";
  it.beforeAll(async ({ api: signedIn }) => {
    api = signedIn;
    observer = await observerToken(api);
  });
  const codes = async (query: string, token: string) => {
    const response = await api.get(`/api/v1/form${query}`, token);
    expect(response.status).toBe(200);
    return ((await response.json()) as FormList).formVersions.map((form) => form.code);
  };
  const formId = async (code: string) => (await api.db().selectFrom("form").select("id").where("electionRoundId", "=", 1).where("code", "=", code).executeTakeFirstOrThrow()).id;
  const getForm = (id: number, token: string) => api.get(`/api/v1/form/${id}`, token);

  describe("listForms", () => {
    it("shows organizers drafts and published forms in order, everybody else published forms only", async () => {
      expect(await codes("", api.organizer)).toEqual(["A", "B", "C", "D", "E"]);
      expect(await codes("", api.ngo2Admin)).toEqual(["A", "B", "C", "D"]);
      expect(await codes("", observer)).toEqual(["A", "B", "C", "D"]);
    });

    it("filters by draft, and never hands a draft to a non-organizer who asks for drafts", async () => {
      expect(await codes("?draft=true", api.organizer)).toEqual(["E"]);
      expect(await codes("?draft=false", api.organizer)).toEqual(["A", "B", "C", "D"]);
      expect(await codes("?draft=true", api.ngo2Admin)).toEqual([]);
      expect(await codes("?draft=true", observer)).toEqual([]);
    });

    it("leaves out diaspora-only forms with diaspora=false and keeps them otherwise", async () => {
      expect(await codes("?diaspora=false", api.organizer)).toEqual(["A", "B", "C", "E"]);
      expect(await codes("?diaspora=true", api.organizer)).toEqual(["A", "B", "C", "D", "E"]);
    });

    it("counts each form's questions", async () => {
      const response = await api.get("/api/v1/form", api.organizer);
      const counts = ((await response.json()) as FormList).formVersions.map((form) => [form.code, form.questionCount]);
      const expected = DEMO_FORMS.map((form) => [form.code, form.formSections.reduce((sum, section) => sum + section.questions.length, 0)]);
      expect(counts).toEqual(expected);
    });

    it("answers 401 without a token", async () => {
      await expectProblem(await api.get("/api/v1/form"), 401, "unauthorized");
    });
  });

  describe("getForm", () => {
    it("returns every seeded form's whole tree as it was seeded", async () => {
      for (const seeded of DEMO_FORMS) {
        const response = await getForm(await formId(seeded.code), api.organizer);
        expect(contentOf((await response.json()) as Form)).toEqual(contentOf(seeded));
      }
    });

    it("numbers sections, questions and options by their positions", async () => {
      const response = await getForm(await formId("A"), observer);
      expect(response.status).toBe(200);
      const form = (await response.json()) as Form;
      expect(form.formSections.map((section) => section.orderNumber)).toEqual(form.formSections.map((_, index) => index + 1));
      const questions = form.formSections[1]!.questions;
      expect(questions.map((question) => question.orderNumber)).toEqual(questions.map((_, index) => index + 1));
      const options = questions[1]!.optionsToQuestions;
      expect(options.map((option) => option.orderNumber)).toEqual(options.map((_, index) => index + 1));
    });

    it("shows a draft to organizers and answers 404 to everybody else", async () => {
      const draft = await formId("E");
      expect((await getForm(draft, api.organizer)).status).toBe(200);
      await expectProblem(await getForm(draft, api.ngo2Admin), 404, "not_found");
      await expectProblem(await getForm(draft, observer), 404, "not_found");
    });

    it("answers 404 for an unknown id", async () => {
      await expectProblem(await getForm(999_999, api.organizer), 404, "not_found");
    });
  });

  describe("reorderForms", () => {
    const reorder = (formIds: number[], token = api.organizer) => api.send("PUT", "/api/v1/form/order", token, { formIds });
    const allIds = async () => (await api.db().selectFrom("form").select("id").where("electionRoundId", "=", 1).orderBy("displayOrder").execute()).map((row) => row.id);

    it("is refused to non-organizers", async () => {
      await expectProblem(await reorder(await allIds(), api.ngo2Admin), 403, "forbidden");
      await expectProblem(await reorder(await allIds(), observer), 403, "forbidden");
    });

    it("refuses an order that misses a form, names an unknown one or repeats one, and changes nothing", async () => {
      const before = await allIds();
      const missing = (await expectProblem(await reorder(before.slice(1)), 400, "validation")) as ValidationProblem;
      expect(missing.errors.formIds!.map((error) => error.code)).toEqual(["required"]);
      const unknown = (await expectProblem(await reorder([...before, 999_999]), 400, "validation")) as ValidationProblem;
      expect(unknown.errors.formIds!.map((error) => error.code)).toEqual(["not_found"]);
      const repeated = (await expectProblem(await reorder([...before, before[0]!]), 400, "validation")) as ValidationProblem;
      expect(repeated.errors.formIds!.map((error) => error.code)).toEqual(["uniqueItems"]);
      expect(await allIds()).toEqual(before);
    });

    it("saves the order, which every later list follows", async () => {
      const reversed = (await allIds()).reverse();
      expect((await reorder(reversed)).status).toBe(204);
      const response = await api.get("/api/v1/form", api.organizer);
      const forms = ((await response.json()) as FormList).formVersions;
      expect(forms.map((form) => [form.id, form.order])).toEqual(reversed.map((id, index) => [id, index + 1]));
      expect(await codes("", api.ngo2Admin)).toEqual(["D", "C", "B", "A"]);
    });
  });

  describe("deleteForm", () => {
    const remove = (id: number, token = api.organizer) => api.send("DELETE", `/api/v1/form?formId=${id}`, token);

    it("is refused to non-organizers", async () => {
      await expectProblem(await remove(await formId("E"), api.ngo2Admin), 403, "forbidden");
      await expectProblem(await remove(await formId("E"), observer), 403, "forbidden");
    });

    it("refuses a form with answers and keeps it whole", async () => {
      const id = await formId("A");
      const before = (await (await getForm(id, api.organizer)).json()) as Form;
      await expectProblem(await remove(id), 409, "form_has_answers");
      expect(await (await getForm(id, api.organizer)).json()).toEqual(before);
    });

    it("deletes a form without answers with its sections, questions and options", async () => {
      const id = await formId("E");
      expect((await remove(id)).status).toBe(204);
      await expectProblem(await getForm(id, api.organizer), 404, "not_found");
      const sections = await api.db().selectFrom("formSection").select("id").where("formId", "=", id).execute();
      expect(sections).toEqual([]);
      const orphans = await api
        .db()
        .selectFrom("question")
        .leftJoin("formSection", "formSection.id", "question.sectionId")
        .select("question.id")
        .where("formSection.id", "is", null)
        .execute();
      expect(orphans).toEqual([]);
    });

    it("answers 404 for an unknown form", async () => {
      await expectProblem(await remove(999_999), 404, "not_found");
    });
  });
});
