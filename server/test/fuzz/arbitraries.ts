import fc from "fast-check";
import { resolveRef } from "../../src/http/contract.ts";

/**
 * fast-check arbitraries derived from the contract's JSON Schemas: values a schema accepts (`validValue`) and values
 * it should refuse (`invalidValue`). Valid values aim at real rows (small ids) as often as at the whole range, so
 * that handlers run past their lookups; invalid ones are the classes a hostile client sends.
 */
export type Schema = Record<string, unknown>;

export interface SchemaContext {
  document: unknown;
  /** Arbitraries that replace the valid values of properties by name (e.g. ids of throwaway rows). */
  pins?: Record<string, fc.Arbitrary<unknown>>;
}

const MAX_INT = 2147483647;
const MAX_DEPTH = 5;

const alphabet = (chars: string) => fc.constantFrom(...chars.split(""));
const digits = "0123456789";
const urlSafe = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";
const fromAlphabet = (chars: string, minLength: number, maxLength: number) =>
  fc.string({ unit: alphabet(chars), minLength, maxLength });

/**
 * Generators for the contract's patterns: a few known-good examples plus random strings of the pattern's alphabet
 * (no regex engine). A pattern the contract gains without an entry here fails loudly, so it gets one.
 */
const patterns: Record<string, (min: number, max: number) => fc.Arbitrary<string>> = {
  "\\S": (min, max) =>
    fc.oneof(fc.constantFrom("Ana Pop", "Code for Romania", "Ștefan Țuțu", "x"), fc.string({ maxLength: Math.max(0, max - 1) }).map((s) => `a${s}`))
      .map((s) => s.slice(0, Math.max(min, max))),
  "^\\S+$": (min, max) => fc.oneof(fc.constantFrom("ana.pop", "admin_2"), fromAlphabet(`${urlSafe}.@ăîș`, Math.max(1, min), Math.min(max, 50))),
  "^[0-9]{1,18}$": () => fc.oneof(fc.constantFrom("0", "1", "999999999999999999"), fromAlphabet(digits, 1, 18)),
  "^[0-9]{4,6}$": () => fc.oneof(fc.constantFrom("1234", "9153", "567890"), fromAlphabet(digits, 4, 6)),
  "^[A-Z]{1,2}$": () => fc.oneof(fc.constantFrom("CJ", "B", "D", "IS", "AB"), fromAlphabet("ABCDEFGHIJKLMNOPQRSTUVWXYZ", 1, 2)),
  "^\\+?[0-9]{6,15}$": () =>
    fc.oneof(
      fc.constantFrom("0721000001", "0721000002", "+40799700002", "0700000001"),
      fc.tuple(fc.constantFrom("", "+"), fromAlphabet(digits, 6, 15)).map(([plus, number]) => plus + number),
    ),
  "^[A-Za-z0-9_-]+$": (min, max) => fromAlphabet(urlSafe, Math.max(1, min), Math.min(max, 100)),
  "^[A-Za-z0-9_-]{16,128}$": () => fromAlphabet(urlSafe, 16, 128),
  "^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$": () =>
    fc.tuple(fromAlphabet(urlSafe, 1, 20), fromAlphabet(urlSafe, 1, 20), fromAlphabet(urlSafe, 1, 20)).map((parts) => parts.join(".")),
  "^[A-Za-z0-9_-]+=*$": (min, max) =>
    fc.tuple(fromAlphabet(urlSafe, Math.max(1, min), Math.min(max, 100) - 2), fc.constantFrom("", "=", "==")).map(([key, padding]) => key + padding),
  "^(https://[^\\s/?#@]+|http://(localhost|127\\.0\\.0\\.1)(:[0-9]{1,5})?)/\\S*$": () =>
    fc.oneof(
      fc.constantFrom("https://fcm.googleapis.com/fcm/send/dpH5lCsTSSM:APA91b", "http://127.0.0.1:9/push/1", "http://localhost/push/x"),
      fc.tuple(fromAlphabet("abcdefghijklmnopqrstuvwxyz0123456789.-", 1, 40), fromAlphabet(urlSafe, 0, 80)).map(([host, path]) => `https://${host}/${path}`),
    ),
};

/** Strings that have broken servers before: control characters, lone surrogates, direction marks, huge inputs. */
export const oddStrings = [
  "\u0000",
  "a\u0000b",
  "\uD800",
  "\uDFFFx",
  "\u202Egnp.exe",
  "\u200B\u200D\uFEFF",
  "👩‍👩‍👧‍👦",
  "e\u0301\u0301\u0301",
  "\u2028\u2029",
  "\uFFFF\uFFFE",
  "𝕏".repeat(300),
  " ",
  "'; DROP TABLE observer; --",
  "%00",
  "\\",
  "x".repeat(70_000),
];

/**
 * Multipart file names a hostile client sends: NUL, lone surrogates (FormData sends them as U+FFFD), C0 and C1
 * controls, bidi overrides and zero-width characters, paths, nothing at all.
 */
export const oddFileNames = [
  "a\u0000.png",
  "\u0000",
  "\uD800.png",
  "x\uDFFF\uD800.png",
  "tab\there.png",
  "new\r\nline.png",
  "\u0001\u001B[31m\u007F.png",
  "\u0085\u009B.png",
  "photo\u202Egnp.exe",
  "\u200B\u200D\uFEFF",
  "",
  "../../etc/passwd",
  "C:\\poze\\sală.png",
];

/** Date-times of a valid form that name no instant a Date and a timestamptz both hold: leap seconds, year 0, year 10000 in UTC. */
const noInstants = ["2026-11-22T23:59:60Z", "2026-11-23T01:59:60+02:00", "0000-06-01T00:00:00Z", "0001-01-01T00:30:00+01:00", "9999-12-31T23:59:59-00:01"];

function merged(document: unknown, schema: Schema): Schema {
  const parts = (schema.allOf as Schema[]).map((part) => resolve(document, part));
  return parts.reduce<Schema>(
    (all, part) => ({
      ...all,
      ...part,
      properties: { ...(all.properties as object), ...(part.properties as object) },
      required: [...((all.required as string[]) ?? []), ...((part.required as string[]) ?? [])],
    }),
    { type: "object" },
  );
}

/** The schema behind `$ref`s, with `allOf` folded into one object schema. */
export function resolve(document: unknown, schema: Schema): Schema {
  const concrete = resolveRef<Schema>(document, schema);
  return concrete.allOf ? merged(document, concrete) : concrete;
}

function integerArbitrary(schema: Schema): fc.Arbitrary<number> {
  const min = typeof schema.minimum === "number" ? schema.minimum : -MAX_INT - 1;
  const max = typeof schema.maximum === "number" ? schema.maximum : MAX_INT;
  const low = fc.integer({ min: Math.max(min, Math.min(1, max)), max: Math.min(max, Math.max(min, 40)) });
  return fc.oneof({ arbitrary: low, weight: 3 }, { arbitrary: fc.integer({ min, max }), weight: 1 });
}

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  const min = typeof schema.minLength === "number" ? schema.minLength : 0;
  const max = Math.min(typeof schema.maxLength === "number" ? schema.maxLength : 60, 300);
  if (typeof schema.pattern === "string") {
    const generator = patterns[schema.pattern];
    if (!generator) throw new Error(`no generator for the contract's pattern ${schema.pattern}: add examples to fuzz/arbitraries.ts`);
    return generator(min, max);
  }
  if (schema.format === "date-time") {
    return fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T23:59:59Z"), noInvalidDate: true }).map((d) => d.toISOString());
  }
  if (schema.format === "uri-reference") return fc.constantFrom("/api/v1/attachment/1", "https://example.org/a.png");
  return fc.string({ unit: "grapheme", minLength: min, maxLength: max });
}

function objectArbitrary(context: SchemaContext, schema: Schema, depth: number): fc.Arbitrary<unknown> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const keys = Object.keys(properties);
  if (keys.length === 0 && schema.additionalProperties && typeof schema.additionalProperties === "object") {
    return fc.dictionary(fromAlphabet("abcxyz", 1, 6), validValue(context, schema.additionalProperties as Schema, depth + 1), { maxKeys: 3 });
  }
  const model = Object.fromEntries(
    keys.map((key) => [key, depth === 0 && context.pins?.[key] ? context.pins[key] : validValue(context, properties[key]!, depth + 1)]),
  );
  return fc.record(model, { requiredKeys: keys.filter((key) => required.has(key)) });
}

/**
 * Wrong values for a pinned property or parameter (an id of a throwaway row): none of them can name a real row
 * even if a server wrongly read it as a number, so a broken request never deletes demo data.
 */
export const pinnedInvalid = fc.constantFrom<unknown>(MAX_INT + 1, -1, 0, 999999.5, 1e300, "999999x", "", "\u0000", null, true, [], {}, "x".repeat(70_000));

/** Values that satisfy `schema` (best effort: `if`/`then` and cross-field rules are left to the server to refuse). */
export function validValue(context: SchemaContext, raw: Schema, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(context.document, raw);
  if ("const" in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const choices = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  if (choices) return fc.oneof(...choices.map((choice) => validValue(context, choice, depth)));
  if (Array.isArray(schema.type)) {
    return fc.oneof(...(schema.type as string[]).map((type) => validValue(context, { ...schema, type }, depth)));
  }
  switch (schema.type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
      return integerArbitrary(schema);
    case "number":
      return fc.double({ min: (schema.minimum as number) ?? -1e9, max: (schema.maximum as number) ?? 1e9, noNaN: true });
    case "string":
      return stringArbitrary(schema);
    case "array": {
      const items = schema.items as Schema;
      const minLength = (schema.minItems as number | undefined) ?? 0;
      const maxLength = Math.max(minLength, Math.min((schema.maxItems as number | undefined) ?? 4, depth >= MAX_DEPTH ? minLength : 4));
      const item = validValue(context, items, depth + 1);
      return schema.uniqueItems
        ? fc.uniqueArray(item, { minLength, maxLength, selector: (value) => JSON.stringify(value) })
        : fc.array(item, { minLength, maxLength });
    }
    default:
      return objectArbitrary(context, schema, depth);
  }
}

/** A valid string with one character inserted, removed or replaced: near misses of a pattern or a format. */
function mutatedString(valid: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(valid, fc.nat(), fc.constantFrom("", " ", "\u0000", "é", "-", "😀", "\uD800", "9")).map(([text, at, insert]) => {
    const index = text.length === 0 ? 0 : at % text.length;
    return text.slice(0, index) + insert + text.slice(index + (insert === "" ? 1 : 0));
  });
}

const wrongTypes: unknown[] = [null, true, false, 0, -1, 1.5, "", "1", "true", [], [1], {}, { a: 1 }];

function invalidForType(context: SchemaContext, schema: Schema, depth: number): fc.Arbitrary<unknown>[] {
  const max = typeof schema.maximum === "number" ? schema.maximum : MAX_INT;
  const min = typeof schema.minimum === "number" ? schema.minimum : -MAX_INT - 1;
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string | undefined];
  const out: fc.Arbitrary<unknown>[] = [];
  if (types.includes("integer") || types.includes("number")) {
    out.push(fc.constantFrom(max + 1, min - 1, MAX_INT + 1, -1, 0, 0.5, 1.5, -0, 1e300, Number.MAX_SAFE_INTEGER + 2, 2 ** 63));
    out.push(fc.double({ noNaN: true }).filter((n) => !Number.isInteger(n)));
  }
  if (types.includes("string")) {
    const valid = stringArbitrary(schema);
    out.push(fc.constantFrom(...oddStrings));
    out.push(mutatedString(valid));
    out.push(valid.map((text) => `${text}\u0000`));
    // A lone surrogate after otherwise valid text: only the well-formedness rule stands between it and the activity log.
    out.push(valid.map((text) => `${text}\uDC00`));
    out.push(fc.constant("y".repeat(((schema.maxLength as number | undefined) ?? 1000) + 1)));
    if (schema.format === "date-time") out.push(fc.constantFrom("2024-13-45T99:00:00Z", "yesterday", "0000-00-00T00:00:00Z", "2024-06-09", "+275760-09-13T00:00:00.001Z"));
    if (schema.format === "date-time") out.push(fc.constantFrom(...noInstants));
    if (Array.isArray(schema.enum)) out.push(fc.string({ maxLength: 12 }));
  }
  if (types.includes("array")) {
    const item = validValue(context, schema.items as Schema, depth + 1);
    const tooMany = ((schema.maxItems as number | undefined) ?? 200) + 1;
    out.push(item.map((value) => Array.from({ length: Math.min(tooMany, 1001) }, () => value)));
    out.push(fc.array(invalidValue(context, schema.items as Schema, depth + 1), { minLength: 1, maxLength: 3 }));
    if (schema.uniqueItems) out.push(item.map((value) => [value, value]));
  }
  if (types.includes("object") || schema.properties) out.push(...invalidObject(context, schema, depth));
  if (Array.isArray(schema.enum)) out.push(fc.constantFrom("unknown", 99, -1, "", "NEW"));
  return out;
}

function invalidObject(context: SchemaContext, schema: Schema, depth: number): fc.Arbitrary<unknown>[] {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const keys = Object.keys(properties);
  const valid = validValue(context, schema, depth) as fc.Arbitrary<Record<string, unknown>>;
  const out: fc.Arbitrary<unknown>[] = [
    fc.tuple(valid, fc.constantFrom("unknownField", "constructor", "__proto__", "toString", "", "\uDC00", "k\uD800", "k\u0000"), fc.jsonValue({ maxDepth: 2 })).map(
      ([object, key, value]) => ({ ...object, [key]: value }),
    ),
  ];
  const required = (schema.required as string[] | undefined) ?? [];
  if (required.length > 0) {
    out.push(fc.tuple(valid, fc.constantFrom(...required)).map(([object, key]) => Object.fromEntries(Object.entries(object).filter(([k]) => k !== key))));
  }
  if (keys.length > 0 && depth < MAX_DEPTH) {
    out.push(
      fc
        .constantFrom(...keys)
        .chain((key) => {
          const invalid = depth === 0 && context.pins?.[key] ? pinnedInvalid : invalidValue(context, properties[key]!, depth + 1);
          return fc.tuple(valid, fc.constant(key), invalid);
        })
        .map(([object, key, value]) => ({ ...object, [key]: value })),
    );
  }
  return out;
}

/** Values `schema` should refuse: wrong types, out-of-range numbers, odd or huge strings, broken objects and arrays. */
export function invalidValue(context: SchemaContext, raw: Schema, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(context.document, raw);
  const choices = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  const specific = choices
    ? choices.flatMap((choice) => invalidForType(context, resolve(context.document, choice), depth))
    : invalidForType(context, schema, depth);
  return fc.oneof(fc.constantFrom(...wrongTypes), ...specific);
}
