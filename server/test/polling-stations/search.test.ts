import { describe, expect, it } from "vitest";
import { containing, searchWords } from "../../src/polling-stations/search.ts";

describe("a registry search", () => {
  it("is its words, lower-cased, without Romanian diacritics in either form", () => {
    expect(searchWords("  Școala  GIMNAZIALĂ\tTârgu-Mureş  Ţăndărei ")).toEqual(["scoala", "gimnaziala", "targu-mures", "tandarei"]);
    expect(searchWords("Î â ț ș")).toEqual(["i", "a", "t", "s"]);
  });

  it("is no words when absent or blank", () => {
    expect(searchWords(undefined)).toEqual([]);
    expect(searchWords(" \t ")).toEqual([]);
  });

  it("finds a word anywhere, LIKE's wildcards and escape taken literally", () => {
    expect(containing("nr")).toBe("%nr%");
    expect(containing("100%_a\\b")).toBe("%100\\%\\_a\\\\b%");
  });
});
