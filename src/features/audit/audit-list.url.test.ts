import { describe, expect, it } from "vitest";
import { EMPTY_AUDIT_FILTER } from "./audit-list.config";
import { isTimeRangeValid } from "../../shared/filter-form";
import { auditHref, filterFromSearch } from "./audit-list.url";

const read = (query: string) => filterFromSearch(new URLSearchParams(query));

describe("the activity log's address", () => {
  it("reads every filter the contract knows, and writes them back in a fixed order", () => {
    const filter = read("to=2026-11-22T20:00:00.000Z&search=ana&ngoId=2&action=observer.updated&subjectId=7&subjectType=observer&from=2026-11-22T06:00:00.000Z");
    expect(filter).toEqual({
      subjectType: "observer",
      subjectId: "7",
      action: "observer.updated",
      ngoId: "2",
      search: "ana",
      from: "2026-11-22T06:00:00.000Z",
      to: "2026-11-22T20:00:00.000Z",
    });
    expect(auditHref(filter)).toBe(
      "/audit?subjectType=observer&subjectId=7&action=observer.updated&ngoId=2&search=ana&from=2026-11-22T06%3A00%3A00.000Z&to=2026-11-22T20%3A00%3A00.000Z",
    );
  });

  it("leaves out what the contract would refuse", () => {
    expect(read("subjectType=planet&subjectId=7&action=observer.exploded&ngoId=0&from=yesterday&to=2026-13-45")).toEqual(EMPTY_AUDIT_FILTER);
    expect(read("subjectId=7").subjectId).toBe("");
    expect(read("subjectType=ngo&subjectId=2.5").subjectId).toBe("");
    expect(read("subjectType=ngo&action=form.published").action).toBe("");
    expect(read("ngoId=99999999999").ngoId).toBe("");
    expect(read(`search=${"x".repeat(150)}`).search).toHaveLength(100);
  });

  it("is /audit alone without a filter", () => {
    expect(auditHref(read(""))).toBe("/audit");
  });

  it("accepts an open-ended time window, or To not before From", () => {
    expect(isTimeRangeValid("", "")).toBe(true);
    expect(isTimeRangeValid("2026-11-22T06:00:00.000Z", "")).toBe(true);
    expect(isTimeRangeValid("2026-11-22T06:00:00.000Z", "2026-11-22T06:00:00.000Z")).toBe(true);
    expect(isTimeRangeValid("2026-11-22T06:00:00.000Z", "2026-11-22T05:59:00.000Z")).toBe(false);
  });
});
