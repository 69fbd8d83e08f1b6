import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { PollingStationStatus, StationImportField } from "./polling-stations.types";

/** The header's section and the list's title. */
export const pollingStationsLabel = msg({ id: "POLLING_STATIONS", message: "Polling stations", comment: "Header section and page title: the registry of polling stations" });

export const statusLabels: Record<PollingStationStatus, MessageDescriptor> = {
  active: msg({ message: "Active", context: "polling station", comment: "Status of a polling station: it takes observers' reports" }),
  retired: msg({ message: "Retired", context: "polling station", comment: "Status of a polling station: kept with its history, takes no reports" }),
};

/** A station's facts by their template names, as the list, the station page, the form and the import name them. */
export const fieldLabels: Record<StationImportField, MessageDescriptor> = {
  county: msg({ message: "County", comment: "Label: the county of the polling station" }),
  number: msg({ message: "Number", comment: "Label: the number of a polling station within its county" }),
  locality: msg({ message: "Locality", comment: "Label: the town or village of a polling station" }),
  institution: msg({ message: "Institution", comment: "Label: the building a polling station is in, e.g. a school" }),
  address: msg({ message: "Address", comment: "Label: the street address of a polling station" }),
  registeredVoters: msg({ message: "Registered voters", comment: "Label: how many voters are on the polling station's lists" }),
  latitude: msg({ message: "Latitude", comment: "Label: the polling station's geographic latitude" }),
  longitude: msg({ message: "Longitude", comment: "Label: the polling station's geographic longitude" }),
};
