import { describe, expect, it } from "vitest";
import { toStationQuery } from "./station-list.actors";
import { filterFromSearch, isEmptyFilter, stationsHref } from "./station-list.url";

describe("filterFromSearch", () => {
  it("reads the registry's filter from the address, leaving out what the contract would refuse", () => {
    expect(filterFromSearch(new URLSearchParams("county=cj&number=12&search=%20Școala%20&status=retired&page=3"))).toEqual({
      county: "CJ",
      number: "12",
      search: "Școala",
      status: "retired",
    });
    expect(filterFromSearch(new URLSearchParams("county=Cluj&number=0&status=closed"))).toEqual({ county: "", number: "", search: "", status: "" });
  });
});

describe("stationsHref", () => {
  it("writes the filter in a fixed order, empty fields left out, so equal filters make equal addresses", () => {
    expect(stationsHref({ status: "active", search: "", county: "B", number: "" })).toBe("/sectii?county=B&status=active");
    expect(stationsHref({ county: "", number: "", search: "", status: "" })).toBe("/sectii");
    expect(isEmptyFilter({ county: " ", number: "", search: "", status: "" })).toBe(true);
  });
});

describe("toStationQuery", () => {
  it("sends the filters listPollingStations takes, the number as a number", () => {
    expect(toStationQuery({ county: "CJ", number: "12", search: " Avram Iancu ", status: "active" })).toEqual({
      county: "CJ",
      number: 12,
      search: "Avram Iancu",
      status: "active",
    });
    expect(toStationQuery({ county: "", number: "", search: "", status: "" })).toEqual({});
  });
});
