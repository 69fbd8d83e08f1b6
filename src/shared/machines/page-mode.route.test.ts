import { describe, expect, it } from "vitest";
import { pageModeFromRoute } from "./page-mode.route";

describe("pageModeFromRoute", () => {
  it("reads new, view and edit routes into the machine's input", () => {
    expect(pageModeFromRoute("new", undefined)).toEqual({ mode: "creating", id: null });
    expect(pageModeFromRoute("view", "7")).toEqual({ mode: "viewing", id: 7 });
    expect(pageModeFromRoute("edit", "12")).toEqual({ mode: "editing", id: 12 });
  });

  it("refuses routes that name no page", () => {
    for (const [state, id] of [["new", "3"], ["view", undefined], ["edit", "0"], ["edit", "abc"], ["show", "3"], [undefined, undefined]]) {
      expect(pageModeFromRoute(state, id)).toBeNull();
    }
  });
});
