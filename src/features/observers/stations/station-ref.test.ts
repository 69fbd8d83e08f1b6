import { describe, expect, it } from "vitest";
import { addableStation, draftProblem, parseStationNumber, refusedStations, stationName } from "./station-ref";

const CJ_15 = { countyCode: "CJ", pollingStationNumber: 15 };

describe("station-ref", () => {
  it.each([
    ["15", 15],
    [" 7 ", 7],
    ["2147483647", 2147483647],
    ["2147483648", null],
    ["0", null],
    ["015", null],
    ["-3", null],
    ["1.5", null],
    ["1e3", null],
    ["", null],
  ])("reads the station number %j as %j", (value, expected) => {
    expect(parseStationNumber(value)).toBe(expected);
  });

  it("names a station by county code and number", () => {
    expect(stationName(CJ_15)).toBe("CJ 15");
  });

  it("finds a malformed number, then a station already listed, and nothing in an incomplete draft", () => {
    expect(draftProblem({ countyCode: "CJ", number: "x" }, [])).toBe("number_pattern");
    expect(draftProblem({ countyCode: null, number: "x" }, [])).toBe("number_pattern");
    expect(draftProblem({ countyCode: "CJ", number: "15" }, [CJ_15])).toBe("duplicate");
    expect(draftProblem({ countyCode: "B", number: "15" }, [CJ_15])).toBeNull();
    expect(draftProblem({ countyCode: null, number: "15" }, [CJ_15])).toBeNull();
    expect(draftProblem({ countyCode: "CJ", number: "" }, [CJ_15])).toBeNull();
  });

  it("offers a station to add only once the draft is complete, well formed and new", () => {
    expect(addableStation({ countyCode: "CJ", number: " 16 " }, [CJ_15])).toEqual({ countyCode: "CJ", pollingStationNumber: 16 });
    expect(addableStation({ countyCode: "CJ", number: "15" }, [CJ_15])).toBeNull();
    expect(addableStation({ countyCode: null, number: "16" }, [])).toBeNull();
    expect(addableStation({ countyCode: "CJ", number: "" }, [])).toBeNull();
  });

  it("reads the stations a refusal names by their index, other fields left out", () => {
    const refused = refusedStations({
      "stations[2].pollingStationNumber": ["not_found"],
      "stations[0].pollingStationNumber": ["retired"],
      "stations[1].countyCode": ["pattern"],
      "observerIds[0]": ["not_found"],
      stations: ["maxItems"],
    });
    expect([...refused].sort(([left], [right]) => left - right)).toEqual([
      [0, "retired"],
      [1, "invalid"],
      [2, "not_found"],
    ]);
  });
});
