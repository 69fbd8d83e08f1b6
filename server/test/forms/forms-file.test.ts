import { describe, expect } from "vitest";
import { DEMO_FORMS } from "../../src/demo/content/forms.ts";
import { expectProblem, serverTests, type SignedInServer, type ValidationProblem } from "../fixtures.ts";
import type { components } from "../../../openapi/schema.d.ts";
import { contentOf, observerToken, type Form, type FormInput } from "../forms-support.ts";
import { engines } from "../harness.ts";

const tests = serverTests({ observers: 30 });

type ImportedForm = components["schemas"]["ImportedForm"];

/** A form as the original system's POST /api/v1/form took it, with the `isFlagged` of its sample files. */
const originalFormDto = {
  id: 4242,
  code: "DTO",
  currentVersion: 2,
  description: "Votarea",
  diaspora: true,
  draft: false,
  order: 2,
  formSections: [
    {
      id: 4243,
      code: "B1",
      description: "Procesul de vot",
      orderNumber: 1,
      questions: [
        {
          id: 40,
          code: "B1.1",
          questionType: 1,
          text: "Au existat cozi?",
          hint: null,
          orderNumber: 1,
          optionsToQuestions: [
            { id: 100, text: "Nu", isFreeText: false, flagged: false },
            { id: 101, text: "Da", isFreeText: false, isFlagged: true },
          ],
        },
      ],
    },
  ],
};

describe.each(engines)("form files on %s", (engine) => {
  const it = tests[engine];
  let api = {} as SignedInServer;
  let observer = "";
  it.beforeAll(async ({ api: signedIn }) => {
    api = signedIn;
    observer = await observerToken(api);
  });
  const formIdOf = async (code: string) => (await api.db().selectFrom("form").select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
  const exportForm = (id: number, token = api.organizer) => api.get(`/api/v1/form/${id}/export`, token);
  const importForm = (file: unknown, token = api.organizer) => api.send("POST", "/api/v1/form/import", token, file);
  const formCount = async () => (await api.db().selectFrom("form").select("id").execute()).length;

  describe("exportForm", () => {
    it("downloads the tree without ids as form-<code>.json", async () => {
      const response = await exportForm(await formIdOf("A"));
      expect(response.status).toBe(200);
      expect(response.headers.get("content-disposition")).toBe('attachment; filename="form-A.json"');
      const file = (await response.json()) as FormInput;
      expect(file).toEqual({ ...contentOf(DEMO_FORMS[0]!), currentVersion: 1 });
    });

    it("is refused to non-organizers and answers 404 for an unknown form", async () => {
      await expectProblem(await exportForm(await formIdOf("A"), api.ngo2Admin), 403, "forbidden");
      await expectProblem(await exportForm(await formIdOf("A"), observer), 403, "forbidden");
      await expectProblem(await exportForm(999_999), 404, "not_found");
    });
  });

  describe("importForm", () => {
    it("creates a draft copy from an exported file, placed last", async () => {
      const file = (await (await exportForm(await formIdOf("B"))).json()) as FormInput;
      const response = await importForm({ ...file, code: "B-copie" });
      expect(response.status).toBe(201);
      const form = (await response.json()) as Form;
      expect(contentOf(form)).toEqual({ ...contentOf(file), code: "B-copie", draft: true });
      const orders = (await api.db().selectFrom("form").select("displayOrder").execute()).map((row) => row.displayOrder);
      expect(form.order).toBe(Math.max(...orders));
    });

    it("reads the original FormDTO: its ids, order numbers and hints are dropped and isFlagged is read", async () => {
      const response = await importForm(originalFormDto);
      expect(response.status).toBe(201);
      const form = (await response.json()) as Form;
      expect(contentOf(form)).toEqual({
        code: "DTO",
        description: "Votarea",
        diaspora: true,
        draft: true,
        formSections: [
          {
            code: "B1",
            description: "Procesul de vot",
            questions: [
              {
                code: "B1.1",
                text: "Au existat cozi?",
                questionType: 1,
                optionsToQuestions: [
                  { text: "Nu", isFreeText: false, flagged: false },
                  { text: "Da", isFreeText: false, flagged: true },
                ],
              },
            ],
          },
        ],
      });
      expect(form.currentVersion).toBe(2);
      expect(form.id).not.toBe(4242);
      expect(form.formSections[0]!.id).not.toBe(4243);
      expect((form as ImportedForm).filledIn).toEqual([]);
    });

    it("fills in an absent diaspora (national) and version (1), keeps empty section titles, and says so", async () => {
      const file: Partial<typeof originalFormDto> = { ...originalFormDto };
      delete file.diaspora;
      delete file.currentVersion;
      const untitled = { ...originalFormDto.formSections[0]!, description: "" };
      const sections = [untitled, { ...untitled, code: "B2", questions: [{ ...untitled.questions[0]!, code: "B2.1" }] }];
      const response = await importForm({ ...file, code: "FILLED", formSections: sections });
      expect(response.status).toBe(201);
      const form = (await response.json()) as ImportedForm;
      expect(form.filledIn).toEqual([
        { code: "diaspora_absent", message: "diaspora not in the file: national form." },
        { code: "version_absent", message: "currentVersion not in the file: version 1." },
        { code: "sections_untitled", count: 2, message: "2 sections without a title (needed before publishing)." },
      ]);
      expect({ diaspora: form.diaspora, currentVersion: form.currentVersion, titles: form.formSections.map((section) => section.description) }).toEqual({
        diaspora: false,
        currentVersion: 1,
        titles: ["", ""],
      });
    });

    it("reports every field problem by its path in the file and saves nothing", async () => {
      const before = await formCount();
      const file = structuredClone(originalFormDto) as Record<string, unknown> & typeof originalFormDto;
      file.code = "BAD";
      file.formSections[0]!.questions[0]!.questionType = 9;
      delete (file.formSections[0]!.questions[0] as Partial<(typeof file.formSections)[0]["questions"][0]>).text;
      file.formSections[0]!.code = " ";
      const problem = (await expectProblem(await importForm(file), 400, "validation")) as ValidationProblem;
      expect(Object.keys(problem.errors).sort()).toEqual([
        "formSections[0].code",
        "formSections[0].questions[0].questionType",
        "formSections[0].questions[0].text",
      ]);
      expect(await formCount()).toBe(before);
    });

    it("reports repeated codes with their paths and saves nothing", async () => {
      const before = await formCount();
      const section = originalFormDto.formSections[0]!;
      const problem = (await expectProblem(await importForm({ ...originalFormDto, code: "TWICE", formSections: [section, section] }), 400, "validation")) as ValidationProblem;
      expect(Object.keys(problem.errors).sort()).toEqual(["formSections[1].code", "formSections[1].questions[0].code"]);
      expect(await formCount()).toBe(before);
    });

    it("refuses a file whose code a form already has (409) and a body that is not a form (400)", async () => {
      await expectProblem(await importForm({ ...originalFormDto, code: "A" }), 409, "duplicate_form_code");
      await expectProblem(await importForm([originalFormDto]), 400, "validation");
    });

    it("is refused to non-organizers", async () => {
      await expectProblem(await importForm({ ...originalFormDto, code: "NGO2" }, api.ngo2Admin), 403, "forbidden");
      await expectProblem(await importForm({ ...originalFormDto, code: "OBS" }, observer), 403, "forbidden");
    });
  });
});
