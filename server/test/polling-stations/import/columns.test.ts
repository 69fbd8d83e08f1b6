import { describe, expect, it } from "vitest";
import { recognizeColumns } from "../../../src/polling-stations/import/columns.ts";
import { ProblemError } from "../../../src/problem.ts";

function problemOf(recognize: () => unknown) {
  try {
    recognize();
  } catch (error) {
    expect(error).toBeInstanceOf(ProblemError);
    return (error as ProblemError).body;
  }
  throw new Error("recognised the columns");
}

describe(recognizeColumns.name, () => {
  it("recognises the template's columns in any order and case", () => {
    const headers = ["Number", "COUNTY", "locality", "Institution", "address", "REGISTEREDVOTERS", "Latitude", "longitude", "status"];
    expect(recognizeColumns(headers, {})).toEqual({
      number: 0,
      county: 1,
      locality: 2,
      institution: 3,
      address: 4,
      registeredVoters: 5,
      latitude: 6,
      longitude: 7,
      status: 8,
    });
  });

  it("recognises the official list's Romanian headers with comma or cedilla diacritics, or none, dots and spaces aside", () => {
    const official = { county: 0, number: 1, locality: 2, institution: 3, address: 4, registeredVoters: 5 };
    expect(recognizeColumns(["Județ", "Nr. SV", "Localitate", "Sediu", "Adresă", "Număr alegători"], {})).toEqual(official);
    expect(recognizeColumns(["Judeţ", "Număr secţie", "Localitate", "Sediu", "Adresă", "Nr. alegători"], {})).toEqual(official);
    expect(recognizeColumns(["JUDET", " nr.  sectie ", "LOCALITATE", "SEDIU", "ADRESA", "NUMAR ALEGATORI"], {})).toEqual(official);
    expect(recognizeColumns(["judet", "Nr SV", "localitate", "sediu", "adresa", "nr.alegatori"], {})).toEqual(official);
  });

  it("ignores headers it does not know", () => {
    expect(recognizeColumns(["Nr. crt.", "Județ", "Nr. SV", "Observații"], {})).toEqual({ county: 1, number: 2 });
  });

  it("takes the mapping for headers it does not know", () => {
    expect(recognizeColumns(["Cod jud.", "Secția", "Oraș"], { county: "Cod jud.", number: "Secția", locality: "Oraș" })).toEqual({
      county: 0,
      number: 1,
      locality: 2,
    });
  });

  it("lets the mapping win over recognition, a header holding one field", () => {
    expect(recognizeColumns(["county", "number", "Sediu", "Adresă"], { address: "Sediu", institution: "Adresă" })).toEqual({
      county: 0,
      number: 1,
      address: 2,
      institution: 3,
    });
  });

  it("matches a mapped header however it is spelled, when not written exactly", () => {
    expect(recognizeColumns(["Cod Județ", "Secția"], { county: "cod judet", number: "SECȚIA" })).toEqual({ county: 0, number: 1 });
  });

  it("answers columns_unrecognised with the file's headers and what it found when the county or number is missing", () => {
    expect(problemOf(() => recognizeColumns(["Cod", "Secția", "Localitate", "Adresă"], {}))).toEqual({
      type: "urn:problem:columns-unrecognised",
      title: "Unprocessable Content",
      status: 422,
      code: "columns_unrecognised",
      detail: "The file's columns were not recognised: no column was recognised as county or number. Map the file's headers to the fields.",
      headers: ["Cod", "Secția", "Localitate", "Adresă"],
      found: { locality: "Localitate", address: "Adresă" },
    });
  });

  it("answers columns_unrecognised when the mapping names a header the file lacks", () => {
    expect(problemOf(() => recognizeColumns(["Județ", "Nr. SV", "Oraș"], { locality: "Localitatea" }))).toMatchObject({
      code: "columns_unrecognised",
      detail: 'The file\'s columns were not recognised: the file has no column "Localitatea" for locality. Map the file\'s headers to the fields.',
      headers: ["Județ", "Nr. SV", "Oraș"],
      found: { county: "Județ", number: "Nr. SV" },
    });
  });
});
