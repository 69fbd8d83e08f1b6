import { describe, expect, it } from "vitest";
import type { RegistryDiff, StationUpdate } from "../../../src/polling-stations/import/diff.ts";
import type { County, FileStation } from "../../../src/polling-stations/import/fields.ts";
import { importResult } from "../../../src/polling-stations/import/summary.ts";

/** In display order: the diaspora first, then Alba, Cluj. */
const COUNTIES: County[] = [
  { id: 1, code: "D", name: "Diaspora", diaspora: true },
  { id: 2, code: "AB", name: "Alba", diaspora: false },
  { id: 15, code: "CJ", name: "Cluj", diaspora: false },
];
const blank = { locality: null, institution: null, address: null, registeredVoters: null, latitude: null, longitude: null };
const added = (countyId: number, number: number): FileStation => ({ line: 2, countyId, number, ...blank, status: "active" });
const update = (countyId: number, number: number, fields: Partial<StationUpdate> = {}): StationUpdate => ({
  id: number,
  countyId,
  number,
  ...blank,
  status: "active",
  changes: [],
  reactivated: false,
  listed: true,
  ...fields,
});

describe(importResult.name, () => {
  it("counts every station and lists the first 200 of each kind in county display order, then number", () => {
    const stations = [
      ...Array.from({ length: 150 }, (_, index) => added(15, 150 - index)),
      ...Array.from({ length: 100 }, (_, index) => added(2, index + 1)),
      added(1, 7),
    ];
    const diff: RegistryDiff = { added: stations, changed: [], retired: [], unchanged: 3 };
    const result = importResult(diff, COUNTIES, { dryRun: true, version: "7" });
    expect(result).toMatchObject({ dryRun: true, added: 251, changed: 0, retired: 0, unchanged: 3, version: "7", diff: { changed: [], retired: [] } });
    expect(result.diff.added).toHaveLength(200);
    expect(result.diff.added.slice(0, 3)).toEqual([
      { countyCode: "D", number: 7, locality: null, institution: null, changes: [] },
      { countyCode: "AB", number: 1, locality: null, institution: null, changes: [] },
      { countyCode: "AB", number: 2, locality: null, institution: null, changes: [] },
    ]);
    expect(result.diff.added.at(-1)).toMatchObject({ countyCode: "CJ", number: 99 });
  });

  it("lists a changed station with its changes and whether it came back, a retired one with its facts", () => {
    const changes = [{ field: "locality" as const, before: "Dej", after: "Gherla" }];
    const diff: RegistryDiff = {
      added: [],
      changed: [update(15, 2, { locality: "Gherla", changes }), update(15, 1, { reactivated: true })],
      retired: [update(2, 4, { locality: "Aiud", institution: "Școala", status: "retired", listed: false })],
      unchanged: 0,
    };
    expect(importResult(diff, COUNTIES, { dryRun: false, version: "9" })).toEqual({
      dryRun: false,
      added: 0,
      changed: 2,
      retired: 1,
      unchanged: 0,
      version: "9",
      diff: {
        added: [],
        changed: [
          { countyCode: "CJ", number: 1, locality: null, institution: null, changes: [], reactivated: true },
          { countyCode: "CJ", number: 2, locality: "Gherla", institution: null, changes, reactivated: false },
        ],
        retired: [{ countyCode: "AB", number: 4, locality: "Aiud", institution: "Școala", changes: [] }],
      },
    });
  });
});
