/**
 * The real API server for component and model-based tests: createApp on in-memory PGlite, inside the test's own
 * jsdom worker, reached through the SPA's real client (`renderApp({ fetch: server.fetch, storedToken })`).
 *
 * Why not fakes: a fake server re-implements the server (its sorting, filtering, refusals) and drifts from it; this
 * one is the server, and every answer it gives is also checked against the contract, as in the server suites.
 *
 * Why it is fast enough: initdb, the migrations and the default demo seed run once per run
 * (test-database.global-setup.ts); a test file loads that dump into one PGlite, applies any other seed once and keeps
 * a copy of it in a schema of its own (written over the migrated database the dump also keeps), and every
 * `startTestServer({ seed })` restores its seed's copy (TRUNCATE + INSERT … SELECT), so no test sees another's writes.
 * Tests of a file run one after another, which is what makes sharing one database per file safe.
 */
import { PGlite } from "@electric-sql/pglite";
import type { Hono } from "hono";
import { CamelCasePlugin, Kysely, PGliteDialect } from "kysely";
import { readFileSync } from "node:fs";
import { inject, onTestFinished } from "vitest";
import { createApp } from "../../server/src/app.ts";
import { createSignInThrottle } from "../../server/src/auth/sign-in-throttle.ts";
import { signToken, type TokenConfig } from "../../server/src/auth/token.ts";
import { skipAbandonedRequests } from "../../server/src/db/abandoned-requests.ts";
import { listenOnPglite } from "../../server/src/db/database.ts";
import type { Database } from "../../server/src/db/schema.ts";
import { seedDemoData } from "../../server/src/demo/seed.ts";
import { createMemoryFileStore, type FileStore } from "../../server/src/files/file-store.ts";
import { createLiveHub, type LiveHub } from "../../server/src/live/hub.ts";
import { createFanOut, type FanOut } from "../../server/src/notifications/fan-out.ts";
import { outboxProvider } from "../../server/src/notifications/provider.ts";
import { createContractChecker } from "../../server/test/contract-check.ts";
import { TEST_PASSWORD_COST } from "../../server/test/password-cost.ts";
import { putDemoPhotos } from "../../server/test/demo-photos.ts";
import { DEMO_OBSERVERS, demoSnapshotSchema, MIGRATED_SNAPSHOT, restoreSql, snapshotSql, SNAPSHOT_TABLES_SQL } from "./snapshot-sql.ts";

export type TestDb = Kysely<Database>;
/** "demo" (the demo seed with `observers` observers) or a function that fills the empty, migrated database. */
export type Seed = "demo" | ((db: TestDb) => Promise<void>);
/** "METHOD /path": the pathname exactly, where `*` stands for one segment (e.g. "DELETE /api/v1/ngo/*"). */
export type Match = string;

export const TEST_NOW = new Date("2026-11-22T08:00:00Z");
// Only this server checks these tokens: any secret does, and minting one needs no sign-in (no scrypt).
const tokenConfig: TokenConfig = {
  secret: new TextEncoder().encode("test-secret-that-is-long-enough-for-hs256"),
  issuer: "vote-monitor",
  audience: "vote-monitor-back-office",
  ttlSeconds: 3600,
};

interface Snapshot {
  schema: string;
  /** The attachments the seed wrote: restored with its rows. */
  files: FileStore;
}

interface FileDatabase {
  pglite: PGlite;
  db: TestDb;
  tables: string[];
  snapshots: Map<string | Exclude<Seed, "demo">, Snapshot>;
  /** Built once per file (compiling the contract's validators is the slow part); `files` is the current test's. */
  app: Hono;
  files: { current: FileStore };
  /** The current test's live hub: started after its restore, so that it reads only that test's events. */
  live: { current: LiveHub | null };
  /** Notifications go to the outbox; never started, a test settles them with `drainNotifications`. */
  fanOut: FanOut;
}

let fileDatabase: Promise<FileDatabase> | undefined;

function openFileDatabase(): Promise<FileDatabase> {
  fileDatabase ??= (async () => {
    const pglite = await PGlite.create({ loadDataDir: new Blob([readFileSync(inject("testDatabaseDump"))]) });
    // As openDatabase does for "pglite:memory", which cannot load a dump. Destroying this Kysely closes PGlite.
    const db = new Kysely<Database>({ dialect: skipAbandonedRequests(new PGliteDialect({ pglite })), plugins: [new CamelCasePlugin()] });
    const { rows } = await pglite.query<{ name: string }>(SNAPSHOT_TABLES_SQL);
    const files = { current: createMemoryFileStore() };
    const live = { current: null as LiveHub | null };
    const fanOut = createFanOut({ db, provider: outboxProvider, clock: () => TEST_NOW });
    const app = createApp({
      db,
      engine: "pglite",
      files: { put: (...args) => files.current.put(...args), get: (...args) => files.current.get(...args), delete: (key) => files.current.delete(key) },
      clock: () => TEST_NOW,
      signInThrottle: createSignInThrottle(db),
      config: { token: tokenConfig, version: "test", passwordCost: TEST_PASSWORD_COST },
      notifications: { provider: outboxProvider, wake: () => {} },
      live: {
        start: async () => {},
        stop: async () => {},
        subscribe: (subscriber) => live.current?.subscribe(subscriber) ?? (subscriber.close(), () => {}),
        subscriberCount: () => live.current?.subscriberCount() ?? 0,
        caughtUp: () => live.current?.caughtUp() ?? Promise.resolve(),
        accessChecked: () => live.current?.accessChecked() ?? Promise.resolve(),
      },
    });
    // The dump holds the default demo seed already (its global setup): only its photos are made again.
    const demo = { schema: demoSnapshotSchema(DEMO_OBSERVERS), files: createMemoryFileStore() };
    await putDemoPhotos(demo.files, DEMO_OBSERVERS);
    const snapshots = new Map<string | Exclude<Seed, "demo">, Snapshot>([[`demo:${DEMO_OBSERVERS}`, demo]]);
    return { pglite, db, tables: rows.map((row) => `public.${row.name}`), snapshots, app, files, live, fanOut };
  })();
  return fileDatabase;
}

/** Reads fall back to the seed's attachments; a test's writes stay its own. */
function overlay(base: FileStore): FileStore {
  const own = createMemoryFileStore();
  return { put: (key, bytes) => own.put(key, bytes), get: async (key) => (await own.get(key)) ?? base.get(key), delete: (key) => own.delete(key) };
}

async function restore(database: FileDatabase, seed: Seed, observers: number): Promise<FileStore> {
  const { pglite, db, tables, snapshots } = database;
  const key = seed === "demo" ? `demo:${observers}` : seed;
  const known = snapshots.get(key);
  if (known) {
    await pglite.exec(restoreSql(known.schema, tables));
    return overlay(known.files);
  }
  const snapshot = { schema: `snapshot_${snapshots.size}`, files: createMemoryFileStore() };
  // The migrated database, not empty tables: the migrations' reference data (the counties) is every seed's ground.
  await pglite.exec(restoreSql(MIGRATED_SNAPSHOT, tables));
  if (seed === "demo") await seedDemoData({ db, engine: "pglite", exec: async (text) => void (await pglite.exec(text)), close: () => db.destroy() }, snapshot.files, { observers, passwordCost: TEST_PASSWORD_COST });
  else await seed(db);
  await pglite.exec(snapshotSql(snapshot.schema, tables));
  snapshots.set(key, snapshot);
  return overlay(snapshot.files);
}

const checkResponse = createContractChecker();

function matcher(match: Match): (method: string, pathname: string) => boolean {
  const [method, path] = match.split(" ") as [string, string];
  const pattern = new RegExp(`^${path.replace(/[.?+^$()[\]{}|\\]/g, "\\$&").replace(/\*/g, "[^/]+")}$`);
  return (candidate, pathname) => candidate === method && pattern.test(pathname);
}

/**
 * What fetch rejects with once its signal aborts. Not jsdom's DOMException: under jsdom that is no `instanceof
 * Error` (it is in browsers and in Node), so the SPA's isAbortError would take it for a network failure.
 */
const abortError = () => Object.assign(new Error("The request was cancelled."), { name: "AbortError" });

const rejectOnAbort = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => signal.addEventListener("abort", () => reject(abortError()), { once: true }));

/** The problem+json answer the server gives for a refusal. */
export function problem(status: number, code: string): Response {
  return Response.json({ type: `urn:problem:${code}`, title: code, status, code }, { status, headers: { "content-type": "application/problem+json" } });
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function jsonOf(response: Response): Promise<unknown> {
  return (response.headers.get("content-type") ?? "").includes("json") ? ((await response.clone().json()) as unknown) : undefined;
}

export interface LoggedRequest {
  method: string;
  /** Pathname and query. */
  path: string;
  /** The parsed JSON body (the text when it is not JSON), null without one. */
  body: unknown;
  /** Cancelled by the SPA (StrictMode's throwaway first mount cancels its own loads). Not enumerable: toEqual skips it. */
  readonly cancelled?: boolean;
}

/** Requests kept from the server until the test lets each go: when a request ends is the test's choice. */
export interface HeldRequests {
  /** How many matching requests were sent, cancelled ones included. */
  receivedCount(): number;
  /** How many are waiting and not cancelled. */
  activeCount(): number;
  /** Passes the one waiting request to the server, hands its answer to the SPA and returns the answer's JSON body. */
  release(): Promise<unknown>;
  /** Answers the one waiting request with the test's response instead of the server's. */
  answer(response: Response): void;
  /** Fails the one waiting request as a network failure does. */
  fail(error?: Error): void;
}

export interface TestServer {
  /** Plays the network for renderApp (a property, so that `fetch: server.fetch` works unbound). */
  fetch: (request: Request) => Promise<Response>;
  /** The server's database, to arrange what the seed lacks or to see what a write did. */
  db: TestDb;
  /** Every request the SPA sent, in order. */
  requests: LoggedRequest[];
  /** The live events' hub of this test: `caughtUp()` resolves once every committed event went to the streams. */
  live: LiveHub;
  /** The requests that change something. */
  writes(): LoggedRequest[];
  count(match: Match): number;
  /** A genuine token for a seeded admin account. */
  tokenFor(account: string): Promise<string>;
  /** Asks the server itself, outside the SPA's log: e.g. what a list must show, rather than a copy of its order. */
  ask(path: string, account: string): Promise<unknown>;
  /** Holds every later matching request until the test releases, answers or fails it. */
  hold(match: Match): HeldRequests;
  /** Answers matching requests with a problem instead of the server: the next `times` of them, all by default. */
  fail(match: Match, status: number, code: string, times?: number): void;
  /** Settles every queued notification recipient, as the server's background fan-out does (the outbox: not pushed). */
  drainNotifications(): Promise<number>;
}

async function mintToken(db: TestDb, account: string, issuedAt: Date = TEST_NOW): Promise<string> {
  const admin = await db
    .selectFrom("ngoAdmin")
    .innerJoin("ngo", "ngo.id", "ngoAdmin.ngoId")
    .select(["ngoAdmin.id", "ngoAdmin.ngoId", "ngo.organizer"])
    .where("account", "=", account)
    .executeTakeFirstOrThrow();
  return signToken(tokenConfig, { role: "ngoAdmin", sub: account, adminId: admin.id, ngoId: admin.ngoId, organizer: admin.organizer }, issuedAt);
}

/**
 * A genuine token for a seeded admin account, outside any test: the one the server's sign-in gives at TEST_NOW
 * (the same claims, the same clock), or one issued at another time (another tab's later sign-in).
 */
export async function tokenBeforeTests(seed: Seed, account: string, issuedAt: Date = TEST_NOW): Promise<string> {
  const database = await openFileDatabase();
  database.files.current = await restore(database, seed, DEMO_OBSERVERS);
  return mintToken(database.db, account, issuedAt);
}

/**
 * The server's answers to GET requests on a seed's data, outside any test: a model-based suite builds its graph
 * before its tests run, and must take the pages it expects from the server rather than compute them.
 */
export async function askBeforeTests(seed: Seed, account: string, paths: string[]): Promise<unknown[]> {
  const database = await openFileDatabase();
  database.files.current = await restore(database, seed, DEMO_OBSERVERS);
  const headers = { authorization: `Bearer ${await mintToken(database.db, account)}` };
  const answers: unknown[] = [];
  for (const path of paths) {
    const response = await database.app.fetch(new Request(`http://localhost${path}`, { headers }));
    await checkResponse("GET", path, response);
    answers.push(await jsonOf(response));
  }
  return answers;
}

export interface TestServerOptions {
  seed?: Seed;
  /** Observers of the demo seed. */
  observers?: number;
}

export async function startTestServer({ seed = "demo", observers = DEMO_OBSERVERS }: TestServerOptions = {}): Promise<TestServer> {
  const database = await openFileDatabase();
  database.files.current = await restore(database, seed, observers);
  const { app, db } = database;
  const live = createLiveHub({ db, listen: (channel, onNotify) => listenOnPglite(database.pglite, channel, onNotify) });
  await live.start();
  database.live.current = live;
  const requests: LoggedRequest[] = [];
  const failures: { matches: ReturnType<typeof matcher>; status: number; code: string; left: number }[] = [];
  const holds: { matches: ReturnType<typeof matcher>; waiting: { request: Request; resolve: (response: Response) => void; reject: (error: unknown) => void }[]; received: number }[] = [];
  const inFlight = new Set<Promise<unknown>>();
  let finished = false;
  onTestFinished(async () => {
    // Runs after the render is unmounted: a request still on the server must be done before the next test restores
    // the database, and a held one must never reach it.
    finished = true;
    await live.stop();
    await Promise.allSettled(inFlight);
  });

  /** The server's answer, checked against the contract; rejects as soon as the request is cancelled, as fetch does. */
  async function serve(request: Request): Promise<Response> {
    if (finished || request.signal.aborted) throw abortError();
    const answer = (async () => {
      const response = await app.fetch(request);
      const { pathname, search } = new URL(request.url);
      await checkResponse(request.method, `${pathname}${search}`, response);
      return response;
    })();
    inFlight.add(answer);
    void answer.catch(() => {}).finally(() => inFlight.delete(answer));
    // The server goes on (its queries then stop: skipAbandonedRequests) and answers 499 to nobody.
    return Promise.race([answer, rejectOnAbort(request.signal)]);
  }

  async function fetch(request: Request): Promise<Response> {
    const { pathname, search } = new URL(request.url);
    const text = request.method === "GET" || request.method === "HEAD" ? "" : await request.clone().text();
    const logged = { method: request.method, path: `${pathname}${search}`, body: parseBody(text) };
    requests.push(Object.defineProperty(logged, "cancelled", { get: () => request.signal.aborted, enumerable: false }));
    if (request.signal.aborted) throw abortError();
    const failure = failures.find((candidate) => candidate.left > 0 && candidate.matches(request.method, pathname));
    if (failure) {
      failure.left -= 1;
      return problem(failure.status, failure.code);
    }
    const hold = holds.find((candidate) => candidate.matches(request.method, pathname));
    if (!hold) return serve(request);
    hold.received += 1;
    return new Promise<Response>((resolve, reject) => {
      hold.waiting.push({ request, resolve, reject });
      void rejectOnAbort(request.signal).catch(reject);
    });
  }

  return {
    fetch,
    db,
    requests,
    live,
    writes: () => requests.filter((request) => request.method !== "GET" && request.method !== "HEAD"),
    count: (match) => {
      const matches = matcher(match);
      return requests.filter((logged) => matches(logged.method, logged.path.split("?")[0]!)).length;
    },
    tokenFor: (account) => mintToken(db, account),
    async ask(path, account) {
      return jsonOf(await serve(new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${await mintToken(db, account)}` } })));
    },
    hold(match) {
      const hold = { matches: matcher(match), waiting: [] as (typeof holds)[number]["waiting"], received: 0 };
      holds.push(hold);
      const active = () => hold.waiting.filter(({ request }) => !request.signal.aborted);
      const take = () => {
        const [one, ...others] = active();
        if (!one || others.length > 0) throw new Error(`expected one waiting ${match}, found ${active().length}`);
        hold.waiting.splice(hold.waiting.indexOf(one), 1);
        return one;
      };
      return {
        receivedCount: () => hold.received,
        activeCount: () => active().length,
        async release() {
          const { request, resolve, reject } = take();
          try {
            const response = await serve(request);
            resolve(response);
            return await jsonOf(response);
          } catch (error) {
            reject(error);
            return undefined;
          }
        },
        answer: (response) => take().resolve(response),
        fail: (error = new TypeError("Failed to fetch")) => take().reject(error),
      };
    },
    fail(match, status, code, times = Infinity) {
      failures.push({ matches: matcher(match), status, code, left: times });
    },
    drainNotifications: () => database.fanOut.drain(),
  };
}
