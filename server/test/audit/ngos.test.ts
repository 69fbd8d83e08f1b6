import { describe, expect } from "vitest";
import { expectProblem, serverTests, type SignedInServer } from "../fixtures.ts";
import { engines } from "../harness.ts";
import { anyId, auditOf, demoActors } from "../fixtures/audit-fixture.ts";

const tests = serverTests({ observers: 30 });

describe.each(engines)("audit of NGO and NGO admin actions on %s", (engine) => {
  const it = tests[engine];
  let api = {} as SignedInServer;
  let actors = {} as Awaited<ReturnType<typeof demoActors>>;
  let ngo2 = "";
  let made = 0;
  const now = () => api.server.clock.now.toISOString();

  it.beforeAll(async ({ api: signedIn }) => {
    api = signedIn;
    actors = await demoActors(api);
    ngo2 = await actors.ngoName(2);
  });

  const createNgo = async (name: string) => {
    const response = await api.send("POST", "/api/v1/ngo", api.organizer, { name, shortName: "AU", organizer: false, isActive: true });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: number }).id;
  };
  const ok = async (response: Promise<Response>, status = 200) => expect((await response).status).toBe(status);

  describe("NGOs", () => {
    it("logs a created NGO with its fields", async () => {
      const name = `Audit NGO ${engine} ${++made}`;
      let id = 0;
      const entries = await auditOf(api, async () => void (id = await createNgo(`  ${name} `)));
      expect(entries).toEqual([
        {
          id: anyId,
          at: now(),
          action: "ngo.created",
          actor: actors.organizer,
          subject: { type: "ngo", id, label: name, exists: true },
          ngoId: id,
          ngoName: name, electionRoundId: null,
          changes: [
            { field: "name", from: null, to: name },
            { field: "shortName", from: null, to: "AU" },
            { field: "organizer", from: null, to: "false" },
            { field: "isActive", from: null, to: "true" },
          ],
        },
      ]);
    });

    it("logs an edit under the new name with the changed fields, and nothing for one that changes nothing", async () => {
      const name = `Audit NGO ${engine} ${++made}`;
      const id = await createNgo(name);
      const edit = (body: object) => api.send("PUT", "/api/v1/ngo", api.organizer, { idNgo: id, shortName: "AU", organizer: false, isActive: true, ...body });
      const entries = await auditOf(api, async () => {
        await ok(edit({ name: `${name} renamed`, shortName: "AUR" }));
        await ok(edit({ name: `${name} renamed`, shortName: "AUR" }));
      });
      expect(entries).toEqual([
        {
          id: anyId,
          at: now(),
          action: "ngo.updated",
          actor: actors.organizer,
          subject: { type: "ngo", id, label: `${name} renamed`, exists: true },
          ngoId: id,
          ngoName: `${name} renamed`, electionRoundId: null,
          changes: [
            { field: "name", from: name, to: `${name} renamed` },
            { field: "shortName", from: "AU", to: "AUR" },
          ],
        },
      ]);
    });

    it("logs status and organizer changes by their own actions, and a repeated one not again", async () => {
      const name = `Audit NGO ${engine} ${++made}`;
      const id = await createNgo(name);
      const entries = await auditOf(api, async () => {
        await ok(api.send("PATCH", `/api/v1/ngo/${id}/status`, api.organizer, { isActive: false }));
        await ok(api.send("PATCH", `/api/v1/ngo/${id}/status`, api.organizer, { isActive: false }));
        await ok(api.send("PATCH", `/api/v1/ngo/${id}/status`, api.organizer, { isActive: true }));
        await ok(api.send("PATCH", `/api/v1/ngo/${id}/organizer`, api.organizer, { isOrganizer: true }));
        await ok(api.send("PATCH", `/api/v1/ngo/${id}/organizer`, api.organizer, { isOrganizer: false }));
      });
      expect(entries.map((entry) => [entry.action, entry.subject.label, entry.changes])).toEqual([
        ["ngo.deactivated", name, [{ field: "isActive", from: "true", to: "false" }]],
        ["ngo.activated", name, [{ field: "isActive", from: "false", to: "true" }]],
        ["ngo.organizerGranted", name, [{ field: "organizer", from: "false", to: "true" }]],
        ["ngo.organizerRevoked", name, [{ field: "organizer", from: "true", to: "false" }]],
      ]);
    });

    it("logs a deletion, after which the NGO's entries stay, found by its id, with its name and exists false", async () => {
      const name = `Audit NGO ${engine} ${++made}`;
      const id = await createNgo(name);
      const entries = await auditOf(api, () => ok(api.send("DELETE", `/api/v1/ngo/${id}`, api.organizer), 204));
      expect(entries).toEqual([
        {
          id: anyId,
          at: now(),
          action: "ngo.deleted",
          actor: actors.organizer,
          subject: { type: "ngo", id, label: name, exists: false },
          ngoId: id,
          ngoName: name, electionRoundId: null,
          changes: [],
        },
      ]);
      const { data } = (await (await api.get(`/api/v1/audit?ngoId=${id}`, api.organizer)).json()) as {
        data: { action: string; ngoName: string; subject: { exists: boolean } }[];
      };
      expect(data.map((entry) => [entry.action, entry.ngoName, entry.subject.exists])).toEqual([
        ["ngo.deleted", name, false],
        ["ngo.created", name, false],
      ]);
    });

    it("writes nothing for a refused change (400, 403, 404, 409)", async () => {
      const entries = await auditOf(api, async () => {
        await expectProblem(await api.send("DELETE", "/api/v1/ngo/2", api.organizer), 409, "ngo_not_empty");
        await expectProblem(await api.send("PATCH", "/api/v1/ngo/1/organizer", api.organizer, { isOrganizer: false }), 409, "last_organizer");
        await expectProblem(await api.send("PATCH", "/api/v1/ngo/1/status", api.organizer, { isActive: false }), 409, "last_organizer");
        await expectProblem(await api.send("PATCH", "/api/v1/ngo/2147483647/status", api.organizer, { isActive: false }), 404, "not_found");
        await expectProblem(await api.send("PATCH", "/api/v1/ngo/2/status", api.ngo2Admin, { isActive: false }), 403, "forbidden");
        await expectProblem(await api.send("POST", "/api/v1/ngo", api.organizer, { name: " ", shortName: "X", organizer: false, isActive: true }), 400, "validation");
      });
      expect(entries).toEqual([]);
    });
  });

  describe("NGO admins", () => {
    const account = () => `audit.admin.${engine}.${++made}`;

    it("logs a created account, a password reset without the password, and a deletion", async () => {
      const name = account();
      let id = 0;
      const entries = await auditOf(api, async () => {
        const created = await api.send("POST", "/api/v1/ngo/2/admins", api.ngo2Admin, { account: name, password: "first long secret" });
        expect(created.status).toBe(201);
        id = ((await created.json()) as { id: number }).id;
        await ok(api.send("PUT", `/api/v1/ngo/2/admins/${id}/password`, api.ngo2Admin, { password: "second long secret" }), 204);
        await ok(api.send("DELETE", `/api/v1/ngo/2/admins/${id}`, api.organizer), 204);
      });
      const subject = { type: "ngoAdmin", id, label: name, exists: false };
      const common = { id: anyId, at: now(), subject, ngoId: 2, ngoName: ngo2, electionRoundId: null };
      expect(entries).toEqual([
        { ...common, action: "ngoAdmin.created", actor: actors.ngo2Admin, changes: [{ field: "account", from: null, to: name }] },
        { ...common, action: "ngoAdmin.passwordReset", actor: actors.ngo2Admin, changes: [] },
        { ...common, action: "ngoAdmin.deleted", actor: actors.organizer, changes: [] },
      ]);
      expect(JSON.stringify(entries)).not.toMatch(/long secret/);
    });

    it("writes nothing for a refused change (400, 403, 404, 409)", async () => {
      const self = actors.ngo2Admin.adminId!;
      const entries = await auditOf(api, async () => {
        await expectProblem(await api.send("POST", "/api/v1/ngo/2/admins", api.organizer, { account: "0700000001", password: "long enough" }), 409, "duplicate_account");
        await expectProblem(await api.send("POST", "/api/v1/ngo/1/admins", api.ngo2Admin, { account: account(), password: "long enough" }), 403, "forbidden");
        await expectProblem(await api.send("POST", "/api/v1/ngo/2/admins", api.organizer, { account: account(), password: "short" }), 400, "validation");
        await expectProblem(await api.send("PUT", "/api/v1/ngo/2/admins/2147483647/password", api.organizer, { password: "long enough" }), 404, "not_found");
        await expectProblem(await api.send("DELETE", `/api/v1/ngo/2/admins/${self}`, api.ngo2Admin), 409, "cannot_remove_self");
      });
      expect(entries).toEqual([]);
    });
  });
});
