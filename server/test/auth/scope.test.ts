import { describe, expect, it } from "vitest";
import { ProblemError } from "../../src/problem.ts";
import type { Admin } from "../../src/auth/principal.ts";
import { ownNgo, readScope, scopeOf } from "../../src/auth/scope.ts";

const organizer: Admin = { kind: "admin", adminId: 1, account: "0700000001", ngoId: 1, organizer: true };
const ngo2Admin: Admin = { kind: "admin", adminId: 2, account: "0700000002", ngoId: 2, organizer: false };

const status = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof ProblemError ? error.body.status : error;
  }
  return "no problem";
};

describe("NGO scope", () => {
  it("gives an organizer every NGO and any other admin its own", () => {
    expect(scopeOf(organizer)).toEqual({ kind: "all" });
    expect(scopeOf(ngo2Admin)).toEqual({ kind: "ngo", ngoId: 2 });
    expect(ownNgo(organizer)).toEqual({ kind: "ngo", ngoId: 1 });
  });

  it("lets an organizer read every NGO or the one it names", () => {
    expect(readScope(organizer, undefined)).toEqual({ kind: "all" });
    expect(readScope(organizer, 2)).toEqual({ kind: "ngo", ngoId: 2 });
  });

  it("keeps another admin's reads to its own NGO and refuses naming another with 403", () => {
    expect(readScope(ngo2Admin, undefined)).toEqual({ kind: "ngo", ngoId: 2 });
    expect(readScope(ngo2Admin, 2)).toEqual({ kind: "ngo", ngoId: 2 });
    expect(status(() => readScope(ngo2Admin, 1))).toBe(403);
  });
});
