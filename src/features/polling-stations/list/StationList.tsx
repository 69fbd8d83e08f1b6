import { useEffect } from "react";
import { Stack } from "@mantine/core";
import { useSelector } from "@xstate/react";
import { useNavigate, useSearchParams } from "react-router";
import { useApi } from "../../../api/api-context";
import { useCurrentAccount } from "../../../shared/account/account-context";
import { listMachine, type ListFilter } from "../../../shared/machines/list.machine";
import { selectFilter, selectTotalItems } from "../../../shared/machines/list.selectors";
import { resourceMachine } from "../../../shared/machines/resource.machine";
import { selectIsLoading as selectCountiesLoading } from "../../../shared/machines/resource.selectors";
import { ListLoading } from "../../../shared/ui/ListLoading";
import { usePageActor } from "../../../shared/use-page-actor";
import { createCountyActors, selectCounties } from "../counties.actors";
import { createStationListActors } from "./station-list.actors";
import { STATION_LIST_INPUT } from "./station-list.config";
import { filterFromSearch, isEmptyFilter, stationsHref } from "./station-list.url";
import { StationFilters } from "./StationFilters";
import { StationListHeader } from "./StationListHeader";
import { StationResults } from "./StationResults";

/**
 * /sectii: the polling-station registry, filtered by county, number, place and status, a page at a time. The filter
 * lives in the URL query (shareable, kept on reload and by Back); the list machine follows it.
 */
export function StationList() {
  const api = useApi();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const urlFilter = filterFromSearch(searchParams);
  // The effect below and the form's key depend on this normalized address, not on the object rebuilt every render.
  const href = stationsHref(urlFilter);
  const list = usePageActor(listMachine, createStationListActors(api), { input: { ...STATION_LIST_INPUT, initialFilter: urlFilter } });
  const appliedFilter = useSelector(list, selectFilter);
  const total = useSelector(list, selectTotalItems);
  const counties = usePageActor(resourceMachine, createCountyActors(api));
  const countyOptions = useSelector(counties, selectCounties);
  const countiesLoading = useSelector(counties, selectCountiesLoading);
  const organizer = useCurrentAccount().organizer;

  // The URL is the filter's source of truth: a link, a reload or Back sets it, and the list loads page 1 of it.
  useEffect(() => {
    const filter = filterFromSearch(new URLSearchParams(href.split("?")[1]));
    if (stationsHref(list.getSnapshot().context.query.filter) === href) return;
    list.send(isEmptyFilter(filter) ? { type: "filter.reset" } : { type: "filter.submit", filter });
  }, [list, href]);

  const show = (filter: ListFilter) => void navigate(stationsHref(filter));
  const applyFilter = (filter: ListFilter) => {
    // The same filter again leaves the URL as it is: page 1 is loaded here instead of by the URL's change.
    if (stationsHref(filter) === href) list.send({ type: "filter.submit", filter });
    show(filter);
  };

  return (
    <Stack gap="md">
      <StationListHeader total={total} organizer={organizer} />
      <StationFilters key={href} applied={urlFilter} counties={countyOptions} countiesLoading={countiesLoading} onSubmit={applyFilter} onReset={() => show({})} />
      {/* Until the effect above hands the address's filter to the list, its rows are the previous filter's. */}
      {stationsHref(appliedFilter) === href ? <StationResults list={list} filtered={!isEmptyFilter(appliedFilter)} /> : <ListLoading />}
    </Stack>
  );
}
