import { expect } from "vitest";
import type { components } from "../../../openapi/schema.d.ts";
import type { SignedInServer } from "../../test/fixtures.ts";

type Form = components["schemas"]["Form"];

/** Tokens and ids a suite about observers' reports needs: two fresh observers of two NGOs and a published form. */
export interface Reporters {
  /** An observer of the organizer NGO 1, created by this suite. */
  own: { id: number; phone: string; token: string };
  /** An observer of NGO 2, created by this suite. */
  other: { id: number; phone: string; token: string };
  form: Form;
  /** Single choice: `yes`, and `no` which is flagged. */
  single: { id: number; yes: number; no: number };
  /** Multiple choice: `plain`, and `other` which is flagged free text. */
  multiple: { id: number; plain: number; other: number };
}

const option = (text: string, flags: { isFreeText?: boolean; flagged?: boolean } = {}) => ({
  text,
  isFreeText: flags.isFreeText ?? false,
  flagged: flags.flagged ?? false,
});

/** Creates the form `code` and two observers whose phones end in `phoneStem` + 1 and + 2. */
export async function createReporters(api: SignedInServer, code: string, phoneStem: string): Promise<Reporters> {
  const formResponse = await api.send("POST", "/api/v1/form", api.organizer, {
    code,
    description: `Formular ${code}`,
    diaspora: false,
    draft: false,
    currentVersion: 1,
    formSections: [
      {
        code: "S1",
        description: "Deschidere",
        questions: [
          { code: "Q1", text: "Deschis la timp?", questionType: 1, optionsToQuestions: [option("Da"), option("Nu", { flagged: true })] },
          {
            code: "Q2",
            text: "Ce lipsea?",
            questionType: 3,
            optionsToQuestions: [option("Urne"), option("Altceva", { isFreeText: true, flagged: true })],
          },
        ],
      },
    ],
  });
  expect(formResponse.status).toBe(201);
  const form = (await formResponse.json()) as Form;
  const [q1, q2] = form.formSections[0]!.questions;
  return {
    own: await createObserver(api, api.organizer, `${phoneStem}1`),
    other: await createObserver(api, api.ngo2Admin, `${phoneStem}2`),
    form,
    single: { id: q1!.id, yes: q1!.optionsToQuestions[0]!.idOption, no: q1!.optionsToQuestions[1]!.idOption },
    multiple: { id: q2!.id, plain: q2!.optionsToQuestions[0]!.idOption, other: q2!.optionsToQuestions[1]!.idOption },
  };
}

/** A new observer of the admin's NGO, signed in. */
export async function createObserver(api: SignedInServer, admin: string, phone: string): Promise<Reporters["own"]> {
  const created = await api.send("POST", "/api/v1/observer", admin, { name: `Observator ${phone}`, phone, pin: "2468" });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const signIn = await api.server.request("/api/v2/access/observer", { method: "POST", json: { phone, pin: "2468" } });
  expect(signIn.status).toBe(200);
  return { id, phone, token: ((await signIn.json()) as { access_token: string }).access_token };
}

/** A question of the demo's diaspora form D and its first option. */
export async function diasporaQuestion(api: SignedInServer): Promise<{ id: number; optionId: number }> {
  return api
    .db()
    .selectFrom("question as q")
    .innerJoin("formSection as fs", "fs.id", "q.sectionId")
    .innerJoin("form as f", "f.id", "fs.formId")
    .innerJoin("questionOption as o", "o.questionId", "q.id")
    .select(["q.id", "o.id as optionId"])
    .where("f.code", "=", "D")
    .where("f.diaspora", "=", true)
    .orderBy("q.id")
    .orderBy("o.id")
    .executeTakeFirstOrThrow();
}

/** The id of a station the demo seeds, by county code and number. */
export async function stationId(api: SignedInServer, countyCode: string, number: number): Promise<number> {
  const row = await api
    .db()
    .selectFrom("pollingStation as s")
    .innerJoin("county as c", "c.id", "s.countyId")
    .select("s.id")
    .where("c.code", "=", countyCode)
    .where("s.number", "=", number)
    .executeTakeFirstOrThrow();
  return row.id;
}
