import { describe, expect } from "vitest";
import type { components } from "../../../openapi/schema.d.ts";
import { expectProblem, serverTests, type SignedInServer } from "../fixtures.ts";
import { createReporters, type Reporters } from "../fixtures/reports-fixture.ts";
import { engines } from "../harness.ts";
import { openRound } from "../rounds/next-round.ts";

type Form = components["schemas"]["Form"];
type MyForms = components["schemas"]["MyForms"];

const tests = serverTests({ observers: 30 });
const ROUND = 3;

describe.each(engines)("listMyForms on %s", (engine) => {
  const it = tests[engine];
  let api = {} as SignedInServer;
  let r = {} as Reporters;

  const myForms = (token: string, query = "", headers: Record<string, string> = {}) => api.server.request(`/api/v1/my/forms${query}`, { token, headers });
  const body = async (response: Response) => {
    expect(response.status).toBe(200);
    return (await response.json()) as MyForms;
  };
  const etagNow = async () => (await myForms(r.own.token)).headers.get("etag")!;
  /** A form body as saveForm takes it, one question with one option. */
  const formBody = (code: string, draft: boolean) => ({
    code,
    description: `Formular ${code}`,
    diaspora: false,
    draft,
    currentVersion: 1,
    formSections: [{ code: "S1", description: "Secțiune", questions: [{ code: "Q1", text: "Totul bine?", questionType: 1, optionsToQuestions: [{ text: "Da", isFreeText: false, flagged: false }] }] }],
  });
  const saveForm = async (body: object, query = "") => {
    const response = await api.send("POST", `/api/v1/form${query}`, api.organizer, body);
    expect(response.status).toBe(201);
    return (await response.json()) as Form;
  };

  it.beforeAll(async ({ api: signedIn }) => {
    api = signedIn;
    r = await createReporters(api, "MYF", "07993700");
    await openRound(api.db(), ROUND);
    await api.db().updateTable("electionRound").set({ electionDay: "2020-01-01" }).where("id", "=", ROUND).execute();
  });

  it("answers every published form of the round, whole as getForm answers it, in the forms' order", async () => {
    const { forms } = await body(await myForms(r.own.token));
    const published = await api.db().selectFrom("form").select("id").where("electionRoundId", "=", 1).where("draft", "=", false).orderBy("displayOrder").orderBy("id").execute();
    const whole = await Promise.all(published.map(async ({ id }) => (await (await api.get(`/api/v1/form/${id}`, r.own.token)).json()) as Form));
    expect(forms).toEqual(whole);
    expect(forms.map((form) => form.code)).toContain("MYF");
  });

  it("sends its version as the ETag and answers 304 with no body to it", async () => {
    const response = await myForms(r.own.token);
    const { version } = await body(response);
    expect(response.headers.get("etag")).toBe(`"${version}"`);
    const unchanged = await myForms(r.own.token, "", { "if-none-match": `"${version}"` });
    expect([unchanged.status, unchanged.headers.get("etag"), await unchanged.text()]).toEqual([304, `"${version}"`, ""]);
  });

  it("never includes a draft, and keeps its version when only a draft changes", async () => {
    const before = await etagNow();
    const draft = await saveForm(formBody("MYFD", true));
    expect(await etagNow()).toBe(before);
    expect((await body(await myForms(r.own.token))).forms.map((form) => form.id)).not.toContain(draft.id);
  });

  it("changes its version when a published form is saved, published or reordered, and goes back with a withdrawal", async () => {
    const versions = [await etagNow()];
    const { form } = r;
    const saved = await api.send("POST", "/api/v1/form", api.organizer, { ...formBody("MYF", false), id: form.id, baseVersion: form.currentVersion, description: "Altă descriere" });
    expect(saved.status).toBe(200);
    versions.push(await etagNow());
    const published = await saveForm(formBody("MYFP", false));
    versions.push(await etagNow());
    const withdrawn = await api.send("POST", "/api/v1/form", api.organizer, { ...formBody("MYFP", true), id: published.id, baseVersion: published.currentVersion });
    expect(withdrawn.status).toBe(200);
    versions.push(await etagNow());
    const order = await api.db().selectFrom("form").select("id").where("electionRoundId", "=", 1).orderBy("displayOrder").orderBy("id").execute();
    expect((await api.send("PUT", "/api/v1/form/order", api.organizer, { formIds: order.map((row) => row.id).reverse() })).status).toBe(204);
    versions.push(await etagNow());
    const [initial, afterSave, afterPublish, afterWithdraw, afterReorder] = versions;
    expect(new Set([initial, afterSave, afterPublish, afterReorder]).size).toBe(4);
    // Withdrawn, the new form leaves the same published forms as before it was published: their version again.
    expect(afterWithdraw).toBe(afterSave);
  });

  it("answers the asked round's forms only, under a version of that round", async () => {
    const current = await etagNow();
    expect(await body(await myForms(r.own.token, `?electionRoundId=${ROUND}`, { "if-none-match": current }))).toMatchObject({ forms: [] });
    const other = await saveForm(formBody("MYF3", false), `?electionRoundId=${ROUND}`);
    expect((await body(await myForms(r.own.token, `?electionRoundId=${ROUND}`))).forms.map((form) => form.id)).toEqual([other.id]);
    expect((await body(await myForms(r.own.token))).forms.map((form) => form.id)).not.toContain(other.id);
  });

  it("is the same for every observer: NGO 2's gets the same answer", async () => {
    expect(await body(await myForms(r.other.token))).toEqual(await body(await myForms(r.own.token)));
  });

  it("is the observers' alone: staff are refused with 403", async () => {
    await expectProblem(await myForms(api.organizer), 403, "forbidden");
  });
});
