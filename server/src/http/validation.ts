// String.prototype.isWellFormed (Node 20+) is typed in ES2024's lib, past the project's ES2023.
/// <reference lib="es2024.string" />
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { resolvePointer, resolveRef, type Contract, type Operation } from "./contract.ts";
import { parseInstant } from "./instant.ts";
import type { FieldError } from "../problem.ts";

// ajv-formats is CommonJS: under NodeNext its default import is the module object.
const addFormats = (addFormatsModule.default ?? addFormatsModule) as unknown as (ajv: Ajv2020) => void;

const DOCUMENT_ID = "openapi";

function createAjv(coerceTypes: boolean | "array"): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: false, useDefaults: true, coerceTypes });
  addFormats(ajv);
  // ajv-formats' date-time takes a leap second and year 0, which no Date or timestamptz holds: the product's one parser decides.
  ajv.addFormat("date-time", (text: string) => parseInstant(text) !== null);
  for (const format of ["int32", "int64", "binary", "byte", "password"]) ajv.addFormat(format, true);
  return ajv;
}

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; errors: Record<string, FieldError[]> };

export interface OperationValidators {
  query(raw: Record<string, string[]>): ValidationResult<Record<string, unknown>>;
  path(raw: Record<string, string>): ValidationResult<Record<string, unknown>>;
  json(body: unknown): ValidationResult<unknown>;
}

/** A map keyed by field names from the request: without a prototype, `constructor` or `__proto__` are just names. */
export const fieldErrorMap = (): Record<string, FieldError[]> => Object.create(null) as Record<string, FieldError[]>;

const fieldPath = (segments: string[], root: string) =>
  segments.reduce((path, segment) => (/^\d+$/.test(segment) ? `${path}[${segment}]` : path ? `${path}.${segment}` : segment), "") || root;

/** Turns ajv's errors into a map of property path → errors, e.g. `formSections[0].code`. */
export function toFieldErrors(errors: ErrorObject[] | null | undefined, root = "body"): Record<string, FieldError[]> {
  const result = fieldErrorMap();
  for (const error of errors ?? []) {
    // "if" only reports that a "then" branch failed; the failing keyword is reported on its own.
    if (error.keyword === "if") continue;
    const segments = error.instancePath.split("/").slice(1).map((s) => s.replaceAll("~1", "/").replaceAll("~0", "~"));
    if (error.keyword === "required") segments.push(String(error.params.missingProperty));
    if (error.keyword === "additionalProperties") segments.push(String(error.params.additionalProperty));
    const field = fieldPath(segments, root);
    // The contract's FieldError codes list every keyword its schemas use; the response validator checks that in tests.
    const code = error.keyword as FieldError["code"];
    const message = error.keyword === "additionalProperties" ? "is not allowed" : (error.message ?? "is invalid");
    (result[field] ??= []).push({ code, message });
  }
  return result;
}

/** Parameter schemas are compiled outside the document: point their local `$ref`s at the document. */
function anchorRefs(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(anchorRefs);
  if (!schema || typeof schema !== "object") return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === "$ref" && typeof value === "string" && value.startsWith("#") ? `${DOCUMENT_ID}${value}` : anchorRefs(value),
    ]),
  );
}

/**
 * What is wrong with a client's text that PostgreSQL cannot store: U+0000 (text refuses it) or a lone UTF-16
 * surrogate (JSON, as in the activity log, refuses it; text would silently turn it into U+FFFD).
 */
export function textError(text: string): FieldError | undefined {
  if (text.includes("\u0000")) return { code: "pattern", message: "must not contain the NUL character" };
  if (!text.isWellFormed()) return { code: "pattern", message: "must be well-formed Unicode text" };
  return undefined;
}

/**
 * One rule for every string and every object key of every request, present and future, rather than a pattern to
 * remember on each schema. A loop over a stack, not recursion, so that no nesting can exhaust the call stack.
 */
export function findUnstorableText(value: unknown, root: string): Record<string, FieldError[]> {
  const errors = fieldErrorMap();
  // Each entry links to its parent, so that a path is spelled out only for an error and the walk stays linear.
  type Entry = { node: unknown; key: string; parent: Entry | null };
  const pathOf = (entry: Entry | null, key?: string) => {
    const segments = key === undefined ? [] : [key];
    for (let at = entry; at?.parent; at = at.parent) segments.push(at.key);
    return fieldPath(segments.reverse(), root);
  };
  const stack: Entry[] = [{ node: value, key: "", parent: null }];
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const { node } = entry;
    if (typeof node === "string") {
      const error = textError(node);
      if (error) errors[pathOf(entry)] = [error];
      continue;
    }
    if (!node || typeof node !== "object") continue;
    const children: Entry[] = [];
    for (const [key, item] of Object.entries(node)) {
      const error = textError(key);
      if (error) errors[pathOf(entry, key)] = [error];
      else children.push({ node: item, key, parent: entry });
    }
    // Last first, so that errors are reported in the order of the request (a loop: a spread of 200,000 items overflows).
    for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]!);
  }
  return errors;
}

/** PostgreSQL's `integer`: the contract bounds every integer by it. */
export const MAX_INTEGER = 2_147_483_647;

const DIGITS = /^[+-]?\d+$/;
const integerError: FieldError = { code: "type", message: "must be an integer written in digits" };

/** ajv's coercion turns `true` into 1 and `1e3` into 1000: an integer parameter is plain digits, or it is refused. */
function nonDigitIntegers(raw: Record<string, unknown>, integerNames: Set<string>): Record<string, FieldError[]> {
  const errors = fieldErrorMap();
  for (const [name, value] of Object.entries(raw)) {
    if (!integerNames.has(name)) continue;
    const values = Array.isArray(value) ? value : [value];
    if (values.some((item) => typeof item !== "string" || !DIGITS.test(item))) errors[name] = [integerError];
  }
  return errors;
}

const isIntegerSchema = (schema: { type?: unknown; items?: { type?: unknown } } | undefined) =>
  schema?.type === "integer" || (schema?.type === "array" && schema.items?.type === "integer");

function parameterSchema(operation: Operation, location: "query" | "path") {
  const parameters = operation.parameters.filter((p) => p.in === location);
  return {
    parameters,
    schema: {
      type: "object",
      properties: Object.fromEntries(parameters.map((p) => [p.name, anchorRefs(p.schema ?? {})])),
      required: parameters.filter((p) => p.required).map((p) => p.name),
      additionalProperties: false,
    },
  };
}

const withoutPrototype = (errors: Record<string, FieldError[]>) => Object.assign(fieldErrorMap(), errors);

/** Compiles request validators for every operation from the contract itself. */
export function createValidators(contract: Contract) {
  const bodyAjv = createAjv(false);
  const paramAjv = createAjv("array");
  bodyAjv.addSchema(contract.document, DOCUMENT_ID);
  paramAjv.addSchema(contract.document, DOCUMENT_ID);

  const compileRef = (ajv: Ajv2020, pointer: string): ValidateFunction => ajv.compile({ $ref: `${DOCUMENT_ID}${pointer}` });
  const check = <T>(validate: ValidateFunction, value: T, root: string): ValidationResult<T> => {
    const errors = { ...(validate(value) ? {} : toFieldErrors(validate.errors, root)), ...findUnstorableText(value, root) };
    return Object.keys(errors).length === 0 ? { ok: true, value } : { ok: false, errors: withoutPrototype(errors) };
  };
  const checkParameters = (validate: ValidateFunction, value: Record<string, unknown>, integers: Set<string>, root: string) => {
    const digits = nonDigitIntegers(value, integers);
    const result = check(validate, value, root);
    if (Object.keys(digits).length === 0) return result;
    return { ok: false as const, errors: withoutPrototype({ ...(result.ok ? {} : result.errors), ...digits }) };
  };

  const validators = new Map<string, OperationValidators>();
  for (const operation of contract.operations) {
    const query = parameterSchema(operation, "query");
    const path = parameterSchema(operation, "path");
    const validateQuery = paramAjv.compile(query.schema);
    const validatePath = paramAjv.compile(path.schema);
    const validateJson = operation.bodyMediaTypes.includes("application/json")
      ? compileRef(bodyAjv, `${operation.pointer}/requestBody/content/application~1json/schema`)
      : null;
    const arrayParameters = new Set(query.parameters.filter((p) => p.schema?.type === "array").map((p) => p.name));
    const integerQuery = new Set(query.parameters.filter((p) => isIntegerSchema(p.schema)).map((p) => p.name));
    const integerPath = new Set(path.parameters.filter((p) => isIntegerSchema(p.schema)).map((p) => p.name));
    validators.set(operation.operationId, {
      query(raw) {
        // Repeated names become arrays only where the contract says so; otherwise the first value counts.
        const value = Object.fromEntries(
          Object.entries(raw).map(([name, values]) => [name, arrayParameters.has(name) ? values : values[0]]),
        );
        return checkParameters(validateQuery, value, integerQuery, "query");
      },
      path: (raw) => checkParameters(validatePath, { ...raw }, integerPath, "path"),
      json(body) {
        if (!validateJson) return { ok: true, value: body };
        return check(validateJson, body, "body");
      },
    });
  }
  return validators;
}

/** For tests: validates a response against the contract: its status, its media type and (JSON or text) its body. */
export function createResponseValidator(contract: Contract) {
  const ajv = createAjv(false);
  ajv.addSchema(contract.document, DOCUMENT_ID);
  const cache = new Map<string, ValidateFunction | null>();
  return (operationId: string, status: number, mediaType: string, body: unknown) => {
    const operation = contract.byId.get(operationId);
    if (!operation) throw new Error(`Unknown operation ${operationId}`);
    const key = `${operationId} ${status} ${mediaType}`;
    if (!cache.has(key)) {
      const responses = (resolvePointer(contract.document, operation.pointer) as { responses: Record<string, unknown> }).responses;
      const statusKey = String(status) in responses ? String(status) : `${String(status)[0]}XX` in responses ? `${String(status)[0]}XX` : "default";
      if (!(statusKey in responses)) throw new Error(`${operationId} does not declare status ${status}`);
      const response = resolveRef(contract.document, responses[statusKey]) as { content?: Record<string, { schema?: unknown }> };
      // A media range such as image/* declares every type of its kind.
      const declared = response.content?.[mediaType] ? mediaType : `${mediaType.split("/")[0]}/*`;
      const escaped = declared.replaceAll("/", "~1");
      if (!response.content) cache.set(key, null);
      else if (!response.content[declared]?.schema) throw new Error(`${operationId} ${status} does not declare ${mediaType}`);
      else {
        const base = typeof (responses[statusKey] as { $ref?: string }).$ref === "string"
          ? (responses[statusKey] as { $ref: string }).$ref
          : `${operation.pointer}/responses/${statusKey}`;
        cache.set(key, ajv.compile({ $ref: `${DOCUMENT_ID}${base}/content/${escaped}/schema` }));
      }
    }
    const validate = cache.get(key);
    // A binary download is checked for its declared status and media type only.
    if (!validate || body === undefined) return [];
    return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message ?? e.keyword}`);
  };
}
