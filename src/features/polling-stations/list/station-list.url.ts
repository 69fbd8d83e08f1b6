import type { ListFilter } from "../../../shared/machines/list.machine";
import { paths } from "../../../shared/paths";
import { EMPTY_STATION_FILTER, STATION_FILTER_FIELDS, STATION_STATUSES } from "./station-list.config";

const MAX_STATION_NUMBER = 2_147_483_647;
const MAX_SEARCH_LENGTH = 200;

/** A county code as the contract spells it (`CJ`, `B`, `D`). */
export const isCountyCode = (value: string) => /^[A-Z]{1,2}$/.test(value);

/** A station number the contract takes: a whole number from 1 up. */
export const isStationNumber = (value: string) => /^[1-9]\d{0,9}$/.test(value) && Number(value) <= MAX_STATION_NUMBER;

const isStatus = (value: string) => (STATION_STATUSES as readonly string[]).includes(value);

/**
 * The filter a URL query holds, with what the contract would refuse left out (a county that is not a code, a number
 * that is not a station number, an unknown status, an over-long search). Unknown parameters are ignored.
 */
export function filterFromSearch(search: URLSearchParams): ListFilter {
  const read = (field: string) => search.get(field)?.trim() ?? "";
  const county = read("county").toUpperCase();
  return {
    ...EMPTY_STATION_FILTER,
    county: isCountyCode(county) ? county : "",
    number: isStationNumber(read("number")) ? read("number") : "",
    search: read("search").slice(0, MAX_SEARCH_LENGTH),
    status: isStatus(read("status")) ? read("status") : "",
  };
}

/** The registry's address for a filter (its empty fields left out, in a fixed order): equal filters, equal addresses. */
export const stationsHref = (filter: ListFilter) => paths.pollingStations.href(filter);

/** Nothing filters the registry. */
export const isEmptyFilter = (filter: ListFilter) => STATION_FILTER_FIELDS.every((field) => !filter[field]?.trim());
