import type { operations } from "../../../openapi/schema.d.ts";
import type { Admin, Principal } from "../auth/principal.ts";
import type { ElectionRoundStatus } from "../db/schema.ts";
import type { AppDependencies } from "../deps.ts";

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

/** The election round an `x-round: scoped` operation works on (issue 27; rounds/resolve.ts). */
export interface Round {
  id: number;
  status: ElectionRoundStatus;
}

/** The round of an `x-round: scoped` operation, which the router resolved before calling its handler. */
export function roundIdOf(round: Round | null): number {
  if (!round) throw new Error("An x-round: scoped operation is handed its round; this one was not.");
  return round.id;
}

interface BaseContext<K extends OperationId> {
  query: QueryOf<K>;
  path: PathOf<K>;
  body: JsonBodyOf<K>;
  request: Request;
  clientAddress: string;
  /** When the caller's token stops being valid; null on public operations. */
  tokenExpiresAt: Date | null;
  /** The election round of an `x-round: scoped` operation, resolved and checked (null on global ones). */
  round: Round | null;
  deps: AppDependencies;
}

export interface RequestContext<K extends OperationId> extends BaseContext<K> {
  /** Set on every operation that is not public. */
  principal: Principal | null;
}

/** The context of an operation whose `x-roles` leave observers out: the router has checked the caller is an admin. */
export interface AdminContext<K extends OperationId> extends BaseContext<K> {
  admin: Admin;
}

type Answer = Promise<Response> | Response;
export type Handler<K extends OperationId> = (context: RequestContext<K>) => Answer;
export type AdminHandler<K extends OperationId> = (context: AdminContext<K>) => Answer;
export type Handlers = { [K in OperationId]?: Handler<K> };
/** Handlers of admin-only operations; the router refuses to start if one is registered for an operation observers may call. */
export type AdminHandlers = { [K in OperationId]?: AdminHandler<K> };

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
}

export function noContent(): Response {
  return new Response(null, { status: 204 });
}
