import type { BlockList } from "node:net";
import type { Kysely } from "kysely";
import type { operations } from "../../../src/api/schema.d.ts";
import type { Principal } from "../auth/principal.ts";
import type { SignInThrottle } from "../auth/sign-in-throttle.ts";
import type { TokenConfig } from "../auth/token.ts";
import type { Engine } from "../db/database.ts";
import type { Database } from "../db/schema.ts";
import type { FileStore } from "../files/file-store.ts";
import { fail } from "./problem.ts";

export interface AppConfig {
  token: TokenConfig;
  version: string;
  /** The built SPA to serve next to the API, if any. */
  staticDir?: string;
  /** Proxies whose X-Forwarded-For names the client (TRUST_PROXY); without them the socket's address does. */
  trustedProxies?: BlockList;
}

export interface AppDependencies {
  db: Kysely<Database>;
  engine: Engine;
  files: FileStore;
  clock: () => Date;
  config: AppConfig;
  signInThrottle: SignInThrottle;
}

export type OperationId = keyof operations;
type Parameters<K extends OperationId> = operations[K]["parameters"];
export type QueryOf<K extends OperationId> = Parameters<K> extends { query?: infer Q } ? NonNullable<Q> : Record<string, never>;
export type PathOf<K extends OperationId> = Parameters<K> extends { path: infer P } ? NonNullable<P> : Record<string, never>;
export type JsonBodyOf<K extends OperationId> = operations[K] extends { requestBody?: { content: { "application/json": infer B } } }
  ? B
  : undefined;
export type JsonResponseOf<K extends OperationId, S extends keyof operations[K]["responses"]> = operations[K]["responses"][S] extends {
  content: { "application/json": infer R };
}
  ? R
  : never;

export interface RequestContext<K extends OperationId> {
  query: QueryOf<K>;
  path: PathOf<K>;
  body: JsonBodyOf<K>;
  /** Set on every operation that is not public. */
  principal: Principal | null;
  request: Request;
  clientAddress: string;
  deps: AppDependencies;
}

export type Handler<K extends OperationId> = (context: RequestContext<K>) => Promise<Response> | Response;
export type Handlers = { [K in OperationId]?: Handler<K> };

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
}

export function noContent(): Response {
  return new Response(null, { status: 204 });
}

export function requireAdmin(principal: Principal | null): Extract<Principal, { kind: "admin" }> {
  if (principal?.kind !== "admin") throw fail.forbidden("Only NGO admins may do this.");
  return principal;
}
