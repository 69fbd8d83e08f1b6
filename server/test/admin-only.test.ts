import { describe, expect, it } from "vitest";
import { checkAdminOnly } from "../src/app.ts";
import { loadContract } from "../src/http/contract.ts";
import { noContent } from "../src/http/handler.ts";

const contract = loadContract();
const answer = () => noContent();

describe(checkAdminOnly.name, () => {
  it("accepts the registered handlers: each admin handler serves an operation that observers cannot call", () => {
    expect(() => checkAdminOnly(contract)).not.toThrow();
  });

  it("refuses to start when an admin handler serves an operation that observers may call", () => {
    expect(() => checkAdminOnly(contract, { listCounties: answer }, {})).toThrow("listCounties: its x-roles call for a handler without an admin.");
  });

  it("refuses to start when an admin-only operation has a handler that would not receive the admin", () => {
    expect(() => checkAdminOnly(contract, {}, { listObservers: answer })).toThrow("listObservers: its x-roles call for an admin handler.");
  });

  it("takes admin-only from x-roles: neither public operations nor those observers may call are", () => {
    const adminOnly = (id: string) => contract.byId.get(id)!.adminOnly;
    expect([adminOnly("listObservers"), adminOnly("listNgos"), adminOnly("deleteNgoAdmin")]).toEqual([true, true, true]);
    expect([adminOnly("authorize"), adminOnly("health"), adminOnly("getSession"), adminOnly("recordArrival")]).toEqual([false, false, false, false]);
  });
});
