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

interface OperationObject {
  operationId: string;
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
      operations.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        routePath: path.replace(/\{([^}]+)\}/g, ":$1"),
        roles,
        adminOnly: roles !== null && roles.length > 0 && !roles.includes("observer"),
        parameters: [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((p) => resolveRef(document, p)),
        bodyMediaTypes: Object.keys(body?.content ?? {}),
        pointer: `#/paths/${escapePointer(path)}/${method}`,
      });
    }
  }
  return { document, operations, byId: new Map(operations.map((op) => [op.operationId, op])) };
}
