import { inject } from "vitest";
import type { Hono } from "hono";
import { createApp } from "../src/app.ts";
import { createSignInThrottle } from "../src/auth/sign-in-throttle.ts";
import { openDatabase, type DatabaseHandle, type Engine } from "../src/db/database.ts";
import { createMemoryFileStore } from "../src/files/file-store.ts";
import type { TokenConfig } from "../src/auth/token.ts";
import type { AppConfig } from "../src/deps.ts";
import type { FileStore } from "../src/files/file-store.ts";
import { createLiveHub, type LiveHub } from "../src/live/hub.ts";
import { createFanOut, type FanOut } from "../src/notifications/fan-out.ts";
import { outboxProvider, type PushProvider } from "../src/notifications/provider.ts";
import type { WebPushSender } from "../src/notifications/web-push.ts";
import { createContractChecker } from "./contract-check.ts";
import { TEST_PASSWORD_COST } from "./password-cost.ts";
import { putDemoPhotos } from "./demo-photos.ts";
import { copyOfTemplate } from "./seed-templates.ts";

/**
 * In-process test server on a fresh database of either engine. Every response it returns is checked
 * against the contract: a status, media type or body the contract does not declare fails the test.
 */
const postgresUrl = inject("postgresUrl");
/** What every server test runs on: PostgreSQL when the run has a cluster (`REQUIRE_POSTGRES` in CI), else PGlite. */
export const engines: Engine[] = postgresUrl ? ["postgres"] : ["pglite"];
/**
 * For what depends on the engine, both: commit order and LISTEN/NOTIFY (live events), races on one row (claims),
 * the sign-in throttle, statement timeouts, the Romanian collation, and the security matrix and fuzzer, which pass
 * every operation through both. README's "Test layout" lists the files.
 */
export const bothEngines: Engine[] = postgresUrl ? ["pglite", "postgres"] : ["pglite"];

const checkResponse = createContractChecker();

export const tokenConfig: TokenConfig = {
  secret: new TextEncoder().encode("test-secret-that-is-long-enough-for-hs256"),
  issuer: "vote-monitor",
  audience: "vote-monitor-back-office",
  ttlSeconds: 3600,
};

type Request = (path: string, init?: RequestInit & { token?: string; json?: unknown }) => Promise<Response>;

/** One server instance: an app and its live hub. */
export interface TestInstance {
  app: Hono;
  /** The live events' hub, started. */
  live: LiveHub;
  request: Request;
  close(): Promise<void>;
}

export interface TestServer extends TestInstance {
  handle: DatabaseHandle;
  clock: { now: Date; advance(seconds: number): void };
  /** The notifications' fan-out, never started: a test runs it with `drain()`. */
  fanOut: FanOut;
  /** Another instance on the same database, with its own connections and hub (on PGlite, the same database object). */
  startInstance(): Promise<TestInstance>;
  signIn(user: string, password: string): Promise<string>;
  close(): Promise<void>;
}

export async function startTestServer(
  engine: Engine,
  {
    seed = true,
    observers = 200,
    config = {},
    push = outboxProvider,
    webPush,
    files = createMemoryFileStore(),
  }: { seed?: boolean; observers?: number; config?: Partial<AppConfig>; push?: PushProvider; webPush?: WebPushSender; files?: FileStore } = {},
): Promise<TestServer> {
  const database = await copyOfTemplate(engine, seed ? { seed, observers } : { seed });
  const { handle } = database;
  if (seed) await putDemoPhotos(files, observers);
  const clock = {
    now: new Date("2026-11-22T08:00:00Z"),
    advance(seconds: number) {
      this.now = new Date(this.now.getTime() + seconds * 1000);
    },
  };
  const fanOut = createFanOut({ db: handle.db, provider: push, webPush, clock: () => clock.now });
  const instanceOf = (instanceHandle: DatabaseHandle, ownsHandle: boolean) =>
    startInstance(instanceHandle, ownsHandle, files, () => clock.now, { push, webPush, config: { token: tokenConfig, version: "test", passwordCost: TEST_PASSWORD_COST, ...config } });
  const main = await instanceOf(handle, false);
  const request = main.request;
  const others: TestInstance[] = [];
  return {
    app: main.app,
    live: main.live,
    handle,
    clock,
    fanOut,
    request,
    async startInstance() {
      const own = engine === "postgres";
      const instance = await instanceOf(own ? await openDatabase(database.url) : handle, own);
      others.push(instance);
      return instance;
    },
    async signIn(user, password) {
      const response = await request("/api/v2/access/authorize", { method: "POST", json: { user, password } });
      if (response.status !== 200) throw new Error(`sign-in as ${user} failed with ${response.status}`);
      return ((await response.json()) as { access_token: string }).access_token;
    },
    async close() {
      for (const instance of others) await instance.close();
      await main.close();
      await handle.close();
      await database.drop();
    },
  };
}

async function startInstance(
  handle: DatabaseHandle,
  ownsHandle: boolean,
  files: FileStore,
  clock: () => Date,
  { push, webPush, config }: { push: PushProvider; webPush: WebPushSender | undefined; config: AppConfig },
): Promise<TestInstance> {
  const live = createLiveHub({ db: handle.db, listen: handle.listen });
  await live.start();
  const app = createApp({
    db: handle.db,
    engine: handle.engine,
    files,
    clock,
    signInThrottle: createSignInThrottle(handle.db),
    notifications: { provider: push, webPush, wake: () => {} },
    live,
    config,
  });

  const request: Request = async (path, init = {}) => {
    const { token, json, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (token) headers.set("authorization", `Bearer ${token}`);
    if (json !== undefined) headers.set("content-type", "application/json");
    const method = rest.method ?? "GET";
    const response = await app.request(path, { ...rest, method, headers, body: json === undefined ? rest.body : JSON.stringify(json) });
    await checkResponse(method, path, response);
    return response;
  };

  let closed = false;
  return {
    app,
    live,
    request,
    async close() {
      if (closed) return;
      closed = true;
      await live.stop();
      if (ownsHandle) await handle.close();
    },
  };
}
