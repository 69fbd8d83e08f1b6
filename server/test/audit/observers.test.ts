import { describe, expect } from "vitest";
import { expectProblem, serverTests, type SignedInServer } from "../fixtures.ts";
import { engines } from "../harness.ts";
import { anyId, auditOf, demoActors, type AuditActor } from "../fixtures/audit-fixture.ts";

const tests = serverTests({ observers: 30 });

describe.each(engines)("audit of observer actions on %s", (engine) => {
  const it = tests[engine];
  let api = {} as SignedInServer;
  let actors = {} as Awaited<ReturnType<typeof demoActors>>;
  let ngo1 = "";
  let ngo2 = "";
  let phones = 0;
  const phone = () => `0798${engine === "pglite" ? 1 : 2}${String(++phones).padStart(5, "0")}`;
  const now = () => api.server.clock.now.toISOString();

  it.beforeAll(async ({ api: signedIn }) => {
    api = signedIn;
    actors = await demoActors(api);
    ngo1 = await actors.ngoName(1);
    ngo2 = await actors.ngoName(2);
  });

  const create = async (body: { name: string; phone: string; ngoId?: number }, token = api.organizer) => {
    const response = await api.send("POST", "/api/v1/observer", token, { pin: "2468", ...body });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: number }).id;
  };

  it("logs a created observer with its name and phone, never its PIN", async () => {
    const number = phone();
    let id = 0;
    const entries = await auditOf(api, async () => void (id = await create({ name: "Maria  Popescu ", phone: number, ngoId: 2 })));
    expect(entries).toEqual([
      {
        id: anyId,
        at: now(),
        action: "observer.created",
        actor: actors.organizer,
        subject: { type: "observer", id, label: `Maria Popescu (${number})`, exists: true },
        ngoId: 2,
        ngoName: ngo2, electionRoundId: null,
        changes: [
          { field: "name", from: null, to: "Maria Popescu" },
          { field: "phone", from: null, to: number },
        ],
      },
    ]);
    expect(JSON.stringify(entries)).not.toContain("2468");
  });

  it("logs an edit with the fields it changed, a new PIN by name only, and nothing for a save that changes nothing", async () => {
    const number = phone();
    const id = await create({ name: "Ion Pop", phone: number });
    const renamed = await auditOf(api, async () => {
      const response = await api.send("PUT", "/api/v1/observer", api.organizer, { idObserver: id, name: "Ion Popa", phone: number, pin: "97531" });
      expect(response.status).toBe(200);
    });
    expect(renamed).toEqual([
      {
        id: anyId,
        at: now(),
        action: "observer.updated",
        actor: actors.organizer,
        subject: { type: "observer", id, label: `Ion Popa (${number})`, exists: true },
        ngoId: 1,
        ngoName: ngo1, electionRoundId: null,
        changes: [
          { field: "name", from: "Ion Pop", to: "Ion Popa" },
          { field: "pin", from: null, to: null },
        ],
      },
    ]);
    expect(JSON.stringify(renamed)).not.toContain("97531");
    const unchanged = await auditOf(api, async () => {
      expect((await api.send("PUT", "/api/v1/observer", api.organizer, { idObserver: id, name: "Ion Popa", phone: number })).status).toBe(200);
    });
    expect(unchanged).toEqual([]);
  });

  it("logs the NGO's own admin as the actor of its changes", async () => {
    const number = phone();
    const entries = await auditOf(api, () => create({ name: "Dana Ene", phone: number }, api.ngo2Admin));
    expect(entries.map((entry) => [entry.action, entry.actor, entry.ngoId])).toEqual([["observer.created", actors.ngo2Admin, 2]]);
  });

  it("logs one entry per deleted observer, and keeps every entry of a deleted observer with its label", async () => {
    const first = phone();
    const second = phone();
    const ids = [await create({ name: "Ana Dobre", phone: first }), await create({ name: "Radu Dobre", phone: second })];
    const entries = await auditOf(api, async () => {
      for (const id of ids) expect((await api.send("DELETE", `/api/v1/observer?id=${id}`, api.organizer)).status).toBe(204);
    });
    expect(entries).toEqual([
      {
        id: anyId,
        at: now(),
        action: "observer.deleted",
        actor: actors.organizer,
        subject: { type: "observer", id: ids[0], label: `Ana Dobre (${first})`, exists: false },
        ngoId: 1,
        ngoName: ngo1, electionRoundId: null,
        changes: [],
      },
      {
        id: anyId,
        at: now(),
        action: "observer.deleted",
        actor: actors.organizer,
        subject: { type: "observer", id: ids[1], label: `Radu Dobre (${second})`, exists: false },
        ngoId: 1,
        ngoName: ngo1, electionRoundId: null,
        changes: [],
      },
    ]);
    const history = await api.get(`/api/v1/audit?subjectType=observer&subjectId=${ids[0]}`, api.organizer);
    const { data } = (await history.json()) as { data: { action: string; subject: { label: string; exists: boolean } }[] };
    expect(data.map((entry) => [entry.action, entry.subject.label, entry.subject.exists])).toEqual([
      ["observer.deleted", `Ana Dobre (${first})`, false],
      ["observer.created", `Ana Dobre (${first})`, false],
    ]);
  });

  it("logs a PIN reset without the PIN, and a device reset as deviceRegisterDate set to null", async () => {
    const number = phone();
    const id = await create({ name: "Vlad Stan", phone: number });
    await api.db().updateTable("observer").set({ deviceRegisterDate: "2026-11-21T09:30:00Z", mobileDeviceId: "device-1" }).where("id", "=", id).execute();
    const entries = await auditOf(api, async () => {
      const reset = (body: object) => api.send("POST", "/api/v1/observer/reset", api.organizer, { phoneNumber: number, ...body });
      expect((await reset({ action: "reset-password", pin: "86420" })).status).toBe(204);
      expect((await reset({ action: "device" })).status).toBe(204);
      expect((await reset({ action: "device" })).status).toBe(204);
    });
    const subject = { type: "observer", id, label: `Vlad Stan (${number})`, exists: true };
    const common = { id: anyId, at: now(), actor: actors.organizer, subject, ngoId: 1, ngoName: ngo1, electionRoundId: null };
    expect(entries).toEqual([
      { ...common, action: "observer.pinReset", changes: [] },
      { ...common, action: "observer.updated", changes: [{ field: "deviceRegisterDate", from: "2026-11-21T09:30:00.000Z", to: null }] },
      { ...common, action: "observer.updated", changes: [{ field: "deviceRegisterDate", from: null, to: null }] },
    ]);
    expect(JSON.stringify(entries)).not.toContain("86420");
  });

  it("logs an import as one entry about the NGO with the count, and a dry run not at all", async () => {
    const rows = [phone(), phone(), phone()].map((number, index) => `${number},1234,Imported ${index}`).join("\n");
    const upload = (dryRun: boolean) => {
      const form = new FormData();
      form.append("file", new File([`Phone,Pin,Name\n${rows}\n`], "observers.csv", { type: "text/csv" }));
      form.append("ngoId", "2");
      form.append("dryRun", String(dryRun));
      return api.server.request("/api/v1/observer/import", { method: "POST", token: api.organizer, body: form });
    };
    expect(await auditOf(api, async () => expect((await upload(true)).status).toBe(200))).toEqual([]);
    expect(await auditOf(api, async () => expect((await upload(false)).status).toBe(200))).toEqual([
      {
        id: anyId,
        at: now(),
        action: "observers.imported",
        actor: actors.organizer,
        subject: { type: "ngo", id: 2, label: ngo2, exists: true },
        ngoId: 2,
        ngoName: ngo2, electionRoundId: 1,
        changes: [],
        count: 3,
      },
    ]);
  });

  it("writes nothing for a refused change (400, 403, 404, 409, 422)", async () => {
    const taken = phone();
    const id = await create({ name: "Taken Phone", phone: taken });
    const entries = await auditOf(api, async () => {
      await expectProblem(await api.send("POST", "/api/v1/observer", api.organizer, { name: "Dup", phone: taken, pin: "1234" }), 409, "duplicate_phone");
      await expectProblem(await api.send("POST", "/api/v1/observer", api.organizer, { name: "", phone: phone(), pin: "1234" }), 400, "validation");
      await expectProblem(await api.send("POST", "/api/v1/observer", api.ngo2Admin, { name: "X", phone: phone(), pin: "1234", ngoId: 1 }), 403, "forbidden");
      await expectProblem(await api.send("PUT", "/api/v1/observer", api.ngo2Admin, { idObserver: id, name: "Not mine", phone: taken }), 404, "not_found");
      await expectProblem(await api.send("DELETE", `/api/v1/observer?id=${id}`, api.ngo2Admin), 404, "not_found");
      await expectProblem(await api.send("POST", "/api/v1/observer/reset", api.organizer, { action: "reset-password", phoneNumber: taken }), 400, "validation");
      const form = new FormData();
      form.append("file", new File([`Phone,Pin,Name\n${taken},1234,Again\n`], "observers.csv", { type: "text/csv" }));
      await expectProblem(await api.server.request("/api/v1/observer/import", { method: "POST", token: api.organizer, body: form }), 422, "import_invalid");
    });
    expect(entries).toEqual([]);
  });

  it("keeps an actor's account and NGO after the account is deleted (adminId null)", async () => {
    const account = `audit-staff-${engine}`;
    const created = await api.send("POST", "/api/v1/ngo/1/admins", api.organizer, { account, password: "a long staff secret" });
    const { id: adminId } = (await created.json()) as { id: number };
    const token = await api.server.signIn(account, "a long staff secret");
    const number = phone();
    const [entry] = await auditOf(api, () => create({ name: "Staff Made", phone: number }, token));
    expect((await api.send("DELETE", `/api/v1/ngo/1/admins/${adminId}`, api.organizer)).status).toBe(204);
    const { data } = (await (await api.get(`/api/v1/audit?action=observer.created&search=${account}`, api.organizer)).json()) as {
      data: { id: number; actor: AuditActor }[];
    };
    expect(data.map(({ id, actor }) => ({ id, actor }))).toEqual([{ id: entry!.id, actor: { adminId: null, account, ngoName: ngo1 } }]);
  });
});
