import { sql } from "kysely";
import { describe, expect } from "vitest";
import type { components } from "../../../openapi/schema.d.ts";
import { DEMO_OBSERVERS } from "../../src/demo/accounts.ts";
import { isUniqueViolation } from "../../src/db/violations.ts";
import { serverTests, type Problem, type SignedInServer, type ValidationProblem } from "../fixtures.ts";
import { bothEngines } from "../harness.ts";

type Observer = components["schemas"]["Observer"];
type ObserverPage = components["schemas"]["ObserverPage"];

/** Polls an observable condition (not a sleep) until it holds, for at most a few seconds. */
async function waitFor(condition: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error("condition not met in time");
}

const tests = serverTests({ observers: 30 });

describe.each(bothEngines)("observers on %s", (engine) => {
  const it = tests[engine];
  let { server, organizer, ngo2Admin, db, get, send } = {} as SignedInServer;
  it.beforeAll(({ api }) => void ({ server, organizer, ngo2Admin, db, get, send } = api));
  const list = async (query: string, token: string) => {
    const response = await get(`/api/v1/observer?${query}`, token);
    expect(response.status).toBe(200);
    return (await response.json()) as ObserverPage;
  };
  const create = (token: string, json: Record<string, unknown>) => send("POST", "/api/v1/observer", token, json);
  const createOk = async (token: string, json: Record<string, unknown>) => {
    const response = await create(token, json);
    expect(response.status).toBe(201);
    return (await response.json()) as Observer;
  };
  const signInObserver = (phone: string, pin: string) =>
    server.request("/api/v2/access/observer", { method: "POST", json: { phone, pin } });

  /** Ids of live observers straight from the database, optionally of one NGO. */
  async function liveIds(ngoId?: number): Promise<number[]> {
    let query = db().selectFrom("observer").select("id").where("deletedAt", "is", null).orderBy("id");
    if (ngoId !== undefined) query = query.where("ngoId", "=", ngoId);
    return (await query.execute()).map((row) => row.id);
  }

  async function ngo1Observer(): Promise<{ id: number; phone: string }> {
    return db().selectFrom("observer").select(["id", "phone"]).where("ngoId", "=", 1).where("deletedAt", "is", null).orderBy("id").executeTakeFirstOrThrow();
  }

  /** lastSeen recomputed from the three source tables, independently of the server's bookkeeping. */
  async function lastSeenById(): Promise<Map<number, number | null>> {
    const { rows } = await sql<{ id: number; lastSeen: Date | null }>`
      SELECT o.id, greatest(
        (SELECT max(last_modified) FROM answer a WHERE a.observer_id = o.id),
        (SELECT max(last_modified) FROM note n WHERE n.observer_id = o.id),
        (SELECT max(last_modified) FROM polling_station_info p WHERE p.observer_id = o.id)) AS last_seen
      FROM observer o WHERE o.deleted_at IS NULL`.execute(db());
    return new Map(rows.map((row) => [row.id, row.lastSeen === null ? null : new Date(row.lastSeen).getTime()]));
  }

  describe("listObservers", () => {
    it("shows an organizer every NGO's live observers and another admin only its own", async () => {
      const all = await list("PageSize=1000", organizer);
      expect(all.data.map((o) => o.id).sort((a, b) => a - b)).toEqual(await liveIds());
      expect(all.totalItems).toBe((await liveIds()).length);
      const own = await list("PageSize=1000", ngo2Admin);
      expect(own.data.map((o) => o.id).sort((a, b) => a - b)).toEqual(await liveIds(2));
      expect(own.data.every((o) => o.ngoId === 2 && o.ngo === "Asociația Observatorilor Civici")).toBe(true);
    });

    it("never lists deleted observers", async () => {
      const deleted = await db().selectFrom("observer").select("id").where("deletedAt", "is not", null).execute();
      expect(deleted.length).toBeGreaterThan(0);
      const ids = (await list("PageSize=1000", organizer)).data.map((o) => o.id);
      for (const { id } of deleted) expect(ids).not.toContain(id);
    });

    it("pages with totals and answers an empty page past the end", async () => {
      const total = (await liveIds()).length;
      const first = await list("PageSize=7&Page=1&SortBy=name&SortDirection=asc", organizer);
      expect(first).toMatchObject({ page: 1, pageSize: 7, totalItems: total, totalPages: Math.ceil(total / 7) });
      expect(first.data).toHaveLength(7);
      const pages = [];
      for (let page = 1; page <= first.totalPages; page++) pages.push(await list(`PageSize=7&Page=${page}&SortBy=name&SortDirection=asc`, organizer));
      const ids = pages.flatMap((page) => page.data.map((o) => o.id));
      expect(ids).toHaveLength(total);
      expect(new Set(ids).size).toBe(total);
      const past = await list(`PageSize=7&Page=${first.totalPages + 1}`, organizer);
      expect(past).toMatchObject({ totalItems: total, data: [] });
    });

    it("refuses out-of-range paging with 400", async () => {
      for (const query of ["Page=0", "PageSize=0", "PageSize=1001", "Page=x"]) {
        const response = await get(`/api/v1/observer?${query}`, organizer);
        expect(response.status).toBe(400);
        expect(((await response.json()) as Problem).code).toBe("validation");
      }
    });

    it("narrows to one NGO for an organizer and refuses another NGO to other admins", async () => {
      const ngo2 = await list("PageSize=1000&NgoId=2", organizer);
      expect(ngo2.data.map((o) => o.id).sort((a, b) => a - b)).toEqual(await liveIds(2));
      expect((await list("NgoId=2", ngo2Admin)).totalItems).toBe((await liveIds(2)).length);
      const other = await get("/api/v1/observer?NgoId=1", ngo2Admin);
      expect(other.status).toBe(403);
      expect(await other.json()).toMatchObject({ code: "forbidden" });
    });

    it("returns one observer by id, and nothing for another NGO's observer", async () => {
      const target = await ngo1Observer();
      const found = await list(`id=${target.id}`, organizer);
      expect(found).toMatchObject({ totalItems: 1, totalPages: 1 });
      expect(found.data.map((o) => o.id)).toEqual([target.id]);
      expect(await list(`id=${target.id}`, ngo2Admin)).toMatchObject({ totalItems: 0, totalPages: 1, data: [] });
      expect(await list("id=999999", organizer)).toMatchObject({ totalItems: 0, data: [] });
    });

    it("filters by name (case-insensitive substring) and phone (substring), combined", async () => {
      const a = await createOk(organizer, { name: "Filtru Ana", phone: "0799100001", pin: "1234" });
      const b = await createOk(organizer, { name: "filtru Bogdan", phone: "0799100002", pin: "1234" });
      const byName = await list("Name=FILTRU", organizer);
      expect(byName.data.map((o) => o.id).sort((x, y) => x - y)).toEqual([a.id, b.id]);
      expect((await list("Number=99100002", organizer)).data.map((o) => o.id)).toEqual([b.id]);
      expect((await list("Name=filtru%20ana&Number=0799100", organizer)).data.map((o) => o.id)).toEqual([a.id]);
      expect((await list("Name=%25", organizer)).totalItems).toBe(0);
    });

    it("shows the NGO, device date, counts and lastSeen of each observer", async () => {
      const seen = await lastSeenById();
      const notes = await db().selectFrom("note").select(["observerId", sql<number>`count(*)::int`.as("n")]).groupBy("observerId").execute();
      const stations = await db()
        .selectFrom("pollingStationInfo")
        .select(["observerId", sql<number>`count(*)::int`.as("n")])
        .where("observerArrivalTime", "is not", null)
        .groupBy("observerId")
        .execute();
      const observers = await db().selectFrom("observer").selectAll().where("deletedAt", "is", null).execute();
      const expected = observers.map((o) => ({
        id: o.id,
        name: o.name,
        phone: o.phone,
        ngoId: o.ngoId,
        ngo: ["Code for Romania", "Asociația Observatorilor Civici", "Inițiativa Transparență"][o.ngoId - 1],
        deviceRegisterDate: o.deviceRegisterDate === null ? null : new Date(o.deviceRegisterDate).toISOString(),
        lastSeen: seen.get(o.id) == null ? null : new Date(seen.get(o.id)!).toISOString(),
        numberOfNotes: notes.find((n) => n.observerId === o.id)?.n ?? 0,
        numberOfPollingStations: stations.find((s) => s.observerId === o.id)?.n ?? 0,
      }));
      const listed = (await list("PageSize=1000", organizer)).data;
      expect([...listed].sort((x, y) => x.id - y.id)).toEqual(expected.sort((x, y) => x.id - y.id));
      expect(listed.some((o) => o.numberOfNotes > 0 && o.numberOfPollingStations > 0 && o.lastSeen !== null)).toBe(true);
    });
  });

  describe("sorting", () => {
    const expectedByLastSeen = async (direction: "asc" | "desc") => {
      const seen = await lastSeenById();
      const ascending = [...seen.entries()].sort(([idA, a], [idB, b]) => {
        if (a !== b) return a === null ? -1 : b === null ? 1 : a - b;
        return idA - idB;
      });
      const ids = ascending.map(([id]) => id);
      return direction === "asc" ? ids : ids.reverse();
    };

    it("sorts by lastSeen descending by default: never-seen last, id breaking ties", async () => {
      const ids = (await list("PageSize=1000", organizer)).data.map((o) => o.id);
      expect(ids).toEqual(await expectedByLastSeen("desc"));
      expect((await list("PageSize=1000&SortBy=lastSeen&SortDirection=desc", organizer)).data.map((o) => o.id)).toEqual(ids);
    });

    it("sorts by lastSeen ascending: never-seen first", async () => {
      const page = await list("PageSize=1000&SortBy=lastSeen&SortDirection=asc", organizer);
      expect(page.data.map((o) => o.id)).toEqual(await expectedByLastSeen("asc"));
      expect(page.data[0]!.lastSeen).toBeNull();
    });

    it("moves an observer to the top as soon as it writes a note", async () => {
      const [quiet] = (await list("PageSize=1&SortBy=lastSeen&SortDirection=asc", organizer)).data;
      expect(quiet!.lastSeen).toBeNull();
      const station = await db().selectFrom("pollingStation").select("id").orderBy("id").executeTakeFirstOrThrow();
      const at = new Date("2026-11-23T12:00:00Z");
      await db().insertInto("note").values({ observerId: quiet!.id, pollingStationId: station.id, text: "late", lastModified: at }).execute();
      const [top] = (await list("PageSize=1", organizer)).data;
      expect(top).toMatchObject({ id: quiet!.id, lastSeen: at.toISOString(), numberOfNotes: 1 });
      expect((await list("PageSize=1000", organizer)).data.map((o) => o.id)).toEqual(await expectedByLastSeen("desc"));
    });

    it("sorts by name case-insensitively in both directions, id breaking ties", async () => {
      const zed = await createOk(organizer, { name: "Zed Sortare", phone: "0799200001", pin: "1234" });
      const alpha = await createOk(organizer, { name: "alpha Sortare", phone: "0799200002", pin: "1234" });
      const betaUpper = await createOk(organizer, { name: "Beta Sortare", phone: "0799200003", pin: "1234" });
      const betaLower = await createOk(organizer, { name: "beta Sortare", phone: "0799200004", pin: "1234" });
      const ascending = [alpha.id, betaUpper.id, betaLower.id, zed.id];
      expect((await list("Name=sortare&SortBy=name&SortDirection=asc", organizer)).data.map((o) => o.id)).toEqual(ascending);
      expect((await list("Name=sortare&SortBy=name&SortDirection=desc", organizer)).data.map((o) => o.id)).toEqual(ascending.reverse());
    });

    it("sorts names in Romanian alphabetical order: ă after a, î after i, ș after s, ț after t, cedillas as commas", async () => {
      const names = ["Zamfir", "Țurcanu", "Tudor", "Suciu", "Șerban", "Îon", "Ion", "Ăsta", "Ana", "ţugui"];
      const created = new Map<number, string>();
      for (const [index, name] of names.entries()) {
        const observer = await createOk(organizer, { name: `${name} Ordine`, phone: `07997000${String(index).padStart(2, "0")}`, pin: "1234" });
        created.set(observer.id, name);
      }
      const romanian = ["Ana", "Ăsta", "Ion", "Îon", "Suciu", "Șerban", "Tudor", "ţugui", "Țurcanu", "Zamfir"];
      const sorted = async (direction: string) =>
        (await list(`Name=ordine&SortBy=name&SortDirection=${direction}&PageSize=1000`, organizer)).data.map((o) => created.get(o.id));
      expect(await sorted("asc")).toEqual(romanian);
      expect(await sorted("desc")).toEqual(romanian.toReversed());
    });

    it("refuses an unknown sort key", async () => {
      expect((await get("/api/v1/observer?SortBy=phone", organizer)).status).toBe(400);
    });
  });

  describe("countObservers", () => {
    it("counts the live observers in scope with the list's filters", async () => {
      const count = async (query: string, token: string) => {
        const response = await get(`/api/v1/observer/count?${query}`, token);
        expect(response.status).toBe(200);
        return ((await response.json()) as { count: number }).count;
      };
      expect(await count("", organizer)).toBe((await liveIds()).length);
      expect(await count("", ngo2Admin)).toBe((await liveIds(2)).length);
      expect(await count("NgoId=1", organizer)).toBe((await liveIds(1)).length);
      expect(await count("Name=sortare", organizer)).toBe((await list("Name=sortare", organizer)).totalItems);
      expect(await count("Number=0799", ngo2Admin)).toBe((await list("Number=0799", ngo2Admin)).totalItems);
      expect((await get("/api/v1/observer/count?NgoId=1", ngo2Admin)).status).toBe(403);
    });

    it("refuses observer tokens", async () => {
      const response = await signInObserver(DEMO_OBSERVERS[0]!.phone, DEMO_OBSERVERS[0]!.pin);
      const { access_token: token } = (await response.json()) as { access_token: string };
      expect((await get("/api/v1/observer/count", token)).status).toBe(403);
      expect((await get("/api/v1/observer", token)).status).toBe(403);
    });
  });

  describe("createObserver", () => {
    it("adds an observer to the caller's NGO with a normalised name and a working PIN", async () => {
      const created = await createOk(ngo2Admin, { name: "  Ana   Maria\tPop ", phone: "0799300001", pin: "4321", sendSMS: true });
      expect(created).toEqual({
        id: created.id,
        name: "Ana Maria Pop",
        phone: "0799300001",
        ngoId: 2,
        ngo: "Asociația Observatorilor Civici",
        deviceRegisterDate: null,
        lastSeen: null,
        numberOfNotes: 0,
        numberOfPollingStations: 0,
      });
      expect((await signInObserver("0799300001", "4321")).status).toBe(200);
      const stored = await db().selectFrom("observer").select("pinHash").where("id", "=", created.id).executeTakeFirstOrThrow();
      expect(stored.pinHash).not.toContain("4321");
    });

    it("lets an organizer choose the NGO and another admin only its own", async () => {
      expect((await createOk(organizer, { name: "Pentru Doi", phone: "0799300002", pin: "1234", ngoId: 2 })).ngoId).toBe(2);
      expect((await createOk(ngo2Admin, { name: "Tot Doi", phone: "0799300003", pin: "1234", ngoId: 2 })).ngoId).toBe(2);
      const forbidden = await create(ngo2Admin, { name: "Spre Unu", phone: "0799300004", pin: "1234", ngoId: 1 });
      expect(forbidden.status).toBe(403);
      const unknown = await create(organizer, { name: "Nicăieri", phone: "0799300005", pin: "1234", ngoId: 999 });
      expect(unknown.status).toBe(400);
      expect(await unknown.json()).toMatchObject({ code: "validation", errors: { ngoId: [{ code: "not_found" }] } });
      const phones = await db().selectFrom("observer").select("phone").where("phone", "in", ["0799300004", "0799300005"]).execute();
      expect(phones).toEqual([]);
    });

    it("validates every field", async () => {
      const response = await create(organizer, { name: "   ", phone: "07 22", pin: "12", extra: true });
      expect(response.status).toBe(400);
      const body = (await response.json()) as ValidationProblem;
      expect(Object.keys(body.errors).sort()).toEqual(["extra", "name", "phone", "pin"]);
      expect(body.errors.phone).toEqual([expect.objectContaining({ code: "pattern" })]);
      const missing = await create(organizer, { name: "Fără PIN", phone: "0799300006" });
      expect(await missing.json()).toMatchObject({ errors: { pin: [{ code: "required" }] } });
    });

    it("answers 409 duplicate_phone for a phone any live observer uses, even in another NGO", async () => {
      const taken = await ngo1Observer();
      const response = await create(ngo2Admin, { name: "Dublură", phone: taken.phone, pin: "1234" });
      expect(response.status).toBe(409);
      expect(await response.json()).toMatchObject({ code: "duplicate_phone", errors: { phone: [{ code: "duplicate" }] } });
    });

    it("recognises the live-phone index's violation as the driver reports it", async () => {
      const taken = await ngo1Observer();
      const duplicate = db().insertInto("observer").values({ ngoId: 1, name: "Dublură", phone: taken.phone, pinHash: "x" }).execute();
      const error: unknown = await duplicate.then(() => null, (reason: unknown) => reason);
      expect(isUniqueViolation(error)).toBe(true);
    });

    // Only PostgreSQL has concurrent connections; PGlite serialises every statement, so the race cannot occur there.
    const itOnPostgres = engine === "postgres" ? it : () => {};
    itOnPostgres("answers 409, not 500, when another writer takes the phone between check and insert", async () => {
      let request: Promise<Response> | undefined;
      await db().transaction().execute(async (trx) => {
        await trx.insertInto("observer").values({ ngoId: 1, name: "Primul", phone: "0799300007", pinHash: "x" }).execute();
        // The request's check cannot see the uncommitted row; its insert then waits on the unique index.
        request = create(organizer, { name: "Al Doilea", phone: "0799300007", pin: "1234" });
        await waitFor(async () => {
          // A transaction sees one snapshot of pg_stat_activity unless it drops it.
          await sql`SELECT pg_stat_clear_snapshot()`.execute(trx);
          const { rows } = await sql<{ n: number }>`
            SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(trx);
          return rows[0]!.n === 1;
        });
      });
      const response = await request!;
      expect(response.status).toBe(409);
      expect(await response.json()).toMatchObject({ code: "duplicate_phone", errors: { phone: [{ code: "duplicate" }] } });
      expect(await db().selectFrom("observer").select("name").where("phone", "=", "0799300007").execute()).toEqual([{ name: "Primul" }]);
    });
  });

  describe("updateObserver", () => {
    const update = (token: string, json: Record<string, unknown>) => send("PUT", "/api/v1/observer", token, json);

    it("replaces name and phone, keeps the PIN when none is sent and changes it when one is", async () => {
      const observer = await createOk(ngo2Admin, { name: "De Editat", phone: "0799400001", pin: "1111" });
      const renamed = await update(ngo2Admin, { idObserver: observer.id, name: " Editat   Acum ", phone: "0799400002" });
      expect(renamed.status).toBe(200);
      expect(await renamed.json()).toEqual({ ...observer, name: "Editat Acum", phone: "0799400002" });
      expect((await signInObserver("0799400002", "1111")).status).toBe(200);
      const repinned = await update(ngo2Admin, { idObserver: observer.id, name: "Editat Acum", phone: "0799400002", pin: "2222" });
      expect(repinned.status).toBe(200);
      expect((await signInObserver("0799400002", "2222")).status).toBe(200);
      expect((await signInObserver("0799400002", "1111")).status).toBe(401);
    });

    // Another NGO's observer is refused and left as it was: the security matrix's updateObserver row.
    it("answers 404 for an unknown id", async () => {
      const unknown = await update(organizer, { idObserver: 999999, name: "Nimeni", phone: "0799400004" });
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toMatchObject({ code: "not_found" });
    });

    it("answers 409 for another observer's phone and accepts the observer's own", async () => {
      const observer = await createOk(organizer, { name: "Cu Telefon", phone: "0799400005", pin: "1234" });
      const taken = await ngo1Observer();
      const clash = await update(organizer, { idObserver: observer.id, name: "Cu Telefon", phone: taken.phone });
      expect(clash.status).toBe(409);
      expect(await clash.json()).toMatchObject({ code: "duplicate_phone", errors: { phone: [{ code: "duplicate" }] } });
      expect((await update(organizer, { idObserver: observer.id, name: "Același", phone: "0799400005" })).status).toBe(200);
    });

    it("validates the body", async () => {
      const response = await update(organizer, { name: "", phone: "x" });
      expect(response.status).toBe(400);
      const body = (await response.json()) as ValidationProblem;
      expect(Object.keys(body.errors).sort()).toEqual(["idObserver", "name", "phone"]);
    });
  });

  describe("deleteObserver", () => {
    const remove = (id: number, token: string) => server.request(`/api/v1/observer?id=${id}`, { method: "DELETE", token });
    const countRows = async (observerId: number) => ({
      answers: (await db().selectFrom("answer").select("optionId").where("observerId", "=", observerId).execute()).length,
      notes: (await db().selectFrom("note").select("id").where("observerId", "=", observerId).execute()).length,
      stations: (await db().selectFrom("pollingStationInfo").select("pollingStationId").where("observerId", "=", observerId).execute()).length,
    });

    it("soft-deletes: answers, notes and station records stay attributed, sign-in and tokens stop, the phone frees up", async () => {
      const demo = DEMO_OBSERVERS[0]!;
      const observer = await db().selectFrom("observer").select(["id", "ngoId"]).where("phone", "=", demo.phone).executeTakeFirstOrThrow();
      const before = await countRows(observer.id);
      expect(before.answers).toBeGreaterThan(0);
      const signedIn = await signInObserver(demo.phone, demo.pin);
      const { access_token: token } = (await signedIn.json()) as { access_token: string };
      expect((await get("/api/v2/access/me", token)).status).toBe(200);

      expect((await remove(observer.id, organizer)).status).toBe(204);

      expect(await countRows(observer.id)).toEqual(before);
      expect((await get("/api/v2/access/me", token)).status).toBe(401);
      expect((await signInObserver(demo.phone, demo.pin)).status).toBe(401);
      expect((await list(`id=${observer.id}`, organizer)).totalItems).toBe(0);
      expect(await liveIds()).not.toContain(observer.id);
      expect((await remove(observer.id, organizer)).status).toBe(404);
      const reused = await createOk(organizer, { name: "Noul Titular", phone: demo.phone, pin: "5555" });
      expect(reused.id).not.toBe(observer.id);
      expect((await signInObserver(demo.phone, "5555")).status).toBe(200);
    });

    // Another NGO's observer is refused and kept: the security matrix's deleteObserver row.
    it("answers 404 for an unknown id", async () => {
      expect((await remove(999999, organizer)).status).toBe(404);
    });

    it("lets an admin delete its own NGO's observer and validates the id", async () => {
      const observer = await createOk(ngo2Admin, { name: "De Șters", phone: "0799500001", pin: "1234" });
      expect((await remove(observer.id, ngo2Admin)).status).toBe(204);
      expect((await server.request("/api/v1/observer?id=abc", { method: "DELETE", token: organizer })).status).toBe(400);
      expect((await server.request("/api/v1/observer", { method: "DELETE", token: organizer })).status).toBe(400);
    });
  });

  describe("resetObserver", () => {
    const reset = (token: string, json: Record<string, unknown>) => send("POST", "/api/v1/observer/reset", token, json);

    it("sets a new PIN: the observer signs in with it and no longer with the old one", async () => {
      await createOk(ngo2Admin, { name: "Uituc", phone: "0799600001", pin: "1111" });
      const response = await reset(ngo2Admin, { action: "reset-password", phoneNumber: "0799600001", pin: "987654" });
      expect(response.status).toBe(204);
      expect((await signInObserver("0799600001", "987654")).status).toBe(200);
      expect((await signInObserver("0799600001", "1111")).status).toBe(401);
    });

    it("forgets the registered device and its push registration", async () => {
      const observer = await db()
        .selectFrom("observer")
        .innerJoin("notificationRegistration as r", "r.observerId", "observer.id")
        .select(["observer.id", "observer.phone", "observer.ngoId"])
        .where("observer.deviceRegisterDate", "is not", null)
        .where("observer.deletedAt", "is", null)
        .executeTakeFirstOrThrow();
      const response = await reset(organizer, { action: "device", phoneNumber: observer.phone });
      expect(response.status).toBe(204);
      expect((await list(`id=${observer.id}`, organizer)).data[0]!.deviceRegisterDate).toBeNull();
      expect(await db().selectFrom("notificationRegistration").select("token").where("observerId", "=", observer.id).execute()).toEqual([]);
    });

    // A PIN reset of another NGO's observer is refused and changes nothing: the security matrix's resetObserver row.
    it("answers 404 for another NGO's observer's device and for an unknown phone, and changes nothing", async () => {
      const target = await ngo1Observer();
      const before = await db().selectFrom("observer").selectAll().where("id", "=", target.id).executeTakeFirstOrThrow();
      expect((await reset(ngo2Admin, { action: "device", phoneNumber: target.phone })).status).toBe(404);
      expect((await reset(organizer, { action: "device", phoneNumber: "0799999999" })).status).toBe(404);
      expect(await db().selectFrom("observer").selectAll().where("id", "=", target.id).executeTakeFirstOrThrow()).toEqual(before);
    });

    it("validates the action, and requires a PIN to reset the password", async () => {
      const unknown = await reset(organizer, { action: "wipe", phoneNumber: "0799600001" });
      expect(unknown.status).toBe(400);
      expect(await unknown.json()).toMatchObject({ errors: { action: [{ code: "enum" }] } });
      const noPin = await reset(organizer, { action: "reset-password", phoneNumber: "0799600001" });
      expect(noPin.status).toBe(400);
      expect(await noPin.json()).toMatchObject({ errors: { pin: [{ code: "required" }] } });
    });
  });

  describe("listActiveObservers", () => {
    interface Visit { observerId: number; ngoId: number; name: string; code: string; number: number; left: boolean }

    async function visits(): Promise<Visit[]> {
      const { rows } = await sql<Visit>`
        SELECT o.id AS observer_id, o.ngo_id, o.name, c.code, ps.number, v.observer_leave_time IS NOT NULL AS left
        FROM polling_station_info v
        JOIN observer o ON o.id = v.observer_id AND o.deleted_at IS NULL
        JOIN polling_station ps ON ps.id = v.polling_station_id
        JOIN county c ON c.id = ps.county_id
        WHERE v.election_round_id = 1 AND v.observer_arrival_time IS NOT NULL`.execute(db());
      return rows;
    }

    /** Distinct ids of the matching visits, by name in Romanian order (migration 008) then id. */
    async function expectedIds(match: (visit: Visit) => boolean): Promise<number[]> {
      const ids = [...new Set((await visits()).filter(match).map((visit) => visit.observerId))];
      if (ids.length === 0) return [];
      const { rows } = await sql<{ id: number }>`
        SELECT id FROM observer WHERE id = any(${ids}::int[]) ORDER BY ro_sort_key(name) COLLATE "C", id`.execute(db());
      return rows.map((row) => row.id);
    }

    const active = async (query: string, token: string) => {
      const response = await get(`/api/v1/observer/active?${query}`, token);
      expect(response.status).toBe(200);
      return ((await response.json()) as Observer[]).map((o) => o.id);
    };

    it("returns each observer who arrived in the counties once, by name then id", async () => {
      const all = await visits();
      const codes = [...new Set(all.map((visit) => visit.code))].slice(0, 3);
      const query = codes.map((code) => `countyCodes=${code}`).join("&");
      const expected = await expectedIds((visit) => codes.includes(visit.code));
      expect(expected.length).toBeGreaterThan(0);
      expect(await active(query, organizer)).toEqual(expected);
    });

    it("honours the station-number range and currentlyCheckedIn", async () => {
      const all = await visits();
      const codes = [...new Set(all.map((visit) => visit.code))];
      const query = codes.map((code) => `countyCodes=${code}`).join("&");
      const numbers = all.map((visit) => visit.number).sort((a, b) => a - b);
      const [from, to] = [numbers[Math.floor(numbers.length / 4)]!, numbers[Math.floor((numbers.length * 3) / 4)]!];
      const inRange = await expectedIds((visit) => visit.number >= from && visit.number <= to);
      expect(await active(`${query}&fromPollingStationNumber=${from}&toPollingStationNumber=${to}`, organizer)).toEqual(inRange);
      const checkedIn = await expectedIds((visit) => !visit.left);
      const everyone = await expectedIds(() => true);
      expect(checkedIn.length).toBeLessThan(everyone.length);
      expect(await active(`${query}&currentlyCheckedIn=true`, organizer)).toEqual(checkedIn);
      expect(await active(`${query}&currentlyCheckedIn=false`, organizer)).toEqual(everyone);
    });

    it("limits other admins to their own NGO", async () => {
      const codes = [...new Set((await visits()).map((visit) => visit.code))];
      const query = codes.map((code) => `countyCodes=${code}`).join("&");
      const own = await expectedIds((visit) => visit.ngoId === 2);
      expect(own.length).toBeGreaterThan(0);
      expect(await active(query, ngo2Admin)).toEqual(own);
    });

    it("matches nothing for unknown counties and validates the query", async () => {
      expect(await active("countyCodes=ZZ", organizer)).toEqual([]);
      for (const query of ["", "countyCodes=cj", "countyCodes=CJ&fromPollingStationNumber=5&toPollingStationNumber=4", "countyCodes=CJ&fromPollingStationNumber=0"]) {
        expect((await get(`/api/v1/observer/active?${query}`, organizer)).status).toBe(400);
      }
    });
  });
});
