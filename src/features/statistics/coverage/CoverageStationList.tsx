import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "@xstate/react";
import { Link, useSearchParams } from "react-router";
import { useApi } from "../../../api/api-context";
import { resourceMachine } from "../../../shared/machines/resource.machine";
import { selectIsLoading, selectIsRefreshing, selectLoadError } from "../../../shared/machines/resource.selectors";
import { paths } from "../../../shared/paths";
import { usePageActor } from "../../../shared/use-page-actor";
import { ListLoadError } from "../../../shared/ui/ListLoadError";
import { ListLoading } from "../../../shared/ui/ListLoading";
import { ListPagination } from "../../../shared/ui/ListPagination";
import { createCoverageStationsLoader, type CoverageStationsQuery } from "./coverage.actors";
import { CoverageLoadErrorText } from "./coverage.load-error";
import { stationListTitle } from "./coverage.messages";
import { selectCoverageStationList } from "./coverage.selectors";
import { pageFromSearch, STATIONS_PAGE_SIZE } from "./coverage.url";
import { CoverageAsOf } from "./CoverageAsOf";
import { CoverageStationNotFound } from "./CoverageStationNotFound";
import { CoverageStationTable } from "./CoverageStationTable";
import { listsAssignedObservers, observerIdsOf } from "./coverage-stations";

/**
 * The stations behind one number, loaded whole (a county has at most about 1,300) and shown 20 a page, the page in
 * the URL query. "Notify these observers" chooses the observers of every listed station, on every page: the
 * coordinator acts on the number clicked, not on the 20 rows in view.
 */
export function CoverageStationList({ query }: { query: CoverageStationsQuery }) {
  const api = useApi();
  const { i18n } = useLingui();
  const [search, setSearch] = useSearchParams();
  const list = usePageActor(resourceMachine, createCoverageStationsLoader(api, query));
  const loading = useSelector(list, selectIsLoading);
  const refreshing = useSelector(list, selectIsRefreshing);
  const error = useSelector(list, selectLoadError);
  const data = useSelector(list, selectCoverageStationList);

  if (error?.code === "not_found") return <CoverageStationNotFound />;
  if (error) return <ListLoadError reason={<CoverageLoadErrorText error={error} />} onRetry={() => list.send({ type: "resource.retry" })} />;
  if (loading || !data) return <ListLoading />;

  const lastPage = Math.max(1, Math.ceil(data.stations.length / STATIONS_PAGE_SIZE));
  const page = Math.min(pageFromSearch(search), lastPage);
  const shown = data.stations.slice((page - 1) * STATIONS_PAGE_SIZE, page * STATIONS_PAGE_SIZE);
  const goTo = (next: number) =>
    setSearch((current) => {
      const params = new URLSearchParams(current);
      params.set("page", String(next));
      return params;
    });
  const observerIds = observerIdsOf(data.stations);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>
            {stationListTitle(i18n, query.measure, data.countyName, query.silentMinutes)}{" "}
            <Text span inherit c="dimmed" data-testid="coverage-station-total">
              ({i18n.number(data.totalItems)})
            </Text>
          </Title>
          <CoverageAsOf asOf={data.asOf} refreshing={refreshing} />
        </div>
        {observerIds.length > 0 ? (
          <Button component={Link} to={paths.notifications.href(observerIds)} data-testid="coverage-notify">
            <Trans comment="Button: open the notification composer with the observers of the listed stations chosen">Notify these observers</Trans>
          </Button>
        ) : (
          <Button disabled data-testid="coverage-notify">
            <Trans comment="Button: open the notification composer with the observers of the listed stations chosen">Notify these observers</Trans>
          </Button>
        )}
      </Group>
      {data.stations.length === 0 ? (
        <Text>
          <Trans>No polling station counts here right now.</Trans>
        </Text>
      ) : (
        <>
          <CoverageStationTable stations={shown} assigned={listsAssignedObservers(query.measure)} />
          <ListPagination
            from={(page - 1) * STATIONS_PAGE_SIZE + 1}
            to={(page - 1) * STATIONS_PAGE_SIZE + shown.length}
            total={data.stations.length}
            canGoPrevious={page > 1}
            canGoNext={page < lastPage}
            onPrevious={() => goTo(page - 1)}
            onNext={() => goTo(page + 1)}
            onRefresh={() => list.send({ type: "resource.reload" })}
            refreshing={refreshing}
          />
        </>
      )}
    </Stack>
  );
}
