import { describe, expect, it } from "vitest";
import type { components } from "../../../../openapi/schema.d.ts";
import { applyCommand } from "./form-editor.commands";
import { startTestServer } from "../../../../tests/support/test-server";
import { twoNgos } from "../../../../tests/support/seeds/ngos.seed";
import { BLANK_FORM, fromForm, toFormInput } from "./form-editor.convert";

const formA: components["schemas"]["Form"] = {
  id: 1,
  code: "A",
  description: "Deschiderea secției de votare",
  currentVersion: 3,
  diaspora: false,
  draft: false,
  order: 1,
  questionCount: 1,
  formSections: [
    {
      id: 10,
      code: "A1",
      description: "Sosirea la secție",
      orderNumber: 1,
      questions: [
        {
          id: 100,
          code: "A1.1",
          text: "Ați putut intra în secția de votare?",
          questionType: 1,
          orderNumber: 1,
          optionsToQuestions: [
            { idOption: 1, text: "Da", isFreeText: false, flagged: false, orderNumber: 1 },
            { idOption: 2, text: "Nu", isFreeText: false, flagged: true, orderNumber: 2 },
          ],
        },
      ],
    },
  ],
};

describe("the editor's conversions", () => {
  it("loads a form with keys from its ids and the version a save is based on", () => {
    const saved = fromForm(formA);
    expect(saved).toMatchObject({ id: 1, version: 3 });
    expect(saved.document.sections[0]!.questions[0]!.options.map((option) => option.key)).toEqual(["q100o1", "q100o2"]);
    expect(fromForm(formA)).toEqual(saved);
  });

  it("sends an update with every known id and its base version, and new items without ids", () => {
    const { document } = fromForm(formA);
    const edited = applyCommand(document, { type: "option.add", question: "q100", key: "new", text: "Parțial" });
    const body = toFormInput({ id: 1, baseVersion: 3, document: edited, draft: false });
    expect(body).toMatchObject({ id: 1, baseVersion: 3, draft: false, code: "A" });
    expect(body.formSections[0]).toMatchObject({ id: 10, questions: [{ id: 100 }] });
    expect(body.formSections[0]!.questions[0]!.optionsToQuestions).toEqual([
      { idOption: 1, text: "Da", isFreeText: false, flagged: false },
      { idOption: 2, text: "Nu", isFreeText: false, flagged: true },
      { text: "Parțial", isFreeText: false, flagged: false },
    ]);
  });

  it("sends a new form without an id or a base version", () => {
    const body = toFormInput({ id: null, baseVersion: null, document: fromForm(formA).document, draft: true });
    expect(body).not.toHaveProperty("id");
    expect(body).not.toHaveProperty("baseVersion");
    expect(body.draft).toBe(true);
  });
});

describe("the editor's conversions against the real server", () => {

  it("creates a form from the editor's document, loads it back, edits it from its version and refuses a stale save", async () => {
    const server = await startTestServer({ seed: twoNgos });
    const token = await server.tokenFor("admin.cfr");
    const send = (method: string, path: string, body?: unknown) =>
      server.fetch(
        new Request(`http://localhost${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );

    let document = { ...BLANK_FORM, code: "Z" };
    document = applyCommand(document, { type: "section.add", key: "s" });
    document = applyCommand(document, { type: "section.set", section: "s", field: "code", value: "Z1" });
    document = applyCommand(document, { type: "section.set", section: "s", field: "description", value: "Sosire" });
    document = applyCommand(document, { type: "question.add", section: "s", key: "q" });
    document = applyCommand(document, { type: "question.set", question: "q", field: "code", value: "Z1.1" });
    document = applyCommand(document, { type: "question.set", question: "q", field: "text", value: "Ați intrat?" });
    document = applyCommand(document, { type: "option.addMany", question: "q", options: [{ key: "a", text: "Da" }, { key: "b", text: "Nu" }] });
    const created = await send("POST", "/api/v1/form", toFormInput({ id: null, baseVersion: null, document, draft: true }));
    expect(created.status).toBe(201);
    const saved = fromForm((await created.json()) as components["schemas"]["Form"]);
    expect(saved.document.sections[0]!.questions[0]!.options.map((option) => option.text)).toEqual(["Da", "Nu"]);

    const edited = applyCommand(saved.document, { type: "option.toggle", question: saved.document.sections[0]!.questions[0]!.key, option: saved.document.sections[0]!.questions[0]!.options[1]!.key, flag: "flagged" });
    const updated = await send("POST", "/api/v1/form", toFormInput({ id: saved.id, baseVersion: saved.version, document: edited, draft: false }));
    expect(updated.status).toBe(200);
    const published = fromForm((await updated.json()) as components["schemas"]["Form"]);
    expect(published.version).toBe(saved.version + 1);
    expect(published.document.sections[0]!.questions[0]!.options.map((option) => option.flagged)).toEqual([false, true]);

    const stale = await send("POST", "/api/v1/form", toFormInput({ id: saved.id, baseVersion: saved.version, document: edited, draft: false }));
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ code: "stale_version" });
  });
});
