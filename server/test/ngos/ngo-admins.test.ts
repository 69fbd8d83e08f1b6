import { describe, expect } from "vitest";
import type { components } from "../../../openapi/schema.d.ts";
import { verifySecret } from "../../src/auth/password.ts";
import { expectProblem, serverTests, type SignedInServer } from "../fixtures.ts";
import { engines } from "../harness.ts";

type NgoAdmin = components["schemas"]["NgoAdmin"];

const tests = serverTests({ observers: 30 });

describe.each(engines)("NGO admins on %s", (engine) => {
  const it = tests[engine];
  let { server, organizer, ngo2Admin, db, get, send, signIn } = {} as SignedInServer;
  it.beforeAll(({ api }) => void ({ server, organizer, ngo2Admin, db, get, send, signIn } = api));
  let counter = 0;
  const uniqueAccount = () => `admin.${engine}.${++counter}`;

  async function createAdmin(ngoId: number, token = organizer, password = "long enough secret"): Promise<NgoAdmin> {
    const response = await send("POST", `/api/v1/ngo/${ngoId}/admins`, token, { account: uniqueAccount(), password });
    expect(response.status).toBe(201);
    return (await response.json()) as NgoAdmin;
  }

  async function adminIdOf(account: string): Promise<number> {
    return (await db().selectFrom("ngoAdmin").select("id").where("account", "=", account).executeTakeFirstOrThrow()).id;
  }

  describe("listNgoAdmins", () => {
    it("lists any NGO's admins to an organizer, ordered by account, without passwords", async () => {
      await createAdmin(2);
      const response = await get("/api/v1/ngo/2/admins", organizer);
      expect(response.status).toBe(200);
      const admins = (await response.json()) as NgoAdmin[];
      const stored = await db().selectFrom("ngoAdmin").select(["id", "account", "createdAt"]).where("ngoId", "=", 2).execute();
      expect(admins.map((admin) => admin.id).sort((a, b) => a - b)).toEqual(stored.map((row) => row.id).sort((a, b) => a - b));
      expect(admins.map((admin) => admin.account)).toEqual([...admins.map((admin) => admin.account)].sort());
      for (const admin of admins) {
        expect(Object.keys(admin).sort()).toEqual(["account", "createdAt", "id", "ngoId"]);
        expect(admin.ngoId).toBe(2);
        expect(Number.isNaN(Date.parse(admin.createdAt))).toBe(false);
      }
      expect(admins.find((admin) => admin.account === "0700000002")).toBeDefined();
      expect(JSON.stringify(admins)).not.toMatch(/password|scrypt/i);
    });

    it("lets an admin list its own NGO only", async () => {
      const own = await get("/api/v1/ngo/2/admins", ngo2Admin);
      expect(own.status).toBe(200);
      expect(((await own.json()) as NgoAdmin[]).every((admin) => admin.ngoId === 2)).toBe(true);
      await expectProblem(await get("/api/v1/ngo/1/admins", ngo2Admin), 403, "forbidden");
      await expectProblem(await get("/api/v1/ngo/99999/admins", ngo2Admin), 403, "forbidden");
    });

    it("answers 404 for an unknown NGO, 400 for a malformed id and 401 without a token", async () => {
      await expectProblem(await get("/api/v1/ngo/99999/admins", organizer), 404, "not_found");
      await expectProblem(await get("/api/v1/ngo/x/admins", organizer), 400, "validation");
      await expectProblem(await get("/api/v1/ngo/2/admins"), 401, "unauthorized");
    });
  });

  describe("createNgoAdmin", () => {
    it("creates an account that can sign in, stores the password hashed and never returns it", async () => {
      const account = uniqueAccount();
      const response = await send("POST", "/api/v1/ngo/2/admins", organizer, { account, password: "long enough secret" });
      expect(response.status).toBe(201);
      const created = (await response.json()) as NgoAdmin;
      expect(Object.keys(created).sort()).toEqual(["account", "createdAt", "id", "ngoId"]);
      expect(created).toMatchObject({ ngoId: 2, account });
      expect(created.id).toBeGreaterThan(0);
      expect(Number.isNaN(Date.parse(created.createdAt))).toBe(false);
      const stored = await db().selectFrom("ngoAdmin").select(["ngoId", "passwordHash"]).where("id", "=", created.id).executeTakeFirstOrThrow();
      expect(stored.ngoId).toBe(2);
      expect(stored.passwordHash).not.toContain("long enough secret");
      expect(await verifySecret("long enough secret", stored.passwordHash)).toBe(true);

      const signedIn = await signIn(account, "long enough secret");
      expect(signedIn.status).toBe(200);
      const { access_token: token } = (await signedIn.json()) as { access_token: string };
      const me = await get("/api/v2/access/me", token);
      expect(await me.json()).toMatchObject({ ngoId: 2, organizer: false });
    });

    it("lets an admin add accounts to its own NGO but not to another", async () => {
      const own = await createAdmin(2, ngo2Admin);
      expect(own.ngoId).toBe(2);
      const before = await db().selectFrom("ngoAdmin").select("id").execute();
      await expectProblem(await send("POST", "/api/v1/ngo/1/admins", ngo2Admin, { account: uniqueAccount(), password: "long enough" }), 403, "forbidden");
      await expectProblem(await send("POST", "/api/v1/ngo/3/admins", ngo2Admin, { account: uniqueAccount(), password: "long enough" }), 403, "forbidden");
      expect(await db().selectFrom("ngoAdmin").select("id").execute()).toHaveLength(before.length);
    });

    it("lets an organizer add accounts to any NGO", async () => {
      expect((await createAdmin(3)).ngoId).toBe(3);
      expect((await createAdmin(1)).ngoId).toBe(1);
    });

    it("refuses an account already in use, in any NGO, with 409 duplicate_account", async () => {
      for (const [ngoId, account] of [[2, "0700000001"], [1, "0700000002"], [2, "0700000002"]] as const) {
        const body = await expectProblem(
          await send("POST", `/api/v1/ngo/${ngoId}/admins`, organizer, { account, password: "long enough secret" }),
          409,
          "duplicate_account",
        );
        expect(body.errors?.account?.[0]?.code).toBe("duplicate");
      }
      expect(await db().selectFrom("ngoAdmin").select("id").where("account", "=", "0700000001").execute()).toHaveLength(1);
      // The original password still works.
      expect((await signIn("0700000001", "demo1234")).status).toBe(200);
    });

    it("validates the body per the contract", async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ account: "ok.account", password: "short" }, "password"],
        [{ account: "ok.account", password: "x".repeat(201) }, "password"],
        [{ account: "has space", password: "long enough" }, "account"],
        [{ account: "", password: "long enough" }, "account"],
        [{ account: "x".repeat(51), password: "long enough" }, "account"],
        [{ password: "long enough" }, "account"],
        [{ account: "ok.account" }, "password"],
      ];
      for (const [json, field] of cases) {
        const body = await expectProblem(await send("POST", "/api/v1/ngo/2/admins", organizer, json), 400, "validation");
        expect(Object.keys(body.errors ?? {})).toContain(field);
      }
      await expectProblem(
        await send("POST", "/api/v1/ngo/2/admins", organizer, { account: "ok.account", password: "long enough", ngoId: 1 }),
        400,
        "validation",
      );
      expect(await db().selectFrom("ngoAdmin").select("id").where("account", "=", "ok.account").execute()).toEqual([]);
    });

    it("answers 404 for an unknown NGO", async () => {
      await expectProblem(await send("POST", "/api/v1/ngo/99999/admins", organizer, { account: uniqueAccount(), password: "long enough" }), 404, "not_found");
    });
  });

  describe("resetNgoAdminPassword", () => {
    it("replaces the password: the old one is refused, the new one accepted", async () => {
      const admin = await createAdmin(2, organizer, "first password");
      expect((await signIn(admin.account, "first password")).status).toBe(200);
      const response = await send("PUT", `/api/v1/ngo/2/admins/${admin.id}/password`, organizer, { password: "second password" });
      expect(response.status).toBe(204);
      await expectProblem(await signIn(admin.account, "first password"), 401, "credentials_invalid");
      expect((await signIn(admin.account, "second password")).status).toBe(200);
    });

    it("lets an admin reset passwords in its own NGO, its own included, and not in another", async () => {
      const other = await createAdmin(2, organizer, "first password");
      expect((await send("PUT", `/api/v1/ngo/2/admins/${other.id}/password`, ngo2Admin, { password: "by a colleague" })).status).toBe(204);
      expect((await signIn(other.account, "by a colleague")).status).toBe(200);

      const self = await createAdmin(2, organizer, "first password");
      const selfToken = await server.signIn(self.account, "first password");
      expect((await send("PUT", `/api/v1/ngo/2/admins/${self.id}/password`, selfToken, { password: "my own new one" })).status).toBe(204);
      expect((await signIn(self.account, "my own new one")).status).toBe(200);

      const organizerId = await adminIdOf("0700000001");
      await expectProblem(await send("PUT", `/api/v1/ngo/1/admins/${organizerId}/password`, ngo2Admin, { password: "taken over!" }), 403, "forbidden");
      expect((await signIn("0700000001", "demo1234")).status).toBe(200);
    });

    it("answers 404 when the admin does not belong to the NGO, and 400 for an invalid body", async () => {
      const ngo2AdminId = await adminIdOf("0700000002");
      await expectProblem(await send("PUT", `/api/v1/ngo/1/admins/${ngo2AdminId}/password`, organizer, { password: "long enough" }), 404, "not_found");
      await expectProblem(await send("PUT", "/api/v1/ngo/2/admins/99999/password", organizer, { password: "long enough" }), 404, "not_found");
      await expectProblem(await send("PUT", `/api/v1/ngo/99999/admins/${ngo2AdminId}/password`, organizer, { password: "long enough" }), 404, "not_found");
      for (const json of [{ password: "short" }, {}, { password: "long enough", account: "x" }]) {
        await expectProblem(await send("PUT", `/api/v1/ngo/2/admins/${ngo2AdminId}/password`, organizer, json), 400, "validation");
      }
      await expectProblem(await send("PUT", "/api/v1/ngo/2/admins/0/password", organizer, { password: "long enough" }), 400, "validation");
      expect((await signIn("0700000002", "demo1234")).status).toBe(200);
    });
  });

  describe("deleteNgoAdmin", () => {
    it("removes an account: it can no longer sign in and its tokens are refused", async () => {
      const admin = await createAdmin(2, organizer, "long enough secret");
      const token = await server.signIn(admin.account, "long enough secret");
      expect((await get("/api/v2/access/me", token)).status).toBe(200);
      const response = await send("DELETE", `/api/v1/ngo/2/admins/${admin.id}`, organizer);
      expect(response.status).toBe(204);
      await expectProblem(await get("/api/v2/access/me", token), 401, "unauthorized");
      await expectProblem(await signIn(admin.account, "long enough secret"), 401, "credentials_invalid");
      const listed = (await (await get("/api/v1/ngo/2/admins", organizer)).json()) as NgoAdmin[];
      expect(listed.map((row) => row.id)).not.toContain(admin.id);
    });

    it("keeps the notifications the removed admin sent, with its account name", async () => {
      const admin = await createAdmin(2);
      const notification = await db()
        .insertInto("notification")
        .values({ title: "t", message: "m", channel: "push", senderFrom: admin.account, senderAdminId: admin.id, senderNgoId: 2 })
        .returning("id")
        .executeTakeFirstOrThrow();
      expect((await send("DELETE", `/api/v1/ngo/2/admins/${admin.id}`, ngo2Admin)).status).toBe(204);
      const kept = await db().selectFrom("notification").select(["senderFrom", "senderAdminId"]).where("id", "=", notification.id).executeTakeFirstOrThrow();
      expect(kept).toEqual({ senderFrom: admin.account, senderAdminId: null });
    });

    it("refuses to let an admin remove itself with 409 cannot_remove_self", async () => {
      const ngo2AdminId = await adminIdOf("0700000002");
      const organizerId = await adminIdOf("0700000001");
      const body = await expectProblem(await send("DELETE", `/api/v1/ngo/2/admins/${ngo2AdminId}`, ngo2Admin), 409, "cannot_remove_self");
      expect(body.detail).toBeTruthy();
      await expectProblem(await send("DELETE", `/api/v1/ngo/1/admins/${organizerId}`, organizer), 409, "cannot_remove_self");
      expect((await get("/api/v2/access/me", ngo2Admin)).status).toBe(200);
      expect((await get("/api/v2/access/me", organizer)).status).toBe(200);
    });

    it("lets an admin remove accounts of its own NGO only", async () => {
      const colleague = await createAdmin(2);
      expect((await send("DELETE", `/api/v1/ngo/2/admins/${colleague.id}`, ngo2Admin)).status).toBe(204);
      const organizerId = await adminIdOf("0700000001");
      const ngo3AdminId = await adminIdOf("0700000003");
      await expectProblem(await send("DELETE", `/api/v1/ngo/1/admins/${organizerId}`, ngo2Admin), 403, "forbidden");
      await expectProblem(await send("DELETE", `/api/v1/ngo/3/admins/${ngo3AdminId}`, ngo2Admin), 403, "forbidden");
      // Naming its own NGO does not reach another NGO's admin either.
      await expectProblem(await send("DELETE", `/api/v1/ngo/2/admins/${organizerId}`, ngo2Admin), 404, "not_found");
      expect(await db().selectFrom("ngoAdmin").select("id").where("id", "in", [organizerId, ngo3AdminId]).execute()).toHaveLength(2);
    });

    it("answers 404 when the admin does not belong to the NGO and 400 for malformed ids", async () => {
      const ngo2AdminId = await adminIdOf("0700000002");
      await expectProblem(await send("DELETE", `/api/v1/ngo/1/admins/${ngo2AdminId}`, organizer), 404, "not_found");
      await expectProblem(await send("DELETE", "/api/v1/ngo/2/admins/99999", organizer), 404, "not_found");
      await expectProblem(await send("DELETE", "/api/v1/ngo/2/admins/abc", organizer), 400, "validation");
      await expectProblem(await send("DELETE", `/api/v1/ngo/2/admins/${ngo2AdminId}`, undefined), 401, "unauthorized");
      expect((await get("/api/v2/access/me", ngo2Admin)).status).toBe(200);
    });
  });
});
