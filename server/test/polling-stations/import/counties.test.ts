import { describe, expect, it } from "vitest";
import { countyMatcher } from "../../../src/polling-stations/import/counties.ts";
import type { County } from "../../../src/polling-stations/import/fields.ts";

/** Some rows of the county table as migration 016 writes them. */
const COUNTIES: County[] = [
  { id: 1, code: "D", name: "Diaspora", diaspora: true },
  { id: 7, code: "BN", name: "Bistrița-Năsăud", diaspora: false },
  { id: 11, code: "B", name: "București", diaspora: false },
  { id: 13, code: "CS", name: "Caraș-Severin", diaspora: false },
  { id: 15, code: "CJ", name: "Cluj", diaspora: false },
  { id: 16, code: "CT", name: "Constanța", diaspora: false },
  { id: 26, code: "IS", name: "Iași", diaspora: false },
  { id: 34, code: "SM", name: "Satu Mare", diaspora: false },
];

const codeOf = (text: string) => countyMatcher(COUNTIES)(text)?.code;

describe(countyMatcher.name, () => {
  it("matches a code in any case", () => {
    expect(["CJ", "cj", "Cj", " IS "].map(codeOf)).toEqual(["CJ", "CJ", "CJ", "IS"]);
  });

  it("matches a name in any case, with ș/ț written with a comma or a cedilla, or without diacritics", () => {
    expect(["Constanța", "CONSTANŢA", "constanta", "IAȘI", "Iaşi", "iasi"].map(codeOf)).toEqual(["CT", "CT", "CT", "IS", "IS", "IS"]);
  });

  it("reads names whose parts are spaced or hyphenated differently", () => {
    expect(["BISTRIȚA-NĂSĂUD", "Bistrita Nasaud", "Caraș - Severin", "SATU-MARE", "satumare"].map(codeOf)).toEqual(["BN", "BN", "CS", "SM", "SM"]);
  });

  it("drops the prefixes Județul and Municipiul", () => {
    expect(["Județul Cluj", "JUDETUL CLUJ", "Jud. Cluj", "Municipiul București", "MUNICIPIUL BUCUREŞTI", "Mun. Bucuresti"].map(codeOf)).toEqual([
      "CJ",
      "CJ",
      "CJ",
      "B",
      "B",
      "B",
    ]);
  });

  it("knows Bucharest and the diaspora by their other names", () => {
    const names = ["București", "Bucuresti", "Bucharest", "Diaspora", "STRĂINĂTATE", "Strainatate", "SR", "D"];
    expect(names.map(codeOf)).toEqual(["B", "B", "B", "D", "D", "D", "D", "D"]);
  });

  it("finds no county for an unknown name, a prefix alone or a blank", () => {
    expect(["Atlantis", "Municipiul", "Cluj-Napoca", "", "C"].map(codeOf)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });
});
