import { readdirSync, readFileSync } from "node:fs";
import { describe, expect } from "vitest";
import { expectProblem, serverTests, type SignedInServer, type ValidationProblem } from "../fixtures.ts";
import { contentOf, editable, observerToken, type Form } from "../forms-support.ts";
import { engines } from "../harness.ts";

const tests = serverTests({ observers: 30 });

/** The original system's FormDTO, as far as its 2023 files fill it in (see fixtures/original-forms/README.md). */
interface OriginalForm {
  code: string;
  description: string;
  currentVersion: number;
  formSections: {
    code: string;
    description: string;
    questions: { code: string; text: string; questionType: number; optionsToQuestions: { text: string; isFreeText: boolean; isFlagged: boolean }[] }[];
  }[];
}

const FIXTURES = new URL("../fixtures/original-forms/", import.meta.url);
const ORIGINAL_FILES = ["requests", "forms-parser-output"].flatMap((folder) =>
  readdirSync(new URL(`${folder}/`, FIXTURES))
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => ({ path: `${folder}/${name}`, file: JSON.parse(readFileSync(new URL(`${folder}/${name}`, FIXTURES), "utf8")) as OriginalForm })),
);

/** The draft a file describes, in the shape of `contentOf`: every section, question and option in the file's order. */
const draftOf = (file: OriginalForm) => ({
  code: file.code,
  description: file.description,
  diaspora: false,
  draft: true,
  formSections: file.formSections.map((section) => ({
    code: section.code,
    description: section.description,
    questions: section.questions.map((question) => ({
      code: question.code,
      text: question.text,
      questionType: question.questionType,
      optionsToQuestions: question.optionsToQuestions.map((option) => ({ text: option.text, isFreeText: option.isFreeText, flagged: option.isFlagged })),
    })),
  })),
});

describe.each(engines)("the original system's form files on %s", (engine) => {
  const it = tests[engine];
  let api = {} as SignedInServer;
  let observer = "";
  it.beforeAll(async ({ api: signedIn }) => {
    api = signedIn;
    observer = await observerToken(api);
  });
  const importForm = (file: unknown) => api.send("POST", "/api/v1/form/import", api.organizer, file);
  const readForm = async (id: number, token = api.organizer) => {
    const response = await api.get(`/api/v1/form/${id}`, token);
    expect(response.status).toBe(200);
    return (await response.json()) as Form;
  };

  it("holds the twelve files of both folders", () => {
    expect(ORIGINAL_FILES.map(({ path }) => path)).toEqual(
      ["requests", "forms-parser-output"].flatMap((folder) => ["EN-A", "EN-B", "EN-C", "PL-A", "PL-B", "PL-C"].map((code) => `${folder}/${code}.json`)),
    );
  });

  for (const { path, file } of ORIGINAL_FILES) {
    it(`imports ${path} as a draft equal to the file, and says it made the form national and left its section untitled`, async () => {
      const response = await importForm(file);
      expect(response.status).toBe(201);
      const imported = (await response.json()) as Form & { filledIn: unknown[] };
      expect(imported.filledIn).toEqual([
        { code: "diaspora_absent", message: "diaspora not in the file: national form." },
        { code: "sections_untitled", count: 1, message: "1 section without a title (needed before publishing)." },
      ]);

      const saved = await readForm(imported.id);
      expect(contentOf(saved)).toEqual(draftOf(file));
      expect(saved.currentVersion).toBe(file.currentVersion);
      // Positions follow the file's order, numbered from 1.
      expect(saved.formSections.flatMap((section) => section.questions.map((question) => question.orderNumber))).toEqual(
        file.formSections.flatMap((section) => section.questions.map((_, index) => index + 1)),
      );
      // The same code is in both folders: the next folder's file needs it free again.
      expect((await api.send("DELETE", `/api/v1/form?formId=${imported.id}`, api.organizer)).status).toBe(204);
    });
  }

  it("saves a draft whose section has no title, publishes it once titled, and an observer answers it", async () => {
    const file = ORIGINAL_FILES[0]!.file;
    const imported = (await (await importForm({ ...file, code: "EN-A-2023" })).json()) as Form;

    const draft = await api.send("POST", "/api/v1/form", api.organizer, editable(imported));
    expect(draft.status).toBe(200);
    const saved = (await draft.json()) as Form;
    expect(saved.formSections[0]!.description).toBe("");

    const untitled = { ...editable(saved), draft: false };
    const problem = (await expectProblem(await api.send("POST", "/api/v1/form", api.organizer, untitled), 400, "validation")) as ValidationProblem;
    expect(Object.keys(problem.errors)).toEqual(["formSections[0].description"]);
    expect((await api.get(`/api/v1/form/${saved.id}`, observer)).status).toBe(404);

    const titled = { ...untitled, formSections: [{ ...untitled.formSections[0]!, description: "Opening" }] };
    const published = await api.send("POST", "/api/v1/form", api.organizer, titled);
    expect(published.status).toBe(200);
    const seen = await readForm(saved.id, observer);
    expect(contentOf(seen)).toEqual({ ...draftOf(file), code: "EN-A-2023", draft: false, formSections: [{ ...draftOf(file).formSections[0]!, description: "Opening" }] });

    const station = await api
      .db()
      .selectFrom("pollingStation")
      .innerJoin("county", "county.id", "pollingStation.countyId")
      .select(["county.code", "pollingStation.number"])
      .where("county.diaspora", "=", false)
      .orderBy("pollingStation.id")
      .executeTakeFirstOrThrow();
    const question = seen.formSections[0]!.questions[0]!;
    const yes = question.optionsToQuestions[0]!;
    const answer = { questionId: question.id, countyCode: station.code, pollingStationNumber: station.number, options: [{ optionId: yes.idOption }] };
    expect((await api.send("POST", "/api/v1/answers", observer, { answers: [answer] })).status).toBe(204);
    const stored = await api.db().selectFrom("answer").select("optionId").where("optionId", "=", yes.idOption).execute();
    expect(stored).toEqual([{ optionId: yes.idOption }]);
  });
});
