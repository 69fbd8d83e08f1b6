import { describe, expect, it } from "vitest";
import { toLoadFailure } from "./load-failure";

describe("toLoadFailure", () => {
  it("reads HTTP statuses as codes the view translates", () => {
    expect(toLoadFailure({ status: 0 })).toEqual({ code: "network" });
    expect(toLoadFailure({ status: 404 })).toEqual({ code: "not_found" });
    expect(toLoadFailure({ status: 500 })).toEqual({ code: "unexpected", status: 500 });
    expect(toLoadFailure(new Error("boom"))).toEqual({ code: "unexpected", status: null });
  });
});
