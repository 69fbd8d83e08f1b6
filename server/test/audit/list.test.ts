import { describe, expect } from "vitest";
import type { components } from "../../../openapi/schema.d.ts";
import { expectProblem, serverTests, type SignedInServer } from "../fixtures.ts";
import { engines } from "../harness.ts";
import type { Admin } from "../../src/auth/principal.ts";
import { DEMO_OBSERVERS } from "../../src/demo/accounts.ts";
import { recordAudit, type AuditRecord } from "../../src/audit/record.ts";

type AuditPage = components["schemas"]["AuditPage"];

const tests = serverTests({ observers: 30 });

/** An actor whose account no longer exists (no admin has this id). */
const ghost: Admin = { kind: "admin", adminId: 987_654, account: "ghost.Auditor", ngoId: 2, organizer: false };
const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 10, minute));

describe.each(engines)("listAuditEntries on %s", (engine) => {
  const it = tests[engine];
  let api = {} as SignedInServer;
  let organizer = {} as Admin;
  /** Real subjects of the demo, so that `exists` is true for them. */
  let real = { observerId: 0, formId: 0, notificationId: 0, adminId: 0, thread: { observerId: 0, pollingStationId: 0 } };

  const list = async (query: string, token = api.organizer): Promise<AuditPage> => {
    const response = await api.get(`/api/v1/audit?${query}`, token);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as AuditPage;
  };
  /** The Zmeu entries below, matching the query: each test's own marker keeps the rest of the log out. */
  const ids = async (query: string) => (await list(`search=zmeu&pageSize=200&${query}`)).data.map((entry) => entry.id);

  const append = async (actor: Admin, minute: number, entry: AuditRecord) =>
    api.db().transaction().execute(async (trx) => {
      await recordAudit(trx, { admin: actor, at: at(minute) }, [entry]);
      return (await trx.selectFrom("auditEntry").select("id").orderBy("id", "desc").executeTakeFirstOrThrow()).id;
    });

  let e = {} as Record<"created" | "updated" | "renamed" | "published" | "reordered" | "state" | "imported" | "ghostly", number>;

  it.beforeAll(async ({ api: signedIn }) => {
    api = signedIn;
    const db = api.db();
    const admin = await db.selectFrom("ngoAdmin").select("id").where("account", "=", "0700000001").executeTakeFirstOrThrow();
    organizer = { kind: "admin", adminId: admin.id, account: "0700000001", ngoId: 1, organizer: true };
    const observer = await db.selectFrom("observer").select("id").where("ngoId", "=", 2).where("deletedAt", "is", null).executeTakeFirstOrThrow();
    const form = await db.selectFrom("form").select("id").executeTakeFirstOrThrow();
    const notification = await db.selectFrom("notification").select("id").executeTakeFirstOrThrow();
    const thread = await db.selectFrom("answerThread").select(["observerId", "pollingStationId"]).executeTakeFirstOrThrow();
    real = { observerId: observer.id, formId: form.id, notificationId: notification.id, adminId: admin.id, thread };

    const observerSubject = { type: "observer" as const, id: real.observerId, label: "Ana Zmeu (0711000001)" };
    e = {
      created: await append(organizer, 0, { action: "observer.created", subject: observerSubject, ngoId: 2, roundId: null }),
      updated: await append(organizer, 1, {
        action: "observer.updated",
        subject: observerSubject,
        ngoId: 2,
        roundId: null,
        changes: [{ field: "name", from: "Ana Zmeul", to: "Ana Zmeu" }],
      }),
      renamed: await append(organizer, 1, { action: "ngo.updated", subject: { type: "ngo", id: 2, label: "Zmeu NGO" }, ngoId: 2, roundId: null }),
      published: await append(organizer, 2, { action: "form.published", subject: { type: "form", id: real.formId, label: "Z: Zmeu form" }, ngoId: null, roundId: 1 }),
      reordered: await append(organizer, 3, { action: "forms.reordered", subject: { type: "form", id: null, label: "Zmeu, A, B" }, ngoId: null, roundId: 1 }),
      state: await append(organizer, 4, {
        action: "thread.stateChanged",
        subject: { type: "thread", id: real.thread.observerId, pollingStationId: real.thread.pollingStationId, label: "Zmeu thread" },
        ngoId: 2,
        roundId: 1,
        changes: [{ field: "state", from: "new", to: "resolved" }],
      }),
      imported: await append(organizer, 5, { action: "observers.imported", subject: { type: "ngo", id: 2, label: "Zmeu NGO" }, ngoId: 2, roundId: 1, count: 3 }),
      ghostly: await append(ghost, 6, { action: "ngoAdmin.deleted", subject: { type: "ngoAdmin", id: 999_999, label: "zmeu.gone" }, ngoId: 2, roundId: null }),
    };
  });

  it("lists newest first, and entries of the same time by id descending", async () => {
    expect(await ids("")).toEqual([e.ghostly, e.imported, e.state, e.reordered, e.published, e.renamed, e.updated, e.created]);
  });

  it("answers each entry with the actor and subject as they were, and whether the subject still exists", async () => {
    const byId = new Map((await list("search=zmeu&pageSize=200")).data.map((entry) => [entry.id, entry]));
    const ngo2 = (await api.db().selectFrom("ngo").select("name").where("id", "=", 2).executeTakeFirstOrThrow()).name;
    const ngo1 = (await api.db().selectFrom("ngo").select("name").where("id", "=", 1).executeTakeFirstOrThrow()).name;
    expect(byId.get(e.updated)).toEqual({
      id: e.updated,
      at: "2026-11-20T10:01:00.000Z",
      action: "observer.updated",
      actor: { adminId: organizer.adminId, account: "0700000001", ngoName: ngo1 },
      subject: { type: "observer", id: real.observerId, label: "Ana Zmeu (0711000001)", exists: true },
      ngoId: 2,
      ngoName: ngo2,
      electionRoundId: null,
      changes: [{ field: "name", from: "Ana Zmeul", to: "Ana Zmeu" }],
    });
    expect(byId.get(e.state)!.subject).toEqual({
      type: "thread",
      id: real.thread.observerId,
      pollingStationId: real.thread.pollingStationId,
      label: "Zmeu thread",
      exists: true,
    });
    expect(byId.get(e.imported)).toMatchObject({ count: 3, subject: { type: "ngo", id: 2, exists: true } });
    expect(byId.get(e.published)).toMatchObject({ ngoId: null, ngoName: null, subject: { exists: true } });
    expect(byId.get(e.reordered)!.subject).toEqual({ type: "form", id: null, label: "Zmeu, A, B", exists: false });
    expect(byId.get(e.ghostly)).toMatchObject({
      actor: { adminId: null, account: "ghost.Auditor", ngoName: ngo2 },
      subject: { type: "ngoAdmin", id: 999_999, label: "zmeu.gone", exists: false },
    });
    expect(byId.get(e.created)).not.toHaveProperty("count");
    expect(byId.get(e.created)!.subject).not.toHaveProperty("pollingStationId");
  });

  it("filters by subject, action, NGO, text and time, combined with AND", async () => {
    expect(await ids("subjectType=observer")).toEqual([e.updated, e.created]);
    expect(await ids(`subjectType=observer&subjectId=${real.observerId}`)).toEqual([e.updated, e.created]);
    expect(await ids("subjectType=observer&subjectId=2147483647")).toEqual([]);
    expect(await ids(`subjectType=thread&subjectId=${real.thread.observerId}`)).toEqual([e.state]);
    expect(await ids("subjectType=ngo&subjectId=2")).toEqual([e.imported, e.renamed]);
    expect(await ids("action=form.published")).toEqual([e.published]);
    expect(await ids("ngoId=2&action=observer.created")).toEqual([e.created]);
    expect(await ids("ngoId=1")).toEqual([]);
    expect(await ids("from=2026-11-20T10:01:00Z&to=2026-11-20T10:03:00Z")).toEqual([e.reordered, e.published, e.renamed, e.updated]);
    expect(await ids("from=2026-11-20T10:05:00.001Z")).toEqual([e.ghostly]);
  });

  it("finds text in the subject's label or the actor's account, ignoring case, and takes % and _ literally", async () => {
    const found = async (search: string) => (await list(`search=${encodeURIComponent(search)}&pageSize=200`)).data.map((entry) => entry.id);
    expect(await found("  ZMEU FORM ")).toEqual([e.published]);
    expect(await found("GHOST.auditor")).toEqual([e.ghostly]);
    expect(await found("zmeu%thread")).toEqual([]);
    expect(await found("zmeu_thread")).toEqual([]);
    expect((await list("search=%20%20")).totalItems).toBe((await list("")).totalItems);
  });

  it("pages the filtered entries, one page even when none match", async () => {
    const second = await list("search=zmeu&pageSize=3&page=2");
    expect(second).toMatchObject({ page: 2, pageSize: 3, totalItems: 8, totalPages: 3 });
    expect(second.data.map((entry) => entry.id)).toEqual([e.reordered, e.published, e.renamed]);
    expect((await list("search=zmeu&pageSize=3&page=4")).data).toEqual([]);
    expect(await list("search=nothing-like-this")).toEqual({ page: 1, pageSize: 50, totalItems: 0, totalPages: 1, data: [] });
  });

  it("refuses a subject id without its type, and an end before the start (400)", async () => {
    const noType = await expectProblem(await api.get("/api/v1/audit?subjectId=3", api.organizer), 400, "validation");
    expect(noType.errors).toEqual({ subjectType: [{ code: "required", message: "is required with subjectId" }] });
    const backwards = await expectProblem(await api.get("/api/v1/audit?from=2026-11-20T10:00:00Z&to=2026-11-20T09:59:59Z", api.organizer), 400, "validation");
    expect(Object.keys(backwards.errors!)).toEqual(["to"]);
    await expectProblem(await api.get("/api/v1/audit?pageSize=201", api.organizer), 400, "validation");
    await expectProblem(await api.get("/api/v1/audit?action=observer.renamed", api.organizer), 400, "validation");
  });

  it("is for organizers only: an NGO's admin gets 403, an observer 403, no token 401", async () => {
    await expectProblem(await api.get("/api/v1/audit", api.ngo2Admin), 403, "forbidden");
    await expectProblem(await api.get("/api/v1/audit"), 401, "unauthorized");
    const { phone, pin } = DEMO_OBSERVERS[0]!;
    const signIn = await api.server.request("/api/v2/access/observer", { method: "POST", json: { phone, pin } });
    const { access_token: observerToken } = (await signIn.json()) as { access_token: string };
    await expectProblem(await api.get("/api/v1/audit", observerToken), 403, "forbidden");
  });
});
