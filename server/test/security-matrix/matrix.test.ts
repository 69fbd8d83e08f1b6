import ExcelJS from "exceljs";
import JSZip from "jszip";
import { describe, expect, test } from "vitest";
import { loadContract } from "../../src/http/contract.ts";
import { serverTests } from "../fixtures.ts";
import { bothEngines } from "../harness.ts";
import { rows } from "./requests.ts";
import { callers, expectationFor } from "./roles.ts";
import { buildWorld, type World } from "./world.ts";

/*
 * Every operation of openapi/openapi.yaml × every kind of caller, aimed at ids of the caller's own NGO and of
 * another: the status follows from the operation's x-roles and the scope its description states, a refused call
 * changes nothing, and a caller of NGO 2 never reads anything of NGO 1.
 */
const contract = loadContract();
const tests = serverTests({ observers: 30 });

describe("the security matrix's table", () => {
  test("has a row for every operation of the contract, and none for an operation the contract lacks", () => {
    const operationIds = contract.operations.map((operation) => operation.operationId);
    expect(operationIds.filter((id) => !(id in rows)), "operations without a row in security-matrix/requests.ts").toEqual([]);
    expect(Object.keys(rows).filter((id) => !contract.byId.has(id))).toEqual([]);
  });

  test("says for every operation that writes how to read what it would change", () => {
    const writes = contract.operations.filter((operation) => operation.method !== "GET" && operation.roles !== null);
    expect(writes.filter((operation) => rows[operation.operationId] && !rows[operation.operationId]!.state).map((operation) => operation.operationId)).toEqual([]);
  });

  test("lists as public exactly the operations with `security: []`, which are those with empty x-roles", () => {
    const publicIds = contract.operations.filter((operation) => operation.roles === null).map((operation) => operation.operationId);
    expect(publicIds.sort()).toEqual(["authorize", "authorizeObserver", "getAttachment", "health"]);
    const emptyRoles = contract.operations.filter((operation) => {
      const node = contract.document.paths as Record<string, Record<string, { "x-roles"?: unknown[] }>>;
      return node[operation.path]![operation.method.toLowerCase()]!["x-roles"]?.length === 0;
    });
    expect(emptyRoles.map((operation) => operation.operationId).sort()).toEqual(publicIds);
  });
});

/** The cells of a workbook, one per line. */
async function workbookText(bytes: ArrayBuffer): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  const cells: string[] = [];
  workbook.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => void cells.push(cell.text))));
  return cells.join("\n");
}

/** The body as text: JSON, CSV, the cells of a workbook, a zip's text parts and workbooks; an event stream is closed unread. */
async function bodyText(response: Response): Promise<string> {
  const type = response.headers.get("content-type") ?? "";
  if (type.includes("event-stream")) {
    await response.body?.cancel();
    return "";
  }
  if (type.includes("spreadsheetml")) return workbookText(await response.arrayBuffer());
  if (type.includes("application/zip")) {
    const zip = await JSZip.loadAsync(await response.arrayBuffer());
    const parts = await Promise.all(
      Object.values(zip.files).map(async (file) =>
        file.name.endsWith(".xlsx") ? workbookText(await file.async("arraybuffer")) : /\.(json|csv)$/.test(file.name) ? file.async("string") : "",
      ),
    );
    return parts.join("\n");
  }
  if (type.includes("json") || type.startsWith("text/")) return response.text();
  await response.arrayBuffer();
  return "";
}

describe.each(bothEngines)("security matrix on %s", (engine) => {
  const it = tests[engine];
  let world = {} as World;
  it.beforeAll(async ({ api }) => void (world = await buildWorld(api)));

  for (const operation of contract.operations) {
    const row = rows[operation.operationId];
    if (!row) continue;
    describe(`${operation.operationId} (${operation.roles === null ? "public" : operation.roles.join(", ")})`, () => {
      for (const caller of callers) {
        const expected = expectationFor(operation, row, caller);
        const title = `${caller.name} → ${expected.status}${row.knownIssue ? ` [known issue: ${row.knownIssue}]` : ""}`;
        it(title, async () => {
          const owned = world.targets[caller.target];
          const target = row.prepare ? await row.prepare(world, owned) : owned;
          const before = await row.state?.(world, target);
          const response = await row.call(world, target, caller.token(world));
          const body = await bodyText(response);
          expect(response.status, body.slice(0, 500)).toBe(expected.status);
          if (expected.refused && row.state) expect(await row.state(world, target), "a refused call changed the database").toEqual(before);
          if (caller.ngo === 2) expect(world.ngo1Secrets.filter((secret) => body.includes(secret)), "NGO 1's data in the answer").toEqual([]);
          if (!expected.refused) await row.verify?.(world, target, caller, body);
        });
      }
    });
  }
});
