import { describe, expect, it } from "vitest";
import {
  changeField,
  draftOf,
  isSameDraft,
  normalizeDraft,
  restoreDraft,
  restoredDraft,
  touchField,
} from "./page-draft";
import { withoutFieldError } from "./page-error";

const blank = { name: "", phone: "", pin: "", active: true };
const ana = { id: 7, name: "Ana Pop", phone: "0722000000", ngo: "NGO 1" };

describe("page-draft", () => {
  it("starts a record's draft from the blank fields, taking the record's values of the same kind", () => {
    expect(draftOf(blank, ana)).toEqual({ name: "Ana Pop", phone: "0722000000", pin: "", active: true });
    expect(draftOf(blank, { id: 7, name: 3, active: false } as never)).toEqual({ name: "", phone: "", pin: "", active: false });
    expect(draftOf(blank, null)).toBe(blank);
  });

  it("changes a field the draft has, and ignores unknown fields and values of another kind", () => {
    expect(changeField(blank, "name", "Ana")).toEqual({ ...blank, name: "Ana" });
    expect(changeField(blank, "active", false)).toEqual({ ...blank, active: false });
    expect(changeField(blank, "ngo", "NGO 2")).toBe(blank);
    expect(changeField(blank, "active", "yes")).toBe(blank);
    expect(changeField(blank, "name", "")).toBe(blank);
  });

  it("compares drafts field by field", () => {
    expect(isSameDraft({ ...blank }, blank)).toBe(true);
    expect(isSameDraft({ ...blank, name: "A" }, blank)).toBe(false);
    expect(isSameDraft({ name: "" }, { name: "", phone: "" })).toBe(false);
  });

  it("lays a kept draft over a record's, field by field", () => {
    const base = draftOf(blank, ana);
    expect(restoreDraft(base, { phone: "0722111111", secret: "x" })).toEqual({ ...base, phone: "0722111111" });
    expect(restoreDraft(base, null)).toBe(base);
  });

  it("marks a restored draft and its kept fields as visited, unless it changes nothing", () => {
    const base = draftOf(blank, ana);
    expect(restoredDraft(base, { name: "Ana Maria Pop" })).toEqual({
      draft: { ...base, name: "Ana Maria Pop" },
      restored: true,
      touched: ["name"],
    });
    expect(restoredDraft(base, { name: "Ana Pop" })).toEqual({ draft: base, restored: false, touched: [] });
  });

  it("trims text and collapses inner whitespace before sending, leaving other values alone", () => {
    expect(normalizeDraft({ name: "  Ana   Maria  Pop ", pin: " 1234 ", active: false, count: 2 })).toEqual({
      name: "Ana Maria Pop",
      pin: "1234",
      active: false,
      count: 2,
    });
  });

  it("records each visited field once", () => {
    expect(touchField([], "name")).toEqual(["name"]);
    expect(touchField(["name"], "name")).toEqual(["name"]);
  });

  it("drops the server's verdict on a field once it changes, keeping the others", () => {
    const error = { status: 409, code: "duplicate_phone", fieldErrors: { phone: ["duplicate"], name: ["too_long"] } };
    expect(withoutFieldError(error, "phone")).toEqual({ ...error, fieldErrors: { name: ["too_long"] } });
    expect(withoutFieldError(error, "pin")).toBe(error);
    expect(withoutFieldError(null, "phone")).toBeNull();
  });
});
