import type { ListFilter, ListInput } from "../../../shared/machines/list.machine";
import { POLLING_STATION_QUERY_FIELDS } from "../../../shared/paths";

/** The filter fields, named as in the URL query and in listPollingStations: `county` a code, `status` active or retired. */
export const STATION_FILTER_FIELDS = POLLING_STATION_QUERY_FIELDS;

export const EMPTY_STATION_FILTER: ListFilter = Object.fromEntries(STATION_FILTER_FIELDS.map((field) => [field, ""]));

export const STATION_STATUSES = ["active", "retired"] as const;

/**
 * 50 stations a page (the contract's default): a county has up to a few hundred, so a county's list is a few pages.
 * County (in display order) then number is the server's only order.
 */
export const STATION_LIST_INPUT: ListInput = { pageSize: 50, emptyFilter: EMPTY_STATION_FILTER, sort: { by: "county", direction: "asc" } };

export const STATIONS_EXPORT_FILE_NAME = "polling-stations.csv";
