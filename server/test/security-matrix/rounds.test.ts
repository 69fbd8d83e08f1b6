import { describe, expect } from "vitest";
import { loadContract, type Operation } from "../../src/http/contract.ts";
import { serverTests } from "../fixtures.ts";
import { engines } from "../harness.ts";
import { openRound } from "../rounds/next-round.ts";
import { rows } from "./requests.ts";
import { buildWorld, type World } from "./world.ts";

/*
 * The election round as the matrix's further dimension (issue 27): every round-scoped operation of the contract,
 * called by whoever may call it, into an archived round (every write a 409 that changes nothing, every staff read
 * still answered, an observer's read a 400: observers work in active rounds only), into an unknown round (a 400 naming
 * electionRoundId), and, by NGO 2's admin (NGO 2's observer for the observers' reads), into another active round
 * (nothing of NGO 1 in any answer).
 */
const contract = loadContract();
const scoped = contract.operations.filter((operation) => operation.round === "scoped");
const tests = serverTests({ observers: 30 });
const ARCHIVED = 3;
const OTHER_ACTIVE = 4;
const UNKNOWN = 999;

/** The same world, its calls made in `roundId`: every /api/ URL it requests names the round. */
function inRound(world: World, roundId: number): World {
  const named = (path: string) => (path.startsWith("/api/") ? `${path}${path.includes("?") ? "&" : "?"}electionRoundId=${roundId}` : path);
  const { api } = world;
  return {
    ...world,
    api: {
      ...api,
      get: (path, token) => api.get(named(path), token),
      send: (method, path, token, json) => api.send(method, named(path), token, json),
      server: { ...api.server, request: (path, init) => api.server.request(named(path), init) },
    },
  };
}

const staffMay = (operation: Operation) => operation.roles?.includes("organizer") || operation.roles?.includes("ngoAdmin");
/** Who may make the call in the round's own NGO: an observer for the observers' reports and reads, the organizer otherwise. */
const tokenFor = (world: World, operation: Operation) => (staffMay(operation) ? world.api.organizer : world.targets[1].observer.token);

const writes = (operation: Operation) => operation.method !== "GET";

/** The answer's text; a live stream's is closed unread (it would never end). */
async function textOf(response: Response): Promise<string> {
  if (!response.headers.get("content-type")?.includes("event-stream")) return response.text();
  await response.body?.cancel();
  return "";
}

describe.each(engines)("the security matrix's election rounds on %s", (engine) => {
  const it = tests[engine];
  let world = {} as World;
  it.beforeAll(async ({ api }) => {
    world = await buildWorld(api);
    await openRound(api.db(), ARCHIVED, "archived");
    await openRound(api.db(), OTHER_ACTIVE, "active");
    // Older than round 1, so that round 1 stays every caller's current round.
    await api.db().updateTable("electionRound").set({ electionDay: "2020-01-01" }).where("id", "in", [ARCHIVED, OTHER_ACTIVE]).execute();
  });

  it("has a row for every round-scoped operation", () => {
    expect(scoped.length).toBe(51);
    expect(scoped.filter((operation) => !rows[operation.operationId]).map((operation) => operation.operationId)).toEqual([]);
  });

  for (const operation of scoped) {
    const row = rows[operation.operationId]!;
    describe(operation.operationId, () => {
      const observersRead = !writes(operation) && !staffMay(operation);
      const archivedTitle = writes(operation)
        ? "refuses a write into an archived round with 409 round_archived, changing nothing"
        : observersRead
          ? "refuses an observer's read of an archived round with a 400 (observers work in active rounds only)"
          : "still answers a read of an archived round";
      it(archivedTitle, async () => {
        const target = row.prepare ? await row.prepare(world, world.targets[1]) : world.targets[1];
        const before = await row.state?.(world, target);
        const response = await row.call(inRound(world, ARCHIVED), target, tokenFor(world, operation));
        const body = await textOf(response);
        if (writes(operation)) {
          expect(response.status, body.slice(0, 300)).toBe(409);
          expect(JSON.parse(body)).toMatchObject({ code: "round_archived" });
          if (row.state) expect(await row.state(world, target), "a refused write changed the database").toEqual(before);
        } else if (observersRead) {
          expect(response.status, body.slice(0, 300)).toBe(400);
          expect(JSON.parse(body)).toMatchObject({ errors: { electionRoundId: [expect.objectContaining({ code: "not_found" })] } });
        } else {
          // The ids are round 1's: a read of one thing is a 404 there, a list an empty success; never a refusal.
          expect([200, 404], body.slice(0, 300)).toContain(response.status);
        }
      });

      it("refuses an unknown round with a 400 naming electionRoundId, changing nothing", async () => {
        const target = row.prepare ? await row.prepare(world, world.targets[1]) : world.targets[1];
        const before = await row.state?.(world, target);
        const response = await row.call(inRound(world, UNKNOWN), target, tokenFor(world, operation));
        const body = await textOf(response);
        expect(response.status, body.slice(0, 300)).toBe(400);
        expect(JSON.parse(body)).toMatchObject({ errors: { electionRoundId: [expect.objectContaining({ code: "not_found" })] } });
        if (row.state) expect(await row.state(world, target)).toEqual(before);
      });

      it(`gives NGO 2's ${observersRead ? "observer" : "admin"} nothing of NGO 1 through another active round`, async () => {
        if (!operation.roles?.includes("ngoAdmin") && !observersRead) return;
        const target = row.prepare ? await row.prepare(world, world.targets[1]) : world.targets[1];
        const caller = observersRead ? world.targets[2].observer.token : world.api.ngo2Admin;
        const response = await row.call(inRound(world, OTHER_ACTIVE), target, caller);
        const body = await textOf(response);
        expect(response.status).toBeLessThan(500);
        expect(world.ngo1Secrets.filter((secret) => body.includes(secret)), "NGO 1's data in the answer").toEqual([]);
      });
    });
  }
});
