import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import type { Role } from "../auth/principal.ts";

export interface ParameterObject {
  name: string;
  in: "query" | "path" | "header" | "cookie";
  required?: boolean;
  schema?: Record<string, unknown>;
}

export interface Operation {
  operationId: string;
  method: string;
  /** OpenAPI path template, e.g. /api/v1/ngo/{id}. */
  path: string;
  /** The same path in Hono's syntax, e.g. /api/v1/ngo/:id. */
  routePath: string;
  /** Who may call it; null for public operations (`security: []`). */
  roles: Role[] | null;
  /** Observers may not call it: its handler receives the signed-in admin. */
  adminOnly: boolean;
  parameters: ParameterObject[];
  /** Media types of the request body, if any. */
  bodyMediaTypes: string[];
  /**
   * `scoped`: it reads or writes one election round's data (issue 27), resolved before its handler runs from its
   * `electionRoundId` parameter; `global`: across rounds (NGOs, the observers' roster, the activity log, signing in).
   */
  round: RoundScope;
  /** JSON pointer (into the document) of the operation object. */
  pointer: string;
}

export interface Contract {
  document: Record<string, unknown>;
  operations: Operation[];
  byId: Map<string, Operation>;
}

const methods = ["get", "put", "post", "delete", "patch", "head", "options"] as const;

// Not `new URL("…", import.meta.url)`: Vite turns that into an asset URL when a jsdom test imports this file.
export const contractPath = join(dirname(fileURLToPath(import.meta.url)), "../../../openapi/openapi.yaml");

const escapePointer = (segment: string) => segment.replaceAll("~", "~0").replaceAll("/", "~1");

export type RoundScope = "scoped" | "global";

interface OperationObject {
  operationId: string;
  "x-round"?: RoundScope;
  responses?: Record<string, unknown>;
  parameters?: (ParameterObject | { $ref: string })[];
  requestBody?: { content?: Record<string, unknown> } | { $ref: string };
  security?: unknown[];
  "x-roles"?: Role[];
}

export function resolvePointer(document: unknown, pointer: string): unknown {
  return pointer
    .replace(/^#\//, "")
    .split("/")
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key.replaceAll("~1", "/").replaceAll("~0", "~")], document);
}

/** Follows `$ref`s (within the document) until a concrete object. */
export function resolveRef<T>(document: unknown, value: T | { $ref: string }): T {
  const ref = (value as { $ref?: unknown } | undefined)?.$ref;
  return typeof ref === "string" ? resolveRef<T>(document, resolvePointer(document, ref) as T) : (value as T);
}

/**
 * Every operation says whether it works on a round: a scoped one takes `electionRoundId`, and one that writes answers
 * an archived round with 409. A contract that forgets either is refused at start, not found out on election day.
 */
function roundScopeOf(operation: OperationObject, method: string, parameters: ParameterObject[]): RoundScope {
  const scope = operation["x-round"];
  if (scope !== "scoped" && scope !== "global") throw new Error(`${operation.operationId} must declare x-round: scoped or global`);
  if (scope === "global") return scope;
  if (!parameters.some((parameter) => parameter.name === "electionRoundId" && parameter.in === "query")) {
    throw new Error(`${operation.operationId} is x-round: scoped but takes no electionRoundId query parameter`);
  }
  if (method !== "get" && !operation.responses?.["409"]) throw new Error(`${operation.operationId} writes into a round but declares no 409 for an archived one`);
  return scope;
}

/** Reads openapi.yaml and indexes its operations: the contract drives routing, roles and validation. */
export function loadContract(file = contractPath): Contract {
  const document = parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  const paths = document.paths as Record<string, Record<string, OperationObject> & { parameters?: ParameterObject[] }>;
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(paths)) {
    for (const method of methods) {
      const operation = item[method];
      if (!operation) continue;
      const isPublic = Array.isArray(operation.security) && operation.security.length === 0;
      const roles = isPublic ? null : (operation["x-roles"] ?? ["organizer", "ngoAdmin", "observer"]);
      const body = operation.requestBody ? resolveRef(document, operation.requestBody) : undefined;
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((p) => resolveRef(document, p));
      operations.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        routePath: path.replace(/\{([^}]+)\}/g, ":$1"),
        roles,
        adminOnly: roles !== null && roles.length > 0 && !roles.includes("observer"),
        parameters,
        bodyMediaTypes: Object.keys(body?.content ?? {}),
        round: roundScopeOf(operation, method, parameters),
        pointer: `#/paths/${escapePointer(path)}/${method}`,
      });
    }
  }
  return { document, operations, byId: new Map(operations.map((op) => [op.operationId, op])) };
}
