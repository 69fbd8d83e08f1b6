import { describe, expect } from "vitest";
import type { components } from "../../../openapi/schema.d.ts";
import { expectProblem, serverTests, type SignedInServer } from "../fixtures.ts";
import { engines } from "../harness.ts";

type Ngo = components["schemas"]["Ngo"];

const tests = serverTests({ observers: 30 });

describe.each(engines)("NGOs on %s", (engine) => {
  const it = tests[engine];
  let { server, organizer, ngo2Admin, db, get, send, signIn } = {} as SignedInServer;
  it.beforeAll(({ api }) => void ({ server, organizer, ngo2Admin, db, get, send, signIn } = api));

  async function createNgo(fields: Partial<Ngo> = {}): Promise<Ngo> {
    const response = await send("POST", "/api/v1/ngo", organizer, {
      name: `Test NGO ${Math.random().toString(36).slice(2, 8)}`,
      shortName: "TST",
      organizer: false,
      isActive: true,
      ...fields,
    });
    expect(response.status).toBe(201);
    return (await response.json()) as Ngo;
  }

  async function storedNgo(id: number) {
    return db().selectFrom("ngo").select(["id", "name", "shortName", "organizer", "isActive"]).where("id", "=", id).executeTakeFirst();
  }

  describe("listNgos", () => {
    it("lists every NGO to an organizer, ordered by name then id", async () => {
      const response = await get("/api/v1/ngo", organizer);
      expect(response.status).toBe(200);
      const ngos = (await response.json()) as Ngo[];
      const stored = await db().selectFrom("ngo").select(["id", "name", "shortName", "organizer", "isActive"]).execute();
      expect(ngos).toHaveLength(stored.length);
      const expected = [...stored].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
      expect(ngos).toEqual(expected);
      expect(ngos.find((ngo) => ngo.id === 1)).toEqual({ id: 1, name: "Code for Romania", shortName: "C4R", organizer: true, isActive: true });
      expect(ngos.find((ngo) => ngo.id === 3)).toMatchObject({ organizer: false, isActive: false });
    });

    it("lists NGOs in Romanian alphabetical order, whatever the case and the cedilla or comma forms", async () => {
      const romanian = ["Ana", "Ăsta", "Ion", "Îon", "Suciu", "Șerban", "Tudor", "ţugui", "Țurcanu", "Zamfir"];
      const created = new Map<number, string>();
      for (const name of ["Zamfir", "Țurcanu", "Tudor", "Suciu", "Șerban", "Îon", "Ion", "Ăsta", "Ana", "ţugui"]) {
        created.set((await createNgo({ name: `${name} Ordine` })).id, name);
      }
      const listed = (await (await get("/api/v1/ngo", organizer)).json()) as Ngo[];
      expect(listed.filter((ngo) => created.has(ngo.id)).map((ngo) => created.get(ngo.id))).toEqual(romanian);
    });

    it("refuses a missing token with 401", async () => {
      await expectProblem(await get("/api/v1/ngo"), 401, "unauthorized");
    });
  });

  describe("getNgo", () => {
    it("returns one NGO", async () => {
      const response = await get("/api/v1/ngo/2", organizer);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ id: 2, name: "Asociația Observatorilor Civici", shortName: "AOC", organizer: false, isActive: true });
    });

    it("answers 404 for an unknown NGO and 400 for a malformed id", async () => {
      await expectProblem(await get("/api/v1/ngo/99999", organizer), 404, "not_found");
      for (const id of ["0", "x", "-1"]) {
        const body = await expectProblem(await get(`/api/v1/ngo/${id}`, organizer), 400, "validation");
        expect(body.errors).toHaveProperty("id");
      }
    });
  });

  describe("createNgo", () => {
    it("creates an NGO with trimmed names and returns it", async () => {
      const response = await send("POST", "/api/v1/ngo", organizer, {
        name: "  Observatorii Noi  ",
        shortName: " ON ",
        organizer: false,
        isActive: true,
      });
      expect(response.status).toBe(201);
      const created = (await response.json()) as Ngo;
      expect(created).toEqual({ id: created.id, name: "Observatorii Noi", shortName: "ON", organizer: false, isActive: true });
      expect(created.id).toBeGreaterThan(3);
      expect(await storedNgo(created.id)).toEqual(created);
      expect(await (await get(`/api/v1/ngo/${created.id}`, organizer)).json()).toEqual(created);
      const admins = await db().selectFrom("ngoAdmin").select("id").where("ngoId", "=", created.id).execute();
      expect(admins).toEqual([]);
    });

    it("creates an inactive organizer NGO when asked", async () => {
      const created = await createNgo({ organizer: true, isActive: false });
      expect(created).toMatchObject({ organizer: true, isActive: false });
    });

    it("validates the body per the contract", async () => {
      const valid = { name: "Valid", shortName: "V", organizer: false, isActive: true };
      const cases: [Record<string, unknown>, string][] = [
        [{ ...valid, name: "   " }, "name"],
        [{ ...valid, name: "" }, "name"],
        [{ ...valid, name: "x".repeat(201) }, "name"],
        [{ ...valid, shortName: "ABCDEFGHIJK" }, "shortName"],
        [{ ...valid, shortName: " " }, "shortName"],
        [{ ...valid, organizer: "yes" }, "organizer"],
        [{ name: "Valid", shortName: "V", organizer: false }, "isActive"],
      ];
      for (const [json, field] of cases) {
        const body = await expectProblem(await send("POST", "/api/v1/ngo", organizer, json), 400, "validation");
        expect(Object.keys(body.errors ?? {})).toContain(field);
      }
      await expectProblem(await send("POST", "/api/v1/ngo", organizer, { ...valid, id: 5 }), 400, "validation");
      const count = await db().selectFrom("ngo").select("id").where("name", "=", "Valid").execute();
      expect(count).toEqual([]);
    });
  });

  describe("updateNgo", () => {
    it("replaces every field, trimmed, and returns the NGO", async () => {
      const ngo = await createNgo();
      const response = await send("PUT", "/api/v1/ngo", organizer, {
        idNgo: ngo.id,
        name: "  Renamed NGO ",
        shortName: " RN",
        organizer: false,
        isActive: false,
      });
      expect(response.status).toBe(200);
      const updated = (await response.json()) as Ngo;
      expect(updated).toEqual({ id: ngo.id, name: "Renamed NGO", shortName: "RN", organizer: false, isActive: false });
      expect(await storedNgo(ngo.id)).toEqual(updated);
    });

    it("answers 404 for an unknown NGO and 400 for an invalid body", async () => {
      const valid = { idNgo: 99999, name: "Valid", shortName: "V", organizer: false, isActive: true };
      await expectProblem(await send("PUT", "/api/v1/ngo", organizer, valid), 404, "not_found");
      for (const [json, field] of [
        [{ ...valid, idNgo: 0 }, "idNgo"],
        [{ ...valid, name: "  " }, "name"],
        [{ ...valid, shortName: "x".repeat(11) }, "shortName"],
        [{ name: "Valid", shortName: "V", organizer: false, isActive: true }, "idNgo"],
      ] as const) {
        const body = await expectProblem(await send("PUT", "/api/v1/ngo", organizer, json), 400, "validation");
        expect(Object.keys(body.errors ?? {})).toContain(field);
      }
    });

    it("refuses to demote or deactivate the last active organizer NGO", async () => {
      const base = { idNgo: 1, name: "Code for Romania", shortName: "C4R" };
      for (const flags of [{ organizer: false, isActive: true }, { organizer: true, isActive: false }, { organizer: false, isActive: false }]) {
        const body = await expectProblem(await send("PUT", "/api/v1/ngo", organizer, { ...base, ...flags }), 409, "last_organizer");
        expect(body.detail).toBeTruthy();
      }
      expect(await storedNgo(1)).toMatchObject({ organizer: true, isActive: true });
      // An inactive organizer NGO does not count as a remaining organizer.
      const inactive = await createNgo({ organizer: true, isActive: false });
      await expectProblem(await send("PATCH", "/api/v1/ngo/1/organizer", organizer, { isOrganizer: false }), 409, "last_organizer");
      // Renaming the last organizer is fine.
      const renamed = await send("PUT", "/api/v1/ngo", organizer, { ...base, name: " Code for Romania ", organizer: true, isActive: true });
      expect(renamed.status).toBe(200);
      expect(await storedNgo(inactive.id)).toMatchObject({ organizer: true, isActive: false });
    });
  });

  describe("setNgoOrganizer", () => {
    it("gives and takes organizer rights to an NGO's admins on their next call", async () => {
      const me = async () => {
        const response = await get("/api/v2/access/me", ngo2Admin);
        expect(response.status).toBe(200);
        return (await response.json()) as { organizer: boolean; ngoId: number };
      };
      expect(await me()).toMatchObject({ ngoId: 2, organizer: false });
      expect((await get("/api/v1/ngo", ngo2Admin)).status).toBe(403);

      const promoted = await send("PATCH", "/api/v1/ngo/2/organizer", organizer, { isOrganizer: true });
      expect(promoted.status).toBe(200);
      expect(await promoted.json()).toEqual({ id: 2, name: "Asociația Observatorilor Civici", shortName: "AOC", organizer: true, isActive: true });
      expect(await me()).toMatchObject({ ngoId: 2, organizer: true });
      expect((await get("/api/v1/ngo", ngo2Admin)).status).toBe(200);

      // With two active organizers, either may lose the flag; NGO 2 is now the last one.
      const demoted = await send("PATCH", "/api/v1/ngo/2/organizer", organizer, { isOrganizer: false });
      expect(demoted.status).toBe(200);
      expect(await demoted.json()).toMatchObject({ id: 2, organizer: false });
      expect(await me()).toMatchObject({ organizer: false });
      expect((await get("/api/v1/ngo", ngo2Admin)).status).toBe(403);
    });

    it("refuses to remove the flag from the last active organizer NGO", async () => {
      await expectProblem(await send("PATCH", "/api/v1/ngo/1/organizer", organizer, { isOrganizer: false }), 409, "last_organizer");
      expect(await storedNgo(1)).toMatchObject({ organizer: true, isActive: true });
      // Setting it again is harmless.
      const again = await send("PATCH", "/api/v1/ngo/1/organizer", organizer, { isOrganizer: true });
      expect(again.status).toBe(200);
    });

    it("answers 404 for an unknown NGO and 400 for an invalid body", async () => {
      await expectProblem(await send("PATCH", "/api/v1/ngo/99999/organizer", organizer, { isOrganizer: true }), 404, "not_found");
      for (const json of [{}, { isOrganizer: "true" }, { isOrganizer: true, extra: 1 }]) {
        await expectProblem(await send("PATCH", "/api/v1/ngo/2/organizer", organizer, json), 400, "validation");
      }
    });
  });

  describe("setNgoStatus", () => {
    it("cuts off a deactivated NGO's admins at once, tokens included, and lets them back on reactivation", async () => {
      const ngoAdmin = await server.signIn("0700000002", "demo1234");
      expect((await get("/api/v1/observer/count", ngoAdmin)).status).toBe(200);

      const off = await send("PATCH", "/api/v1/ngo/2/status", organizer, { isActive: false });
      expect(off.status).toBe(200);
      expect(await off.json()).toMatchObject({ id: 2, isActive: false, organizer: false });

      await expectProblem(await get("/api/v1/observer/count", ngoAdmin), 401, "unauthorized");
      await expectProblem(await get("/api/v2/access/me", ngoAdmin), 401, "unauthorized");
      await expectProblem(await signIn("0700000002", "demo1234"), 401, "credentials_invalid");

      const on = await send("PATCH", "/api/v1/ngo/2/status", organizer, { isActive: true });
      expect(on.status).toBe(200);
      expect(await on.json()).toMatchObject({ id: 2, isActive: true });
      const again = await signIn("0700000002", "demo1234");
      expect(again.status).toBe(200);
      // The old token is accepted again too: it was refused for the NGO's state, not revoked.
      expect((await get("/api/v1/observer/count", ngoAdmin)).status).toBe(200);
    });

    it("refuses to deactivate the last active organizer NGO", async () => {
      await expectProblem(await send("PATCH", "/api/v1/ngo/1/status", organizer, { isActive: false }), 409, "last_organizer");
      expect(await storedNgo(1)).toMatchObject({ isActive: true });
      expect((await get("/api/v1/ngo", organizer)).status).toBe(200);
    });

    it("lets an organizer deactivate another organizer NGO while one remains", async () => {
      const other = await createNgo({ organizer: true, isActive: true });
      const response = await send("PATCH", `/api/v1/ngo/${other.id}/status`, organizer, { isActive: false });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ id: other.id, organizer: true, isActive: false });
    });

    it("answers 404 for an unknown NGO and 400 for an invalid body", async () => {
      await expectProblem(await send("PATCH", "/api/v1/ngo/99999/status", organizer, { isActive: true }), 404, "not_found");
      for (const json of [{}, { isActive: 1 }, { isActive: true, organizer: true }]) {
        await expectProblem(await send("PATCH", "/api/v1/ngo/2/status", organizer, json), 400, "validation");
      }
    });
  });

  describe("deleteNgo", () => {
    async function insertObserver(ngoId: number, deleted: boolean): Promise<number> {
      const phone = `07${Math.floor(Math.random() * 1e8).toString().padStart(8, "0")}`;
      const row = await db()
        .insertInto("observer")
        .values({ ngoId, phone, name: "Test Observer", pinHash: "x", deletedAt: deleted ? new Date() : null })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    }

    it("deletes an empty NGO", async () => {
      const ngo = await createNgo();
      const response = await send("DELETE", `/api/v1/ngo/${ngo.id}`, organizer);
      expect(response.status).toBe(204);
      expect(await storedNgo(ngo.id)).toBeUndefined();
      await expectProblem(await get(`/api/v1/ngo/${ngo.id}`, organizer), 404, "not_found");
      await expectProblem(await send("DELETE", `/api/v1/ngo/${ngo.id}`, organizer), 404, "not_found");
    });

    it("refuses an NGO with observers, deleted ones included", async () => {
      const ngo = await createNgo();
      await insertObserver(ngo.id, true);
      const body = await expectProblem(await send("DELETE", `/api/v1/ngo/${ngo.id}`, organizer), 409, "ngo_not_empty");
      expect(body.detail).toMatch(/1 observer\b/);
      expect(body.detail).toMatch(/deactivate/);
      expect(await storedNgo(ngo.id)).toBeDefined();
    });

    it("refuses an NGO with admins", async () => {
      const ngo = await createNgo();
      const created = await send("POST", `/api/v1/ngo/${ngo.id}/admins`, organizer, { account: `admin.${ngo.id}`, password: "long enough" });
      expect(created.status).toBe(201);
      const body = await expectProblem(await send("DELETE", `/api/v1/ngo/${ngo.id}`, organizer), 409, "ngo_not_empty");
      expect(body.detail).toMatch(/1 admin\b/);
      expect(body.detail).not.toMatch(/observer/);
      expect(await storedNgo(ngo.id)).toBeDefined();
    });

    it("refuses an NGO with answers", async () => {
      const ngo = await createNgo();
      const observerId = await insertObserver(ngo.id, false);
      const option = await db().selectFrom("questionOption").select("id").orderBy("id").executeTakeFirstOrThrow();
      const station = await db().selectFrom("pollingStation").select("id").orderBy("id").executeTakeFirstOrThrow();
      await db().insertInto("answer").values({ observerId, optionId: option.id, pollingStationId: station.id, value: null }).execute();
      expect((await send("DELETE", `/api/v1/observer?id=${observerId}`, organizer)).status).toBe(204);
      const body = await expectProblem(await send("DELETE", `/api/v1/ngo/${ngo.id}`, organizer), 409, "ngo_not_empty");
      expect(body.detail).toMatch(/1 answer\b/);
      expect(body.detail).toMatch(/1 observer\b/);
      expect(await storedNgo(ngo.id)).toBeDefined();
    });

    it("refuses the seeded NGOs, which have observers, admins and answers", async () => {
      for (const id of [2, 3]) {
        const body = await expectProblem(await send("DELETE", `/api/v1/ngo/${id}`, organizer), 409, "ngo_not_empty");
        expect(body.detail).toMatch(/admin/);
      }
    });

    it("answers 404 for an unknown NGO and 400 for a malformed id", async () => {
      await expectProblem(await send("DELETE", "/api/v1/ngo/99999", organizer), 404, "not_found");
      await expectProblem(await send("DELETE", "/api/v1/ngo/abc", organizer), 400, "validation");
    });
  });

  describe("roles", () => {
    it("refuses every NGO operation to a non-organizer admin with 403, changing nothing", async () => {
      const ngo = await createNgo();
      const before = await db().selectFrom("ngo").selectAll().orderBy("id").execute();
      const calls: [string, string, unknown?][] = [
        ["GET", "/api/v1/ngo"],
        ["GET", "/api/v1/ngo/2"],
        ["POST", "/api/v1/ngo", { name: "Mine", shortName: "M", organizer: true, isActive: true }],
        ["PUT", "/api/v1/ngo", { idNgo: 2, name: "Mine", shortName: "M", organizer: true, isActive: true }],
        ["DELETE", `/api/v1/ngo/${ngo.id}`],
        ["PATCH", "/api/v1/ngo/2/organizer", { isOrganizer: true }],
        ["PATCH", `/api/v1/ngo/${ngo.id}/status`, { isActive: false }],
      ];
      for (const [method, path, json] of calls) {
        await expectProblem(await send(method, path, ngo2Admin, json), 403, "forbidden");
        await expectProblem(await server.request(path, { method, json }), 401, "unauthorized");
      }
      expect(await db().selectFrom("ngo").selectAll().orderBy("id").execute()).toEqual(before);
    });
  });
});
