import fc from "fast-check";
import { resolvePointer, type Operation, type ParameterObject } from "../../src/http/contract.ts";
import { MAX_JSON_DEPTH } from "../../src/http/json.ts";
import { invalidValue, oddFileNames, oddStrings, pinnedInvalid, resolve, validValue, type Schema, type SchemaContext } from "./arbitraries.ts";

/**
 * Whole requests for one operation, generated from its parameters and body schema: mostly well-formed, often with
 * one part broken (a parameter, a property, the JSON text, the media type). Plain data, so that fast-check prints
 * a shrunk counterexample that reads as the request it was.
 */
export type Body =
  | { kind: "none" }
  | { kind: "json"; value: unknown }
  | { kind: "raw"; contentType: string | null; text: string }
  | { kind: "multipart"; fields: [name: string, value: string | FilePart][] }
  /** A well-formed JSON object of this many bytes (built when sent, so that a counterexample prints short). */
  | { kind: "oversized"; bytes: number }
  /** `value` with its first property (or `deep`) replaced by arrays nested `levels` deep (built when sent). */
  | { kind: "deep"; value: unknown; levels: number };

export interface FilePart {
  file: string;
  type: string;
  content: string | number[];
}

export interface FuzzRequest {
  method: string;
  /** Path with its query, percent-encoded as sent. */
  url: string;
  headers: Record<string, string>;
  body: Body;
}

/** Values for path and query parameters that are not plain digits, or are but do not fit; some malformed percent-encodings. */
const rawBadParameters = [
  "2147483648", "99999999999999999999", "-1", "0", "1.5", "1e3", "0x1", "+1", "%201", "abc", "true", "null",
  "%00", "a%00b", "%zz", "%", "%C0%80", "%ED%A0%80", "%FF", "%F0%9F%98%80", "%EF%BC%91", "x".repeat(5000), "[]", "%2F",
];
/** The bad values for a pinned parameter: none names a demo row however wrongly it is parsed. */
const rawBadPinned = ["2147483648", "99999999999999999999", "-1", "0", "999999.5", "abc", "%00", "%zz", "%", "%C0%80", "%FF", "x".repeat(5000), "[]", "%2F"];

function serialize(value: unknown): string {
  return typeof value === "string" ? value : (JSON.stringify(value) ?? "");
}

const encode = (value: unknown) => encodeURIComponent(serialize(value).replace(/[\uD800-\uDFFF]/g, "\uFFFD"));

/**
 * Which part of a request is broken: none (a well-formed request, which should reach the handler's logic), one
 * parameter, the body, or an extra query parameter the operation does not declare. One part at a time, so that
 * every refusal is about that part and well-formed requests are common enough to get past validation.
 */
export type Target = "none" | "body" | "extra" | `${ParameterObject["in"]}:${string}`;

const targetOf = (parameter: ParameterObject): Target => `${parameter.in}:${parameter.name}`;

/** An encoded parameter value: valid for the schema, or (when it is the target) an invalid value or a raw malformed one. */
function parameterValue(context: SchemaContext, parameter: ParameterObject, target: Target): fc.Arbitrary<string[]> {
  const schema = (parameter.schema ?? { type: "string" }) as Schema;
  const resolved = resolve(context.document, schema);
  const pin = context.pins?.[parameter.name];
  const asList = (value: unknown) => (Array.isArray(value) && resolved.type === "array" ? value.map(encode) : [encode(value)]);
  const valid = (pin ?? validValue(context, schema)).map(asList);
  if (target !== targetOf(parameter)) return valid;
  // A pinned parameter (a throwaway row's id) is only ever broken in ways that cannot name a demo row.
  const raw = pin ? rawBadPinned : rawBadParameters;
  return fc.oneof(
    { arbitrary: (pin ? pinnedInvalid : invalidValue(context, schema)).map(asList), weight: 1 },
    { arbitrary: fc.constantFrom(...raw).map((value) => [value]), weight: 1 },
  );
}

function queryArbitrary(context: SchemaContext, parameters: ParameterObject[], target: Target): fc.Arbitrary<string> {
  const model = Object.fromEntries(parameters.map((p) => [p.name, parameterValue(context, p, target)]));
  // The broken parameter is always sent; the others when required or when the draw says so.
  const required = parameters.filter((p) => p.required || target === targetOf(p)).map((p) => p.name);
  const extra =
    target === "extra"
      ? fc.tuple(fc.constantFrom("unknown", "constructor", "__proto__", ...parameters.map((p) => p.name)), fc.constantFrom("1", "", "%00", "x")).map((pair) => [pair])
      : fc.constant([]);
  return fc.tuple(fc.record(model, { requiredKeys: required }), extra).map(([values, more]) => {
    const pairs = Object.entries(values).flatMap(([name, list]) => list.map((value) => `${encodeURIComponent(name)}=${value}`));
    for (const [name, value] of more) pairs.push(`${encodeURIComponent(name)}=${value}`);
    return pairs.length > 0 ? `?${pairs.join("&")}` : "";
  });
}

function pathArbitrary(context: SchemaContext, operation: Operation, target: Target): fc.Arbitrary<string> {
  const parameters = operation.parameters.filter((p) => p.in === "path");
  // An empty segment would route elsewhere; a space stays in this operation (and never names a row).
  const values = parameters.map((p) => parameterValue(context, p, target).map((list) => list[0] || "%20"));
  return fc.tuple(...values).map((encoded) =>
    parameters.reduce((path, p, index) => path.replace(`{${p.name}}`, encoded[index]!), operation.path),
  );
}

/** A header's text as a Headers object takes it: what a free-text schema allows beyond printable ASCII becomes `?`. */
const printableAscii = (text: string) => text.replace(/[^\x20-\x7E]/g, "?");

/** Header parameters: valid, or wrong but printable ASCII (a Headers object refuses anything else). */
function headerArbitrary(context: SchemaContext, operation: Operation, target: Target): fc.Arbitrary<Record<string, string>> {
  const parameters = operation.parameters.filter((p) => p.in === "header");
  const model = Object.fromEntries(
    parameters.map((p) => [
      p.name,
      target === targetOf(p)
        ? fc.constantFrom("short", "has space", "-1", "99999999999999999999", "x".repeat(300), "")
        : validValue(context, (p.schema ?? { type: "string" }) as Schema).map((value) => printableAscii(String(value))),
    ]),
  );
  return fc.record(model, { requiredKeys: parameters.filter((p) => p.required || target === targetOf(p)).map((p) => p.name) });
}

function jsonSchemaOf(context: SchemaContext, operation: Operation, mediaType: string): Schema | undefined {
  const requestBody = resolve(context.document, resolvePointer(context.document, `${operation.pointer}/requestBody`) as Schema);
  return (requestBody.content as Record<string, { schema?: Schema }> | undefined)?.[mediaType]?.schema;
}

/**
 * Bodies the contract leaves open because the server checks them itself: generated from the schema they are
 * meant to hold (a form file is what exportForm downloads, a FormInput).
 */
const standIns: Record<string, Schema> = { "#/components/schemas/FormFile": { $ref: "#/components/schemas/FormInput" } };

/** Text that is not JSON. */
const malformedJson = ["{", '{"a":', "[1,", '{"a":1}}', "nul", "'single'", "{\u0000}", '{"a":"\\ud800"}', "\uFEFF{}", "1".repeat(400), "[".repeat(5000)];
const wrongContentTypes = ["text/plain", "application/xml", "application/x-www-form-urlencoded", "multipart/form-data", "application/json; charset=latin1", "APPLICATION/JSON", "application/json;;", "application/problem+json", null];

function jsonBody(context: SchemaContext, schema: Schema, broken: boolean): fc.Arbitrary<Body> {
  const asJson = (value: unknown): Body => ({ kind: "json", value });
  if (!broken) return validValue(context, schema).map(asJson);
  return fc.oneof(
    { arbitrary: invalidValue(context, schema).map(asJson), weight: 6 },
    { arbitrary: fc.constantFrom(...malformedJson).map((text): Body => ({ kind: "raw", contentType: "application/json", text })), weight: 1 },
    {
      arbitrary: fc
        .tuple(validValue(context, schema), fc.constantFrom(...wrongContentTypes))
        .map(([value, contentType]): Body => ({ kind: "raw", contentType, text: JSON.stringify(value) })),
      weight: 1,
    },
    { arbitrary: fc.constant<Body>({ kind: "none" }), weight: 1 },
    // Past the default body limit of 1 MiB.
    { arbitrary: fc.constant<Body>({ kind: "oversized", bytes: 1.5 * 1024 * 1024 }), weight: 1 },
    // Nested one level past the depth limit, or far enough to overflow any recursive walk.
    {
      arbitrary: fc.tuple(validValue(context, schema), fc.constantFrom(MAX_JSON_DEPTH + 1, 20_000)).map(([value, levels]): Body => ({ kind: "deep", value, levels })),
      weight: 1,
    },
  );
}

/**
 * Station files the import reads (its own template, the official list's Romanian headers, `;`, a BOM), with rows good
 * and odd, so that a well-formed request reaches the import's checks rather than stopping at an unreadable file.
 */
function stationFileArbitrary(): fc.Arbitrary<FilePart> {
  const header = fc.constantFrom(
    "county,number,locality,institution,address,registeredVoters,latitude,longitude",
    "\uFEFFJudeț;Nr. SV;Localitate;Sediu;Adresă;Număr alegători",
    "Judet,Numar sectie,Localitate",
    "county",
    "",
  );
  const county = fc.constantFrom("AB", "CJ", "cluj", "MUNICIPIUL BUCUREȘTI", "Bistriţa-Năsăud", "Străinătate", "ZZ", "");
  const number = fc.oneof(fc.integer({ min: 98_000, max: 98_999 }).map(String), fc.constantFrom("0", "-1", "1.5", "abc", "2147483648", ""));
  const cell = fc.oneof(fc.constantFrom("Cluj-Napoca", "Școala nr. 1", "\"Str. Lungă, nr. 2\"", "1530", "46.77", "", "=1+1"), fc.constantFrom(...oddStrings.slice(0, 8)));
  const row = fc.tuple(county, number, fc.array(cell, { maxLength: 6 })).map(([code, n, rest]) => [code, n, ...rest]);
  return fc
    .tuple(header, fc.constantFrom(",", ";"), fc.array(row, { maxLength: 4 }))
    .map(([line, separator, rows]) => ({
      file: "sectii.csv",
      type: "text/csv",
      content: [line.replaceAll(/[,;]/g, separator), ...rows.map((cells) => cells.join(separator))].join("\n"),
    }));
}

/** File fields whose bodies the server reads itself, by the body schema that holds them. */
const fileStandIns: Record<string, () => fc.Arbitrary<FilePart>> = { "#/components/schemas/PollingStationImportForm": stationFileArbitrary };

const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89];

function fileArbitrary(context: SchemaContext, schema: Schema): fc.Arbitrary<FilePart> {
  if (schema.contentMediaType === "text/csv") {
    const text = (name: string) => validValue(context, { $ref: `#/components/schemas/${name}` });
    const goodRow = fc.tuple(text("PhoneNumber"), text("Pin"), fc.constantFrom("Ana Pop", "\"Pop, Ion\"", "Ștefan")).map((cells) => cells.join(","));
    const oddCell = fc.oneof(text("PhoneNumber"), fc.constantFrom(...oddStrings.slice(0, 12), "1234", "\"q\"\"", ";"));
    const oddRow = fc.array(oddCell, { minLength: 0, maxLength: 4 }).map((cells) => cells.join(","));
    const row = fc.oneof({ arbitrary: goodRow, weight: 3 }, { arbitrary: oddRow, weight: 1 });
    return fc
      .tuple(fc.constantFrom("Phone,Pin,Name", "Phone;Pin;Name", "\uFEFFPhone,Pin,Name", "Name", ""), fc.array(row, { maxLength: 4 }))
      .map(([header, rows]) => ({ file: "observers.csv", type: "text/csv", content: [header, ...rows].join("\n") }));
  }
  return fc.oneof(
    fc.constant({ file: "station.png", type: "image/png", content: png }),
    fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 64 }).map((content) => ({ file: "x.bin", type: "application/octet-stream", content })),
    fc.constant({ file: "a\u0000.png", type: "image/png", content: "" }),
    // A real image under an odd name, so that the name is what the server meets after the bytes pass.
    fc.constantFrom(...oddFileNames).map((file) => ({ file, type: "image/png", content: png })),
  );
}

/** A multipart body from an object schema: strings with a content media type become files, the rest text fields. */
function multipartBody(context: SchemaContext, schema: Schema, broken: boolean): fc.Arbitrary<Body> {
  const resolved = resolve(context.document, schema);
  const standIn = fileStandIns[schema.$ref as string];
  const properties = (resolved.properties ?? {}) as Record<string, Schema>;
  const required = new Set((resolved.required as string[] | undefined) ?? []);
  const fieldArbitrary = (name: string): fc.Arbitrary<[string, string | FilePart][]> => {
    const property = resolve(context.document, properties[name]!);
    if (property.type === "array") {
      const items = resolve(context.document, property.items as Schema);
      return fc.array(fileArbitrary(context, items), { maxLength: 3 }).map((files) => files.map((file) => [name, file] as [string, FilePart]));
    }
    if (property.contentMediaType) {
      const file = standIn ? fc.oneof({ arbitrary: standIn(), weight: 3 }, fileArbitrary(context, property)) : fileArbitrary(context, property);
      return file.map((part) => [[name, part]]);
    }
    const value = (broken ? fc.oneof({ arbitrary: validValue(context, property), weight: 2 }, invalidValue(context, property)) : validValue(context, property)).map(serialize);
    return value.map((text) => [[name, text]]);
  };
  const model = Object.fromEntries(Object.keys(properties).map((name) => [name, fieldArbitrary(name)]));
  const fields = fc
    .tuple(
      fc.record(model, { requiredKeys: [...required] }),
      broken ? fc.option(fc.constantFrom<[string, string]>(["unknown", "1"], ["constructor", "x"], ["ngoId", "2"], ["text", "\u0000"]), { freq: 2 }) : fc.constant(null),
      broken ? fc.boolean() : fc.constant(false),
    )
    .map(([values, extra, dropRequired]) => {
      const list = Object.entries(values)
        .filter(([name]) => !(dropRequired && required.has(name) && name === [...required][0]))
        .flatMap(([, entries]) => entries);
      return extra ? [...list, extra] : list;
    });
  const asBody = fields.map((list): Body => ({ kind: "multipart", fields: list }));
  if (!broken) return asBody;
  return fc.oneof(
    { arbitrary: asBody, weight: 5 },
    { arbitrary: fc.constantFrom<Body>({ kind: "raw", contentType: "multipart/form-data; boundary=x", text: "--x\r\nbroken" }, { kind: "raw", contentType: "application/json", text: "{}" }, { kind: "none" }), weight: 1 },
  );
}

function bodyArbitrary(context: SchemaContext, operation: Operation, broken: boolean): fc.Arbitrary<Body> {
  const [mediaType] = operation.bodyMediaTypes;
  if (!mediaType) {
    if (!broken) return fc.constant<Body>({ kind: "none" });
    // An operation without a body still gets one now and then (fetch allows none on GET): ignored or refused, never a crash.
    if (operation.method === "GET") return fc.constant<Body>({ kind: "none" });
    return fc.oneof({ arbitrary: fc.constant<Body>({ kind: "none" }), weight: 5 }, fc.constant<Body>({ kind: "raw", contentType: "application/json", text: "{" }));
  }
  const declared = jsonSchemaOf(context, operation, mediaType)!;
  const schema = standIns[declared.$ref as string] ?? declared;
  return mediaType === "multipart/form-data" ? multipartBody(context, schema, broken) : jsonBody(context, schema, broken);
}

function requestFor(context: SchemaContext, operation: Operation, target: Target): fc.Arbitrary<FuzzRequest> {
  const query = queryArbitrary(context, operation.parameters.filter((p) => p.in === "query"), target);
  const parts = { path: pathArbitrary(context, operation, target), query, headers: headerArbitrary(context, operation, target), body: bodyArbitrary(context, operation, target === "body") };
  return fc.record(parts).map(({ path, query: search, headers, body }) => ({ method: operation.method, url: path + search, headers, body }));
}

/**
 * Requests that every run tries first, whatever the draw: a query parameter the operation does not declare, and for
 * a JSON body one past the body limit and one nested 20,000 deep. Built on a well-formed request of a fixed seed.
 */
export function fixedExamples(context: SchemaContext, operation: Operation): FuzzRequest[] {
  const [base] = fc.sample(requestFor(context, operation, "none"), { numRuns: 1, seed: 1 });
  const unknownParameter = { ...base!, url: `${base!.url}${base!.url.includes("?") ? "&" : "?"}unknown=1` };
  const json = operation.bodyMediaTypes.includes("application/json");
  const deep: Body = { kind: "deep", value: base!.body.kind === "json" ? base!.body.value : {}, levels: 20_000 };
  const examples: FuzzRequest[] = json ? [unknownParameter, { ...base!, body: { kind: "oversized", bytes: 1.5 * 1024 * 1024 } }, { ...base!, body: deep }] : [unknownParameter];
  return [...examples, ...noInstantExamples(context, operation, base!)];
}

/** A leap second and year 0 in each date-time query parameter and top-level JSON property, which the draw may miss. */
function noInstantExamples(context: SchemaContext, operation: Operation, base: FuzzRequest): FuzzRequest[] {
  const isDateTime = (schema: unknown) => resolve(context.document, (schema ?? {}) as Schema).format === "date-time";
  const body = operation.bodyMediaTypes.includes("application/json") && base.body.kind === "json" ? base.body.value : undefined;
  const properties = body && typeof body === "object" ? (resolve(context.document, jsonSchemaOf(context, operation, "application/json")!).properties ?? {}) : {};
  return ["2026-11-22T23:59:60Z", "0000-06-01T00:00:00Z"].flatMap((text) => [
    ...operation.parameters.filter((p) => p.in === "query" && isDateTime(p.schema)).map((p) => {
      const url = new URL(base.url, "http://fuzz");
      url.searchParams.set(p.name, text);
      return { ...base, url: url.pathname + url.search };
    }),
    ...Object.entries(properties).filter(([, schema]) => isDateTime(schema)).map(([name]): FuzzRequest => ({ ...base, body: { kind: "json", value: { ...(body as object), [name]: text } } })),
  ]);
}

/** Requests for `operation`: a third well-formed, the rest with one part broken. */
export function requestArbitrary(context: SchemaContext, operation: Operation): fc.Arbitrary<FuzzRequest> {
  const targets: Target[] = ["extra", ...operation.parameters.map(targetOf)];
  if (operation.bodyMediaTypes.length > 0 || operation.method !== "GET") targets.push("body");
  return fc.oneof(
    { arbitrary: requestFor(context, operation, "none"), weight: 1 },
    { arbitrary: fc.oneof(...targets.map((target) => requestFor(context, operation, target))), weight: 2 },
  );
}

/** The fetch init of a generated request. */
export function toRequestInit(request: FuzzRequest, token: string | undefined): RequestInit {
  const headers = new Headers(request.headers);
  if (token) headers.set("authorization", `Bearer ${token}`);
  const body = request.body;
  if (body.kind === "json") {
    headers.set("content-type", "application/json");
    return { method: request.method, headers, body: JSON.stringify(body.value) };
  }
  if (body.kind === "oversized") {
    headers.set("content-type", "application/json");
    return { method: request.method, headers, body: `{"a":"${"x".repeat(body.bytes - 8)}"}` };
  }
  if (body.kind === "deep") {
    headers.set("content-type", "application/json");
    const object = body.value && typeof body.value === "object" && !Array.isArray(body.value) ? (body.value as Record<string, unknown>) : {};
    const [key = "deep"] = Object.keys(object);
    const text = JSON.stringify({ ...object, [key]: "\u0001nested" }).replace('"\\u0001nested"', "[".repeat(body.levels) + "]".repeat(body.levels));
    return { method: request.method, headers, body: text };
  }
  if (body.kind === "raw") {
    if (body.contentType) headers.set("content-type", body.contentType);
    return { method: request.method, headers, body: body.text };
  }
  if (body.kind === "multipart") {
    const form = new FormData();
    for (const [name, value] of body.fields) {
      if (typeof value === "string") form.append(name, value);
      else form.append(name, new File([typeof value.content === "string" ? value.content : new Uint8Array(value.content)], value.file, { type: value.type }));
    }
    return { method: request.method, headers, body: form };
  }
  return { method: request.method, headers };
}
