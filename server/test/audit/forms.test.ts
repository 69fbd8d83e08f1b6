import { describe, expect } from "vitest";
import { expectProblem, serverTests, type SignedInServer } from "../fixtures.ts";
import { editable, type Form, type FormInput } from "../forms-support.ts";
import { engines } from "../harness.ts";
import { anyId, auditOf, demoActors } from "../fixtures/audit-fixture.ts";

const tests = serverTests({ observers: 30 });

const question = (code: string) => ({
  code,
  text: "Is the station open?",
  questionType: 0 as const,
  optionsToQuestions: [
    { text: "Yes", isFreeText: false, flagged: false },
    { text: "No", isFreeText: false, flagged: true },
  ],
});
const newForm = (code: string, draft: boolean): FormInput => ({
  code,
  description: "Audit form",
  diaspora: false,
  draft,
  currentVersion: 1,
  formSections: [{ code: "S1", description: "Opening", questions: [question("Q1")] }],
});

describe.each(engines)("audit of form actions on %s", (engine) => {
  const it = tests[engine];
  let api = {} as SignedInServer;
  let actors = {} as Awaited<ReturnType<typeof demoActors>>;
  let made = 0;
  const code = () => `AU${engine === "pglite" ? "L" : "P"}${++made}`;
  const now = () => api.server.clock.now.toISOString();

  it.beforeAll(async ({ api: signedIn }) => {
    api = signedIn;
    actors = await demoActors(api);
  });

  const save = async (body: FormInput, status: number) => {
    const response = await api.send("POST", "/api/v1/form", api.organizer, body);
    expect(response.status).toBe(status);
    return (await response.json()) as Form;
  };

  it("logs a new draft as created with its fields and its tree's size", async () => {
    const formCode = code();
    let form = {} as Form;
    const entries = await auditOf(api, async () => void (form = await save(newForm(formCode, true), 201)));
    expect(entries).toEqual([
      {
        id: anyId,
        at: now(),
        action: "form.created",
        actor: actors.organizer,
        subject: { type: "form", id: form.id, label: `${formCode}: Audit form`, exists: true },
        ngoId: null,
        ngoName: null, electionRoundId: 1,
        changes: [
          { field: "code", from: null, to: formCode },
          { field: "description", from: null, to: "Audit form" },
          { field: "diaspora", from: null, to: "false" },
          { field: "draft", from: null, to: "true" },
          { field: "currentVersion", from: null, to: "1" },
          { field: "formSections", from: null, to: "1" },
          { field: "questions", from: null, to: "1" },
          { field: "optionsToQuestions", from: null, to: "2" },
        ],
      },
    ]);
  });

  it("logs a form saved published at once as published", async () => {
    const entries = await auditOf(api, () => save(newForm(code(), false), 201));
    expect(entries.map((entry) => entry.action)).toEqual(["form.published"]);
  });

  it("logs saves with what changed: a draft's edit is an update, taking it out of draft publishes it, putting it back updates it", async () => {
    const formCode = code();
    const draft = await save(newForm(formCode, true), 201);
    const edited = editable(draft);
    edited.description = "Audit form, edited";
    edited.formSections[0]!.questions.push(question("Q2"));
    let saved = {} as Form;
    const entries = await auditOf(api, async () => {
      saved = await save(edited, 200);
      saved = await save({ ...editable(saved), draft: false }, 200);
      saved = await save({ ...editable(saved), draft: true }, 200);
    });
    const subject = { type: "form", id: draft.id, label: `${formCode}: Audit form, edited`, exists: true };
    const common = { id: anyId, at: now(), actor: actors.organizer, subject, ngoId: null, ngoName: null, electionRoundId: 1 };
    expect(entries).toEqual([
      {
        ...common,
        action: "form.updated",
        changes: [
          { field: "description", from: "Audit form", to: "Audit form, edited" },
          { field: "currentVersion", from: "1", to: "2" },
          { field: "questions", from: "1", to: "2" },
          { field: "optionsToQuestions", from: "2", to: "4" },
        ],
      },
      {
        ...common,
        action: "form.published",
        changes: [
          { field: "draft", from: "true", to: "false" },
          { field: "currentVersion", from: "2", to: "3" },
        ],
      },
      {
        ...common,
        action: "form.updated",
        changes: [
          { field: "draft", from: "false", to: "true" },
          { field: "currentVersion", from: "3", to: "4" },
        ],
      },
    ]);
  });

  it("logs a deletion, after which the form's entries say it no longer exists", async () => {
    const formCode = code();
    const form = await save(newForm(formCode, true), 201);
    const entries = await auditOf(api, async () => expect((await api.send("DELETE", `/api/v1/form?formId=${form.id}`, api.organizer)).status).toBe(204));
    expect(entries).toEqual([
      {
        id: anyId,
        at: now(),
        action: "form.deleted",
        actor: actors.organizer,
        subject: { type: "form", id: form.id, label: `${formCode}: Audit form`, exists: false },
        ngoId: null,
        ngoName: null, electionRoundId: 1,
        changes: [],
      },
    ]);
    const { data } = (await (await api.get(`/api/v1/audit?subjectType=form&subjectId=${form.id}`, api.organizer)).json()) as {
      data: { action: string; subject: { exists: boolean } }[];
    };
    expect(data.map((entry) => [entry.action, entry.subject.exists])).toEqual([
      ["form.deleted", false],
      ["form.created", false],
    ]);
  });

  it("logs a new order as one entry about no single form, and the same order again not at all", async () => {
    const forms = await api.db().selectFrom("form").select(["id", "code"]).where("electionRoundId", "=", 1).orderBy("displayOrder").orderBy("id").execute();
    const reversed = [...forms].reverse();
    const reorder = async (ids: number[]) => expect((await api.send("PUT", "/api/v1/form/order", api.organizer, { formIds: ids })).status).toBe(204);
    const entries = await auditOf(api, async () => {
      await reorder(reversed.map((form) => form.id));
      await reorder(reversed.map((form) => form.id));
    });
    const before = forms.map((form) => form.code).join(", ");
    const after = reversed.map((form) => form.code).join(", ");
    expect(entries).toEqual([
      {
        id: anyId,
        at: now(),
        action: "forms.reordered",
        actor: actors.organizer,
        subject: { type: "form", id: null, label: after, exists: false },
        ngoId: null,
        ngoName: null, electionRoundId: 1,
        changes: [{ field: "order", from: before, to: after }],
      },
    ]);
  });

  it("logs an imported file as imported (a new draft)", async () => {
    const formCode = code();
    let form = {} as Form;
    const entries = await auditOf(api, async () => {
      const response = await api.send("POST", "/api/v1/form/import", api.organizer, { ...newForm(formCode, false), currentVersion: 7 });
      expect(response.status).toBe(201);
      form = (await response.json()) as Form;
    });
    expect(entries.map((entry) => [entry.action, entry.subject, entry.changes.find((change) => change.field === "draft")])).toEqual([
      ["form.imported", { type: "form", id: form.id, label: `${formCode}: Audit form`, exists: true }, { field: "draft", from: null, to: "true" }],
    ]);
  });

  it("writes nothing for a refused change (400, 403, 404, 409)", async () => {
    const form = await save(newForm(code(), true), 201);
    await save(editable(form), 200);
    const answered = await api.db().selectFrom("form").select("id").where("electionRoundId", "=", 1).where("code", "=", "A").executeTakeFirstOrThrow();
    const entries = await auditOf(api, async () => {
      await expectProblem(await api.send("POST", "/api/v1/form", api.organizer, editable(form)), 409, "stale_version");
      await expectProblem(await api.send("POST", "/api/v1/form", api.organizer, newForm(form.code, true)), 409, "duplicate_form_code");
      await expectProblem(await api.send("DELETE", `/api/v1/form?formId=${answered.id}`, api.organizer), 409, "form_has_answers");
      await expectProblem(await api.send("DELETE", "/api/v1/form?formId=2147483647", api.organizer), 404, "not_found");
      await expectProblem(await api.send("PUT", "/api/v1/form/order", api.organizer, { formIds: [form.id] }), 400, "validation");
      await expectProblem(await api.send("POST", "/api/v1/form", api.ngo2Admin, newForm(code(), true)), 403, "forbidden");
      await expectProblem(await api.send("POST", "/api/v1/form/import", api.organizer, { code: "X" }), 400, "validation");
    });
    expect(entries).toEqual([]);
  });
});
