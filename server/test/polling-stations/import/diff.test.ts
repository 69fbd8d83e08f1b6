import { describe, expect, it } from "vitest";
import { diffRegistry } from "../../../src/polling-stations/import/diff.ts";
import { FACT_FIELDS, type CurrentStation, type FactField, type FileStation } from "../../../src/polling-stations/import/fields.ts";

const EVERY_FACT: ReadonlySet<FactField> = new Set(FACT_FIELDS);
const facts = { locality: "Dej", institution: "Școala nr. 1", address: "Str. Unirii 2", registeredVoters: 1530, latitude: 47.14, longitude: 23.87 };
/** A station of the registry, of Cluj unless said otherwise. */
const current = (id: number, number: number, fields: Partial<CurrentStation> = {}): CurrentStation => ({
  id,
  countyId: 15,
  number,
  ...facts,
  status: "active",
  ...fields,
});
/** A row of the file, of Cluj unless said otherwise. */
const listed = (number: number, fields: Partial<FileStation> = {}): FileStation => ({
  line: number + 1,
  countyId: 15,
  number,
  ...facts,
  status: "active",
  ...fields,
});

describe(diffRegistry.name, () => {
  it("adds the stations the registry lacks and counts the same ones as unchanged", () => {
    const diff = diffRegistry([listed(1), listed(2), listed(3, { countyId: 1 })], [current(10, 1), current(11, 1, { countyId: 1 })], EVERY_FACT, false);
    expect(diff).toEqual({ added: [listed(2), listed(3, { countyId: 1 })], changed: [], retired: [], unchanged: 1 });
  });

  it("lists exactly the facts that differ, before and after as text", () => {
    const edited = listed(1, { address: "Str. Unirii 4", registeredVoters: null, latitude: 47.15 });
    const diff = diffRegistry([edited], [current(10, 1)], EVERY_FACT, true);
    expect(diff.changed).toEqual([
      {
        id: 10,
        countyId: 15,
        number: 1,
        ...facts,
        address: "Str. Unirii 4",
        registeredVoters: null,
        latitude: 47.15,
        status: "active",
        changes: [
          { field: "address", before: "Str. Unirii 2", after: "Str. Unirii 4" },
          { field: "registeredVoters", before: "1530", after: null },
          { field: "latitude", before: "47.14", after: "47.15" },
        ],
        reactivated: false,
        listed: true,
      },
    ]);
    expect(diff.unchanged).toBe(0);
  });

  it("keeps the facts of columns the file lacks, comparing only the others", () => {
    const present: ReadonlySet<FactField> = new Set(["locality", "institution", "address", "registeredVoters"]);
    const diff = diffRegistry([listed(1, { latitude: null, longitude: null })], [current(10, 1)], present, true);
    expect(diff).toMatchObject({ changed: [], unchanged: 1 });
    const moved = diffRegistry([listed(1, { locality: "Gherla", latitude: null, longitude: null })], [current(10, 1)], present, true);
    expect(moved.changed).toMatchObject([
      { locality: "Gherla", latitude: 47.14, longitude: 23.87, changes: [{ field: "locality", before: "Dej", after: "Gherla" }] },
    ]);
  });

  it("brings back a retired station the file lists, as a change, even with the same facts", () => {
    const diff = diffRegistry([listed(1)], [current(10, 1, { status: "retired" })], EVERY_FACT, true);
    expect(diff.changed).toEqual([{ ...current(10, 1), changes: [], reactivated: true, listed: true }]);
    expect(diff.unchanged).toBe(0);
  });

  it("retires active stations the file does not list only with retireMissing, leaving retired ones out", () => {
    const registry = [current(10, 1), current(11, 2), current(12, 3, { status: "retired" })];
    expect(diffRegistry([listed(1)], registry, EVERY_FACT, true)).toEqual({
      added: [],
      changed: [],
      retired: [{ ...current(11, 2), status: "retired", changes: [], reactivated: false, listed: false }],
      unchanged: 1,
    });
    expect(diffRegistry([listed(1)], registry, EVERY_FACT, false)).toEqual({ added: [], changed: [], retired: [], unchanged: 1 });
  });

  it("follows the export's status column: a station listed as retired retires, and a retired one stays so", () => {
    const registry = [current(10, 1), current(11, 2, { status: "retired" })];
    const file = [1, 2, 3].map((number) => listed(number, { status: "retired" }));
    expect(diffRegistry(file, registry, EVERY_FACT, true)).toEqual({
      added: [listed(3, { status: "retired" })],
      changed: [],
      retired: [{ ...current(10, 1), status: "retired", changes: [], reactivated: false, listed: true }],
      unchanged: 1,
    });
  });
});
