import { describe, expect, it } from "vitest";
import { decodeToken, InvalidTokenError, readClaims } from "./token";
import { makeTestToken } from "../../../tests/support/token.fixtures";

function base64Url(text: string): string {
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

describe("decodeToken", () => {
  it("reads the claims the back-office uses", () => {
    const token = makeTestToken({ sub: "admin.cfr", ngoId: 3, organizer: true, role: "ngoAdmin", iat: 10, exp: 20 });
    expect(decodeToken(token)).toEqual({ sub: "admin.cfr", ngoId: 3, organizer: true, role: "ngoAdmin", iat: 10, exp: 20 });
  });

  it("treats a missing or non-boolean organizer claim as not an organizer", () => {
    expect(decodeToken(makeTestToken({ organizer: "true" as unknown as boolean })).organizer).toBe(false);
    expect(decodeToken(`x.${base64Url(JSON.stringify({ sub: "a" }))}.y`)).toEqual({
      sub: "a",
      ngoId: null,
      organizer: false,
      role: null,
      exp: null,
      iat: null,
    });
  });

  it("decodes UTF-8 payloads written in base64url", () => {
    const token = makeTestToken({ sub: "ștefan.țuțea" });
    expect(decodeToken(token).sub).toBe("ștefan.țuțea");
  });

  it.each(["abc", "a.b", "a.b.c.d", ""])("rejects %j: it does not have exactly three parts", (token) => {
    expect(() => decodeToken(token)).toThrow(/^The inspected token doesn't appear to be a JWT$/);
    expect(() => decodeToken(token)).toThrow(InvalidTokenError);
  });

  it.each([
    ["a payload that is not base64", "x.%%%.y"],
    ["a payload that is not JSON", `x.${base64Url("not json")}.y`],
    ["a payload that is a JSON array", `x.${base64Url("[1,2]")}.y`],
    ["a payload without a sub claim", `x.${base64Url(JSON.stringify({ ngoId: 1 }))}.y`],
  ])("rejects %s as undecodable", (_, token) => {
    expect(() => decodeToken(token)).toThrow(/^Cannot decode the token\.$/);
  });

  it("reports why a token is invalid as a code views can translate", () => {
    const reasons = ["abc", "x.%%%.y"].map((token) => {
      try {
        decodeToken(token);
        return null;
      } catch (error) {
        return error instanceof InvalidTokenError ? error.reason : null;
      }
    });
    expect(reasons).toEqual(["not_jwt", "undecodable"]);
  });
});

describe("readClaims", () => {
  it("returns null instead of throwing for a missing or malformed token", () => {
    expect(readClaims(null)).toBeNull();
    expect(readClaims("")).toBeNull();
    expect(readClaims("garbage")).toBeNull();
  });

  it("returns the claims of a readable token", () => {
    expect(readClaims(makeTestToken({ sub: "ana.pop" }))?.sub).toBe("ana.pop");
  });
});
