import type { components } from "../../api/schema";

export type PollingStation = components["schemas"]["PollingStation"];
export type PollingStationStatus = components["schemas"]["PollingStationStatus"];
export type County = components["schemas"]["County"];
/** An observer assigned to a station or present there (an arrival, answers or a note). */
export type StationObserver = components["schemas"]["StationObserver"];
/** A column of the import file (and of the export): the station's facts by their template names. */
export type StationImportField = components["schemas"]["StationImportField"];
