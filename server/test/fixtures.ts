import type { Kysely } from "kysely";
import { expect, test } from "vitest";
import type { components } from "../../openapi/schema.d.ts";
import type { Engine } from "../src/db/database.ts";
import type { Database } from "../src/db/schema.ts";
import type { FileStore } from "../src/files/file-store.ts";
import type { AppConfig } from "../src/deps.ts";
import type { PushProvider } from "../src/notifications/provider.ts";
import type { WebPushSender } from "../src/notifications/web-push.ts";
import { bothEngines, startTestServer, type TestServer } from "./harness.ts";

export type Problem = components["schemas"]["Problem"];
/** A 400 `validation` problem, which always lists its field errors. */
export type ValidationProblem = Problem & Required<Pick<Problem, "errors">>;

/** A seeded test server with the demo organizer and NGO 2's admin signed in, and request shorthands. */
export interface SignedInServer {
  server: TestServer;
  /** Token of 0700000001, an admin of the organizer NGO 1. */
  organizer: string;
  /** Token of 0700000002, an admin of NGO 2 (not an organizer). */
  ngo2Admin: string;
  db: () => Kysely<Database>;
  get: (path: string, token?: string) => Promise<Response>;
  send: (method: string, path: string, token?: string, json?: unknown) => Promise<Response>;
  /** The raw answer of an admin sign-in, for tests about signing in. */
  signIn: (user: string, password: string) => Promise<Response>;
}

interface ServerOptions {
  observers: number;
  /** The push provider notifications go through (the outbox unless a test injects, e.g., a fake Firebase). */
  push?: PushProvider;
  /** Web Push besides the provider (off unless a test injects one, e.g. to a local push service). */
  webPush?: WebPushSender;
  /** The attachment store of each engine's server (a memory store unless a test injects, e.g., a failing one). */
  files?: (engine: Engine) => FileStore;
  /** Settings over the test defaults (e.g. `publicUrl`). */
  config?: Partial<AppConfig>;
}

/** A seeded test server of its own, signed in; close it with `api.server.close()`. */
export async function signedIn(engine: Engine, { files, ...options }: ServerOptions): Promise<SignedInServer> {
  const server = await startTestServer(engine, { ...options, files: files?.(engine) });
  return {
    server,
    organizer: await server.signIn("0700000001", "demo1234"),
    ngo2Admin: await server.signIn("0700000002", "demo1234"),
    db: () => server.handle.db,
    get: (path, token) => server.request(path, { token }),
    send: (method, path, token, json) => server.request(path, { method, token, json }),
    signIn: (user, password) => server.request("/api/v2/access/authorize", { method: "POST", json: { user, password } }),
  };
}

/**
 * One `test` per engine whose file-scoped `api` fixture is a signed-in server, started once per file and closed after
 * it. Fixtures with a file scope must be declared at a file's top level, so call this there and pick by engine inside
 * `describe.each(engines)`:
 *
 *     const tests = serverTests({ observers: 30 });
 *     describe.each(engines)("observers on %s", (engine) => {
 *       const it = tests[engine];
 *       let { organizer, get } = {} as SignedInServer;
 *       it.beforeAll(({ api }) => void ({ organizer, get } = api));
 */
export function serverTests(options: ServerOptions) {
  const byEngine = (engine: Engine) =>
    // eslint-disable-next-line no-empty-pattern -- Vitest reads a fixture's dependencies from this pattern; it has none.
    test.extend("api", { scope: "file" }, async ({}, { onCleanup }) => {
      const api = await signedIn(engine, options);
      onCleanup(() => api.server.close());
      return api;
    });
  return Object.fromEntries(bothEngines.map((engine) => [engine, byEngine(engine)])) as Record<Engine, ReturnType<typeof byEngine>>;
}

export async function expectProblem(response: Response, status: number, code: string): Promise<Problem> {
  expect(response.status).toBe(status);
  const body = (await response.json()) as Problem;
  expect(body.code).toBe(code);
  return body;
}
