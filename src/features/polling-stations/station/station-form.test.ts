import { describe, expect, it } from "vitest";
import type { PollingStation } from "../polling-stations.types";
import { EMPTY_STATION_FORM, formValuesOf, stationWithStatus, toStationInput, validateStationForm } from "./station-form";

const station: PollingStation = {
  id: 42,
  countyCode: "CJ",
  countyName: "Cluj",
  number: 665,
  locality: "Cluj-Napoca",
  institution: "Școala Gimnazială „Ion Agârbiceanu”",
  address: null,
  registeredVoters: 1420,
  latitude: 46.7712,
  longitude: 23.6236,
  status: "retired",
  updatedAt: "2026-11-20T10:00:00Z",
};

describe("validateStationForm", () => {
  it("requires the county and the number, and nothing else", () => {
    expect(validateStationForm(EMPTY_STATION_FORM)).toEqual({ countyCode: "required", number: "required" });
    expect(validateStationForm({ ...EMPTY_STATION_FORM, countyCode: "CJ", number: " 12 " })).toEqual({});
  });

  it("takes whole numbers within PostgreSQL's integer: a station number from 1, voters from 0", () => {
    const base = { ...EMPTY_STATION_FORM, countyCode: "CJ" };
    expect(validateStationForm({ ...base, number: "0", registeredVoters: "0" })).toEqual({ number: "positive_integer" });
    expect(validateStationForm({ ...base, number: "2147483648", registeredVoters: "-3" })).toEqual({ number: "positive_integer", registeredVoters: "whole_number" });
    expect(validateStationForm({ ...base, number: "1.5", registeredVoters: "1e3" })).toEqual({ number: "positive_integer", registeredVoters: "whole_number" });
  });

  it("takes coordinates with a point or a comma, within the globe", () => {
    const base = { ...EMPTY_STATION_FORM, countyCode: "CJ", number: "1" };
    expect(validateStationForm({ ...base, latitude: "46,77", longitude: "-23.5" })).toEqual({});
    expect(validateStationForm({ ...base, latitude: "90.5", longitude: "181" })).toEqual({ latitude: "latitude_range", longitude: "longitude_range" });
    expect(validateStationForm({ ...base, latitude: "north", longitude: "1.2.3" })).toEqual({ latitude: "number_format", longitude: "number_format" });
  });
});

describe("toStationInput", () => {
  it("sends every fact, an empty one as null, numbers as numbers and the status the draft carries", () => {
    const values = { ...formValuesOf(station), address: "  ", latitude: "46,5", status: "retired" };
    expect(toStationInput(values)).toEqual({
      countyCode: "CJ",
      number: 665,
      locality: "Cluj-Napoca",
      institution: "Școala Gimnazială „Ion Agârbiceanu”",
      address: null,
      registeredVoters: 1420,
      latitude: 46.5,
      longitude: 23.6236,
      status: "retired",
    });
  });

  it("sends no status for a new station", () => {
    expect(toStationInput({ ...EMPTY_STATION_FORM, countyCode: "B", number: "3", status: "" })).toEqual({
      countyCode: "B",
      number: 3,
      locality: null,
      institution: null,
      address: null,
      registeredVoters: null,
      latitude: null,
      longitude: null,
    });
  });

  it("brings a station back with the same facts", () => {
    expect(stationWithStatus(station, "active")).toEqual({ ...toStationInput({ ...formValuesOf(station) }), status: "active" });
  });
});
