import pg from "pg";
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "../src/problem.ts";

/** An error as pg's protocol parser builds it from the server's ErrorResponse. */
function pgError(code: string, message: string): Error {
  return Object.assign(new pg.DatabaseError(message, message.length, "error"), { severity: "ERROR", code });
}

describe("isDatabaseUnavailable", () => {
  it("is a lost or refused connection", () => {
    expect(isDatabaseUnavailable(pgError("57P01", "terminating connection due to administrator command"))).toBe(true);
    expect(isDatabaseUnavailable(pgError("08006", "connection failure"))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
  });

  it("is not a query the driver could not send (more than 65,535 parameters)", () => {
    // 70,000 parameters: the count goes out in 16 bits and the server refuses the bind message (PGlite says the same).
    expect(isDatabaseUnavailable(pgError("08P01", "bind message has 4464 parameter formats but 0 parameters"))).toBe(false);
  });
});
