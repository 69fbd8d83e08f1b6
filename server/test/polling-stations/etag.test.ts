import { describe, expect, it } from "vitest";
import { etagOf, matchesEtag } from "../../src/polling-stations/etag.ts";

describe("the registry's ETag", () => {
  const etag = etagOf("418");

  it("is the version, quoted", () => expect(etag).toBe('"418"'));

  it.each([
    ['"418"', true],
    ['W/"418"', true],
    ['"417", "418"', true],
    ["*", true],
    ['"417"', false],
    ["418", false],
    ['"4180"', false],
    ["", false],
  ])("If-None-Match %j matches: %s", (header, expected) => expect(matchesEtag(header, etag)).toBe(expected));

  it("does not match without If-None-Match", () => expect(matchesEtag(null, etag)).toBe(false));
});
